from enum import StrEnum

class RpcRunParamsArrival(StrEnum):
    CLOSED = "closed"
    CONSTANT = "constant"
    POISSON = "poisson"

    def __str__(self) -> str:
        return str(self.value)
