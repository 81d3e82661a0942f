from enum import StrEnum

class ModelVerdictLevel(StrEnum):
    APPLIES = "applies"
    DOUBTFUL = "doubtful"
    NOT_JUDGED = "not_judged"

    def __str__(self) -> str:
        return str(self.value)
