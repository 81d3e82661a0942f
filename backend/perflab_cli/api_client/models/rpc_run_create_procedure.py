from enum import StrEnum

class RpcRunCreateProcedure(StrEnum):
    ECHO = "echo"
    NULL = "null"
    SINK = "sink"
    WORK = "work"

    def __str__(self) -> str:
        return str(self.value)
