from enum import StrEnum

class CheckOutVerdict(StrEnum):
    IMPROVEMENT = "improvement"
    INCONCLUSIVE = "inconclusive"
    NO_CHANGE = "no_change"
    REGRESSION = "regression"

    def __str__(self) -> str:
        return str(self.value)
