from enum import StrEnum

class ExportTraceApiRunsRunIdTraceJsonGetCompress(StrEnum):
    GZIP = "gzip"
    NONE = "none"
