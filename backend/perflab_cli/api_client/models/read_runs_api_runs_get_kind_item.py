from enum import StrEnum

class ReadRunsApiRunsGetKindItem(StrEnum):
    FLOWS = "flows"
    PINGPONG = "pingpong"
    RPC = "rpc"
    STREAM = "stream"
