from enum import StrEnum

class ReadRunsApiRunsGetSort(StrEnum):
    CALLS = "calls"
    CREATED_AT = "created_at"
    FINISHED_AT = "finished_at"
    ID = "id"
    KIND = "kind"
    NAME = "name"
    STATUS = "status"
