from enum import StrEnum

class RpcRunCreateCacheItem(StrEnum):
    PER_THREAD = "per-thread"
    SINGLE = "single"
