from enum import StrEnum

class CheckOutNoiseSource(StrEnum):
    RUNS = "runs"
    SERIES = "series"

    def __str__(self) -> str:
        return str(self.value)
