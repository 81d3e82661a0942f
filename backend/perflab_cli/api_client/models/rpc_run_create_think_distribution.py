from enum import StrEnum

class RpcRunCreateThinkDistribution(StrEnum):
    CONSTANT = "constant"
    EXPONENTIAL = "exponential"
