from enum import StrEnum

class FlowsCreateMode(StrEnum):
    PROCESSES = "processes"
    THREADS = "threads"
