from enum import StrEnum

class ReadRunsApiRunsGetOrder(StrEnum):
    ASC = "asc"
    DESC = "desc"
