from enum import StrEnum

class InjectInAt(StrEnum):
    EVERY = "every"
    LOADED = "loaded"
