from enum import StrEnum

class RpcRunCreateTransport(StrEnum):
    TCP = "tcp"
    UDP = "udp"

    def __str__(self) -> str:
        return str(self.value)
