from enum import StrEnum

class PingpongRunCreateArrival(StrEnum):
    CLOSED = "closed"
    CONSTANT = "constant"
    POISSON = "poisson"
