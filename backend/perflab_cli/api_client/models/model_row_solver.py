from enum import StrEnum

class ModelRowSolver(StrEnum):
    EXACT = "exact"
    RESIDUAL = "residual"
    SIMULATION = "simulation"

    def __str__(self) -> str:
        return str(self.value)
