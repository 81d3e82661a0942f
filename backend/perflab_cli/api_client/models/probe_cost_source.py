from enum import StrEnum

class ProbeCostSource(StrEnum):
    CLOCK_GETTIME = "clock_gettime"
    TSC = "tsc"

    def __str__(self) -> str:
        return str(self.value)
