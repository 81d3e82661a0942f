from enum import StrEnum

class JobStatusInState(StrEnum):
    DONE = "done"
    FAILED = "failed"
    READY = "ready"
    RUNNING = "running"

    def __str__(self) -> str:
        return str(self.value)
