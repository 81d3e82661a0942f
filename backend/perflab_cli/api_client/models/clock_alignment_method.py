from enum import StrEnum

class ClockAlignmentMethod(StrEnum):
    FITTED = "fitted"
    SAME_HOST = "same-host"
    UNKNOWN = "unknown"

    def __str__(self) -> str:
        return str(self.value)
