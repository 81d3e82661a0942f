from enum import StrEnum

class MvaInMethod(StrEnum):
    EXACT = "exact"
    SCHWEITZER = "schweitzer"

    def __str__(self) -> str:
        return str(self.value)
