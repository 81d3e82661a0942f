"""Answers of the stateless model routes (POST /api/models/mva, /mva/sweep, /simulate, /whatif): times in the
network's own unit (the UI sends ns), throughputs per that unit."""

from typing import Literal

from pydantic import BaseModel

from perflab.analysis.simulate import SimResult


class MvaOut(BaseModel):
    method: Literal["exact", "schweitzer"]
    population: list[int]
    classes: list[str]
    stations: list[str]
    response: list[float]  # per class
    throughput: list[float]  # per class
    residence: list[list[float]]  # [class][station]
    utilisation: list[list[float]]
    queue: list[list[float]]
    station_utilisation: list[float]
    station_queue: list[float]
    iterations: int
    servers: list[int]


class MvaSweepRow(BaseModel):
    threads: int
    think: float
    response: float
    throughput: float
    utilisation: list[float]  # per station
    bottleneck: str | None  # the most utilised queueing station per server


class MvaSweepOut(BaseModel):
    method: Literal["exact", "schweitzer"]
    rows: list[MvaSweepRow]


class SimulateOut(BaseModel):
    simulation: SimResult
    mva_response: list[float]  # exact MVA of the same network (Schweitzer-Bard when too large), per class
    percent_difference: list[float | None]


class SegmentChange(BaseModel):
    segment: str
    factor: float
    before_ns: float
    after_ns: float


class WhatIfMva(BaseModel):
    threads: int
    baseline_response_ns: float
    baseline_calls_per_s: float
    baseline_bottleneck: str | None
    predicted_response_ns: float
    predicted_calls_per_s: float
    predicted_bottleneck: str | None


class WhatIfOut(BaseModel):
    baseline_rtt_ns: float
    predicted_rtt_ns: float
    speedup: float | None  # None when the predicted RTT is 0 (infinitely faster)
    baseline_calls_per_s: float
    predicted_calls_per_s: float
    changes: list[SegmentChange]
    unknown: list[str]  # scale keys that matched no segment
    mva: WhatIfMva | None = None  # with demands and threads: MVA before and after the change
