"""The probe clock and probe cost an agent measures at start-up and sends with every job status,
so analyses can subtract what the measuring itself costs (agents/src/pl_clock.h)."""

from typing import Literal

from pydantic import BaseModel, Field


class ProbeCost(BaseModel):
    source: Literal["tsc", "clock_gettime"]
    probe_ns: float = Field(ge=0, le=1e6)  # one step probe: two clock reads + the record store
    clock_read_ns: float = Field(ge=0, le=1e6)
    clock_gettime_ns: float = Field(ge=0, le=1e6)
    tsc_hz: float = Field(default=0, ge=0)  # 0 when the clock is clock_gettime


class RunProbe(BaseModel):
    """GET /api/runs/{id}/probe: each side's probe clock, null until that agent reported."""

    client: ProbeCost | None
    server: ProbeCost | None
