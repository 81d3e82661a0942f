from enum import StrEnum

class ClockResultSource(StrEnum):
    CALLS = "calls"
    STEPS = "steps"

    def __str__(self) -> str:
        return str(self.value)
