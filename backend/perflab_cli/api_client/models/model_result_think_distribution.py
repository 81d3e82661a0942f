from enum import StrEnum

class ModelResultThinkDistribution(StrEnum):
    CONSTANT = "constant"
    EXPONENTIAL = "exponential"

    def __str__(self) -> str:
        return str(self.value)
