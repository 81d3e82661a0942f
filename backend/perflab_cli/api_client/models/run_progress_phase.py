from enum import StrEnum

class RunProgressPhase(StrEnum):
    CANCELLED = "cancelled"
    DONE = "done"
    FAILED = "failed"
    MEASURING = "measuring"
    NOISE_FLOOR = "noise_floor"
    QUEUED = "queued"

    def __str__(self) -> str:
        return str(self.value)
