from enum import StrEnum

class ReadRunsApiRunsGetKindItem(StrEnum):
    FLOWS = "flows"
    PINGPONG = "pingpong"
    RPC = "rpc"
    STREAM = "stream"

    def __str__(self) -> str:
        return str(self.value)
