from enum import StrEnum

class PeerClockRole(StrEnum):
    CLIENT = "client"
    SERVER = "server"

    def __str__(self) -> str:
        return str(self.value)
