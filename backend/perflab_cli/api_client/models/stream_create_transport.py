from enum import StrEnum

class StreamCreateTransport(StrEnum):
    TCP = "tcp"
    UDP = "udp"
