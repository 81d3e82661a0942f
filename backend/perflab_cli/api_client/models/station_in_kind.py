from enum import StrEnum

class StationInKind(StrEnum):
    DELAY = "delay"
    QUEUE = "queue"

    def __str__(self) -> str:
        return str(self.value)
