from enum import StrEnum

class InjectInAt(StrEnum):
    EVERY = "every"
    LOADED = "loaded"

    def __str__(self) -> str:
        return str(self.value)
