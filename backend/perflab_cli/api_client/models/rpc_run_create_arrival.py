from enum import StrEnum

class RpcRunCreateArrival(StrEnum):
    CLOSED = "closed"
    CONSTANT = "constant"
    POISSON = "poisson"
