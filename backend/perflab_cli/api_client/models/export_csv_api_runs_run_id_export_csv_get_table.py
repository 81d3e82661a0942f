from enum import StrEnum

class ExportCsvApiRunsRunIdExportCsvGetTable(StrEnum):
    CALLS = "calls"
    DEMANDS = "demands"
    MODEL = "model"
    PACKETS = "packets"
    PERCENTILES = "percentiles"
    POINTS = "points"
    POINT_STEP_STATS = "point_step_stats"
    RTP = "rtp"
    RTP_SEGMENTS = "rtp_segments"
    STEPS = "steps"
    STEP_STATS = "step_stats"
    UNIT_COST = "unit_cost"
    UNIT_COST_SIZES = "unit_cost_sizes"
