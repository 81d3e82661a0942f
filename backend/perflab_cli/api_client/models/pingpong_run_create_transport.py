from enum import StrEnum

class PingpongRunCreateTransport(StrEnum):
    TCP = "tcp"
    UDP = "udp"
