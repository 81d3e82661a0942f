from enum import StrEnum

class MvaOutMethod(StrEnum):
    EXACT = "exact"
    SCHWEITZER = "schweitzer"

    def __str__(self) -> str:
        return str(self.value)
