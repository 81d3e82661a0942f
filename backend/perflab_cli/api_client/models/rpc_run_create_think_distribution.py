from enum import StrEnum

class RpcRunCreateThinkDistribution(StrEnum):
    CONSTANT = "constant"
    EXPONENTIAL = "exponential"

    def __str__(self) -> str:
        return str(self.value)
