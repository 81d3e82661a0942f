from enum import StrEnum

class RpcRunParamsThinkDistribution(StrEnum):
    CONSTANT = "constant"
    EXPONENTIAL = "exponential"

    def __str__(self) -> str:
        return str(self.value)
