from enum import StrEnum

class RpcRunCreateCacheItem(StrEnum):
    PER_THREAD = "per-thread"
    SINGLE = "single"

    def __str__(self) -> str:
        return str(self.value)
