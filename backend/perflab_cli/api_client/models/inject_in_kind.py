from enum import StrEnum

class InjectInKind(StrEnum):
    DELAY = "delay"
    LOCK = "lock"
    SERIAL = "serial"
