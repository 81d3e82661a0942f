from enum import StrEnum

class DemandKind(StrEnum):
    DELAY = "delay"
    QUEUE = "queue"

    def __str__(self) -> str:
        return str(self.value)
