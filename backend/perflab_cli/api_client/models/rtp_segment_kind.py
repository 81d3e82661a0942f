from enum import StrEnum

class RtpSegmentKind(StrEnum):
    GAP = "gap"
    STEP = "step"
    TRANSIT = "transit"

    def __str__(self) -> str:
        return str(self.value)
