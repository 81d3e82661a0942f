from enum import StrEnum

class ReadTimelineApiRunsRunIdTimelineGetFormat(StrEnum):
    BINARY = "binary"
    JSON = "json"

    def __str__(self) -> str:
        return str(self.value)
