from enum import StrEnum

class RunLinkEmulationType0(StrEnum):
    NONE = "none"
    SHAPED = "shaped"
    WIRE = "wire"

    def __str__(self) -> str:
        return str(self.value)
