from enum import StrEnum

class RpcRunCreateTransport(StrEnum):
    TCP = "tcp"
    UDP = "udp"
