from enum import StrEnum

class RpcRunCreateProcedure(StrEnum):
    ECHO = "echo"
    NULL = "null"
    SINK = "sink"
    WORK = "work"
