from enum import StrEnum

class ReadRunsApiRunsGetStatusItem(StrEnum):
    CANCELLED = "cancelled"
    DONE = "done"
    FAILED = "failed"
    QUEUED = "queued"
    RUNNING = "running"
