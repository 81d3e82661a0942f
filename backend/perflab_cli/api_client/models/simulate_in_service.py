from enum import StrEnum

class SimulateInService(StrEnum):
    CONSTANT = "constant"
    EXPONENTIAL = "exponential"

    def __str__(self) -> str:
        return str(self.value)
