from enum import StrEnum

class SweepInMethod(StrEnum):
    EXACT = "exact"
    SCHWEITZER = "schweitzer"

    def __str__(self) -> str:
        return str(self.value)
