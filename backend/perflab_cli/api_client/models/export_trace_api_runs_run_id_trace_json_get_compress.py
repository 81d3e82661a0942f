from enum import StrEnum

class ExportTraceApiRunsRunIdTraceJsonGetCompress(StrEnum):
    GZIP = "gzip"
    NONE = "none"

    def __str__(self) -> str:
        return str(self.value)
