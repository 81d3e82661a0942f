from enum import StrEnum

class StepChangeDirection(StrEnum):
    FASTER = "faster"
    SAME = "same"
    SLOWER = "slower"

    def __str__(self) -> str:
        return str(self.value)
