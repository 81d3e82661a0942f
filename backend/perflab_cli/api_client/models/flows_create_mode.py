from enum import StrEnum

class FlowsCreateMode(StrEnum):
    PROCESSES = "processes"
    THREADS = "threads"

    def __str__(self) -> str:
        return str(self.value)
