from enum import StrEnum

class InjectInKind(StrEnum):
    DELAY = "delay"
    LOCK = "lock"
    SERIAL = "serial"

    def __str__(self) -> str:
        return str(self.value)
