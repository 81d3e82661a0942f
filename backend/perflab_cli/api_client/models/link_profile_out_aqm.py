from enum import StrEnum

class LinkProfileOutAqm(StrEnum):
    CODEL = "codel"
    DROP_TAIL = "drop-tail"

    def __str__(self) -> str:
        return str(self.value)
