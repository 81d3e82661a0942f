from enum import StrEnum

class RpcRunCreateProtectionItem(StrEnum):
    CONNECT = "connect"
    INTEGRITY = "integrity"
    NONE = "none"
    PKT = "pkt"
    PRIVACY = "privacy"
