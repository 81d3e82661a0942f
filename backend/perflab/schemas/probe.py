"""The probe clock and probe cost an agent measures at start-up and sends with every job status,
so analyses can subtract what the measuring itself costs (agents/src/core/pl_clock.h)."""

from typing import Any, Literal

from pydantic import BaseModel, Field


class ProbeCost(BaseModel):
    source: Literal["tsc", "clock_gettime"]
    probe_ns: float = Field(ge=0, le=1e6)  # one step probe: two clock reads + the record store
    clock_read_ns: float = Field(ge=0, le=1e6)
    clock_gettime_ns: float = Field(ge=0, le=1e6)
    tsc_hz: float = Field(default=0, ge=0)  # 0 when the clock is clock_gettime
    drift_ns_per_s: float = 0  # the TSC clock against CLOCK_MONOTONIC since start-up (< 1000 expected)


class RunProbe(BaseModel):
    """GET /api/runs/{id}/probe: each side's probe clock (null until that agent reported) and results."""

    client: ProbeCost | None
    server: ProbeCost | None
    results: dict[str, dict[str, Any]] = {}  # job-level results by role (stream totals, clock exchange)


class RunThroughput(BaseModel):
    """GET /api/runs/{id}/throughput (stream runs): one entry per interval record of the sender."""

    start_ns: list[int]
    duration_ns: list[int]
    bytes: list[int]
    bytes_per_s: list[float]
    sent_bytes: int
    mean_bytes_per_s: float | None  # all bytes over all intervals' time
    received_bytes: int | None  # the receiver's count (null until the client reported it)
    receiver_bytes_per_s: float | None  # received bytes over the receiver's first-to-last-byte time


class RunClock(BaseModel):
    """GET /api/runs/{id}/clock: the two agents' clocks compared by the clock exchange (ping-pong runs)."""

    rounds: int
    offset_start_ns: float
    delay_start_ns: int
    offset_end_ns: float | None
    delay_end_ns: int | None
    drift_ppm: float | None
