from enum import StrEnum

class LinkProfileOutEmulation(StrEnum):
    NONE = "none"
    SHAPED = "shaped"
    WIRE = "wire"

    def __str__(self) -> str:
        return str(self.value)
