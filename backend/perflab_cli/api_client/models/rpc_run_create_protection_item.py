from enum import StrEnum

class RpcRunCreateProtectionItem(StrEnum):
    CONNECT = "connect"
    INTEGRITY = "integrity"
    NONE = "none"
    PKT = "pkt"
    PRIVACY = "privacy"

    def __str__(self) -> str:
        return str(self.value)
