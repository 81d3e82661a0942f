from enum import StrEnum

class LinkProfileOutJitterDistribution(StrEnum):
    NORMAL = "normal"
    PARETO_NORMAL = "pareto-normal"
    TABLE = "table"
    UNIFORM = "uniform"

    def __str__(self) -> str:
        return str(self.value)
