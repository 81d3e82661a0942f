from enum import StrEnum

class ReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGetKind(StrEnum):
    CLOCK = "clock"
    DEMANDS = "demands"
    ECS = "ecs"
    LOAD = "load"
    MODEL_VS_MEASURED = "model_vs_measured"
    PACKETS = "packets"
    RTP = "rtp"
    STEP_STATS = "step_stats"
    TAILS = "tails"
    UNIT_COST = "unit_cost"

    def __str__(self) -> str:
        return str(self.value)
