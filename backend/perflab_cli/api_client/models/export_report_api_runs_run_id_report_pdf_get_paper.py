from enum import StrEnum

class ExportReportApiRunsRunIdReportPdfGetPaper(StrEnum):
    A4 = "a4"
    LETTER = "letter"
