"""Request and response models of the analysis and model endpoints; range errors name the field and the range."""

from typing import Annotated, Literal

from pydantic import BaseModel, Field, model_validator
from pydantic_core import PydanticCustomError

from perflab.core.text_limits import NAME_MAX
from perflab.schemas.common import RangedInt, SizedStr, in_range


def RangedFloat(field: str, lo: float, hi: float, unit: str = ""):  # noqa: N802 - reads like a type
    return Annotated[float, in_range(field, lo, hi, unit)]


def _bad(field: str, message: str):
    return PydanticCustomError("value_error", "{field}: {message}", {"field": field, "message": message})


class PacketModelIn(BaseModel):
    rpc_header_bytes: RangedInt("rpc_header_bytes", 0, 65535, "bytes") = 80
    data_per_rpc_packet: RangedInt("data_per_rpc_packet", 1, 1 << 20, "bytes") = 4016
    udp_header_bytes: RangedInt("udp_header_bytes", 0, 64, "bytes") = 8
    ip_header_bytes: RangedInt("ip_header_bytes", 0, 120, "bytes") = 20
    mtu_bytes: RangedInt("mtu_bytes", 68, 65535, "bytes") = 1500
    sizes: list[RangedInt("sizes", 0, 1 << 24, "bytes")] = Field(default_factory=list, max_length=10_000)
    jumps_up_to: RangedInt("jumps_up_to", 0, 1 << 20, "bytes") = 65536


class PacketModelOut(BaseModel):
    counts: list[dict]
    jumps: list[dict]


class StationIn(BaseModel):
    name: SizedStr("name", 1, NAME_MAX)
    kind: Literal["queue", "delay"] = "queue"
    demands: list[RangedFloat("demands", 0, 1e12)] = Field(min_length=1, max_length=8)
    phase2: list[RangedFloat("phase2", 0, 1e12)] | None = Field(default=None, max_length=8)
    servers: RangedInt("servers", 1, 1024) = 1  # a queueing station's identical servers (an executor pool)


class ClassIn(BaseModel):
    name: SizedStr("name", 0, NAME_MAX) = ""
    population: RangedInt("population", 0, 1000)
    think: RangedFloat("think", 0, 1e12) = 0.0


class NetworkIn(BaseModel):
    stations: list[StationIn] = Field(min_length=1, max_length=32)
    classes: list[ClassIn] = Field(min_length=1, max_length=8)

    @model_validator(mode="after")
    def shapes(self):
        c = len(self.classes)
        for st in self.stations:
            if len(st.demands) != c:
                raise _bad("stations.demands", f"station {st.name!r} needs one demand per class ({c})")
            if st.phase2 is not None:
                if len(st.phase2) != c:
                    raise _bad("stations.phase2", f"station {st.name!r} needs one phase-two demand per class ({c})")
                if any(p > d for p, d in zip(st.phase2, st.demands)):
                    raise _bad("stations.phase2", f"station {st.name!r}: phase two must be between 0 and its demand")
        return self


class MvaIn(NetworkIn):
    method: Literal["exact", "schweitzer"] = "exact"

    @model_validator(mode="after")
    def exact_size(self):
        if self.method == "exact":
            states = 1
            for cl in self.classes:
                states *= cl.population + 1
            if states > 200_000:
                raise _bad("classes.population", "exact MVA allows at most 200,000 population vectors "
                                                  f"(got {states}): use method 'schweitzer'")
        return self


MAX_LOAD_DEPENDENT_SWEEP_WORK = 30_000_000  # about 3 s of one core


class SweepIn(NetworkIn):
    threads: list[RangedInt("threads", 1, 1000)] = Field(min_length=1, max_length=64)
    thinks: list[RangedFloat("thinks", 0, 1e12)] = Field(min_length=1, max_length=64)
    method: Literal["exact", "schweitzer"] = "exact"

    @model_validator(mode="after")
    def single_class(self):
        if len(self.classes) != 1:
            raise _bad("classes", "a sweep takes exactly one class")
        # c-server stations are solved point by point (load-dependent MVA costs about (n+1)^2 per such station):
        # bound the whole grid's work, as a request's CPU time is every viewer's
        multi = sum(1 for st in self.stations if st.kind == "queue" and st.servers > 1)
        if self.method == "exact" and multi:
            work = len(self.thinks) * sum((n + 1) ** 2 for n in self.threads) * multi
            if work > MAX_LOAD_DEPENDENT_SWEEP_WORK:
                raise _bad("threads", f"this exact sweep with {multi} multi-server station(s) would take "
                                      f"{work:,} steps, at most {MAX_LOAD_DEPENDENT_SWEEP_WORK:,}: fewer or smaller "
                                      "thread counts or think times, or method 'schweitzer'")
        return self


class SimulateIn(NetworkIn):
    horizon: RangedFloat("horizon", 1e-9, 1e15)
    warmup: RangedFloat("warmup", 0, 1e15) = 0.0
    seed: RangedInt("seed", 0, 2**31 - 1) = 1
    service: Literal["constant", "exponential"] = "constant"

    @model_validator(mode="after")
    def bounded(self):
        if self.warmup >= self.horizon:
            raise _bad("warmup", f"warmup must be between 0 and horizon ({self.horizon:g})")
        if sum(c.population for c in self.classes) > 100:
            raise _bad("classes.population", "simulation allows at most 100 customers in all")
        # the expected number of station visits bounds the work: at most 2,000,000
        shortest = min((sum(st.demands[i] for st in self.stations) + cl.think)
                       for i, cl in enumerate(self.classes))
        visits = self.horizon / max(shortest, 1e-12) * sum(c.population for c in self.classes) * len(self.stations)
        if visits > 2_000_000:
            raise _bad("horizon", "horizon too long for this network: at most about 2,000,000 station visits "
                                  f"(asked about {visits:,.0f})")
        return self


class WhatIfIn(BaseModel):
    run_id: int | None = None
    point_no: RangedInt("point_no", 0, 32767) = 0
    segments: list[dict] | None = Field(default=None, max_length=1000)
    scales: dict[str, RangedFloat("scales", 0, 1e6)] = Field(min_length=1, max_length=100)
    think_ns: RangedFloat("think_ns", 0, 1e15) = 0.0
    threads: RangedInt("threads", 1, 1000) | None = None  # with demands: MVA before and after
    demands: list[dict] | None = Field(default=None, max_length=32)  # device, kind, total_ns, phase2_ns

    @model_validator(mode="after")
    def source(self):
        if (self.run_id is None) == (self.segments is None):
            raise _bad("run_id", "give either run_id (and point_no) or segments")
        return self


class AnalysisIndex(BaseModel):
    run_id: int
    status: str
    kinds: list[str]
    error: str | None = None
    seconds: float | None = None


class AnalysesProgress(AnalysisIndex):
    """HTTP 202 of the index while an analysis worker has the run's analyses to compute: the index's fields (no
    kinds yet) and how far the worker is. Ask again (Retry-After) until the answer is the 200 index."""
    state: Literal["analysing"]
    done: int = Field(ge=0, description="analyses stored so far (0 while the run waits its turn)")
    total: int = Field(ge=1, description="analyses to compute for the run")


class AnalysisPending(BaseModel):
    """HTTP 202 of one kind while a worker is analysing the run: unavailable for now, with the reason and how far
    the worker is (the shape of any unavailable result, plus the progress)."""
    available: Literal[False]
    reason: str
    state: Literal["analysing"]
    done: int = Field(ge=0)
    total: int = Field(ge=1)
