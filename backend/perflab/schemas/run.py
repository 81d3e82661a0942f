from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_serializer

from perflab.analysis.stats import Stats  # the statistics as analysis/stats.py computes them: one definition
from perflab.schemas.precision import RunPrecision
from perflab.schemas.run_rpc import RpcRunParams

MAX_TCP_BYTES = 1 << 20
MAX_UDP_BYTES = 131072  # above one datagram (65507) the agent splits a message (docs/protocol.md)
MAX_CALLS = 1_000_000
MAX_WARMUP = 100_000
RUN_STATUSES = ("queued", "running", "done", "failed", "cancelled")


class AgentRef(BaseModel):
    id: int
    name: str


class RunParams(BaseModel):
    model_config = ConfigDict(extra="allow")  # kinds add their own (stream: duration_s, flows: mode, ...)

    transport: str
    request_bytes: int
    response_bytes: int
    calls: int
    warmup_calls: int
    timeout_s: int


class StoredJson(BaseModel):
    """A JSON object the lab stored as it came (a run's link): typed where known, served with exactly the keys it
    has (no null for a field it lacks), other keys passed through."""

    model_config = ConfigDict(extra="allow")

    @model_serializer(mode="wrap")
    def _stored_keys(self, handler):
        out = handler(self)
        return {k: v for k, v in out.items() if k in self.model_fields_set or k in (self.model_extra or {})}


class NetPath(StoredJson):
    """An interface traffic takes (agents/src/wire/netinfo.c): as advertised at enrolment or as the client reported."""

    peer: str | None = None
    interface: str | None = None
    mtu: int | None = None
    speed_mbps: float | None = None


class AgentNet(StoredJson):
    advertised: NetPath | None = None


class RunLink(StoredJson):
    """What a run records of its link (services/run_links.py, links/lab.py measure); {} for runs before links.
    Measured details (qdiscs, interfaces, wire, requested) pass through."""

    profile: str | None = None
    emulated: bool | None = None
    emulation: Literal["wire", "shaped", "none"] | None = None
    mtu: int | None = None
    rate_mbit: float | None = None
    delay_ms: float | None = None
    rtt_us_min: float | None = None
    probes_lost: int | None = None
    paths: dict[str, AgentNet | None] | None = None  # runs off the lab's link: what each agent advertised
    path: NetPath | None = None  # the interface the client's traffic took, reported at the end of its job
    warnings: list[str] | None = None  # what the emulation could not give as asked (a wire above its ceiling)


class RunProgress(BaseModel):
    """Where a running run is (services/run_progress.py): what it is doing, the point and round, the share of its
    estimated time done and the time left at its own pace."""

    phase: Literal["queued", "noise_floor", "measuring", "done", "failed", "cancelled"]
    point: int | None  # 1-based, in the order the points run
    points: int
    round: int | None  # 1-based
    max_rounds: int
    points_done: int
    share: float  # 0-1 of the estimated time, every point one round
    seconds_left: float | None


class RunHeadline(BaseModel):
    """The runs list's headline RTT (services/run_headlines.py): the median RTT of each point, for a sweep the
    range over its points (low: its fastest point's median, high: its slowest)."""
    stat: Literal["median"] = "median"
    low_ns: float
    high_ns: float
    points: int  # points with measured calls


class RunOut(BaseModel):
    id: int
    kind: str
    name: str
    tags: list[str]
    status: Literal["queued", "running", "done", "failed", "cancelled"]
    reason: str | None
    params: RunParams | RpcRunParams
    client_agent: AgentRef
    server_agent: AgentRef
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    calls_done: int
    calls_total: int
    link: RunLink = Field(default_factory=RunLink)
    precision: RunPrecision | None = None  # rpc, GET /api/runs/{id} only: rounds per point and the noise floor
    launched_by: str | None = None  # the user's name; None for runs from before accounts
    notes: str = ""  # free text, edited with PATCH /api/runs/{id}
    series_key: str | None = None  # the run's series (GET /api/series/{key}); None for runs from before series
    # where it ran (analysis/environment.py): {client, server, link_profile, co_located}; GET /api/runs/{id} only
    environment: dict[str, Any] | None = None
    progress: RunProgress | None = None  # GET /api/runs/{id} and its events only
    # bytes its calls and steps hold in the database (services/run_storage.py; 0 once archived)
    stored_bytes: int = 0
    pinned: bool = False  # retention never removes it (PATCH {"pinned": true})
    archived_at: datetime | None = None  # its calls and steps are in Parquet files until restored
    headline: RunHeadline | None = None  # GET /api/runs only, once the run is summarised


class RunPage(BaseModel):
    items: list[RunOut]
    total: int
    limit: int
    offset: int


class Progress(BaseModel):
    status: str
    calls_done: int
    calls_total: int
    reason: str | None


class FirstCall(BaseModel):
    call_no: int
    rtt_ns: int


class StepSummary(BaseModel):
    code: int
    name: str
    side: str
    paper: str  # the nearest step(s) of the DCE RPC paper, e.g. "C8"; empty when there is none
    stats: Stats


class CallCounts(BaseModel):
    """A point's calls by category, each call in exactly one (analysis/point_summary.py): they add up."""
    measured: int
    first: int  # the point's cold calls: each caller thread's first (warm-up or not)
    warmup: int  # warm-up calls that are not first calls
    error: int


class FirstCalls(BaseModel):
    count: int
    median_ns: float
    min_ns: float
    max_ns: float


class Ecdf(BaseModel):
    rtt_ns: list[int]  # exact RTTs of measured calls, ascending
    p: list[float]  # share of the point's measured calls at or below each


class BoxPlot(BaseModel):
    q1_ns: float
    median_ns: float
    q3_ns: float
    mean_ns: float
    whisker_low_ns: float  # furthest calls within 1.5 IQR of the box (Tukey)
    whisker_high_ns: float
    outliers_low: int
    outliers_high: int
    outlier_ns: list[float]  # at most 100 a side, thinned evenly by rank


class PointSummary(BaseModel):
    point_no: int
    # "open": arrivals at a set rate, latency counted from each call's intended send (analysis/open_loop.py)
    loop: Literal["closed", "open"] = "closed"
    calls: int
    counts: CallCounts
    rtt: Stats | None  # of the measured calls, from the actual send
    latency: Stats | None = None  # open loop: of the measured calls from their intended send (RTT + send lag)
    first_calls: FirstCalls | None
    cdf: Ecdf  # of the latency (from the intended send) in an open loop, else of the RTT
    box: BoxPlot | None  # likewise
    # every call of the point (all categories): retransmissions summed, and the calls with at least one
    retransmits: int = 0
    calls_retransmitted: int = 0


class RunSummary(BaseModel):
    unit: Literal["ns"] = "ns"
    first_call: FirstCall | None
    rtt: Stats | None
    warmup_calls: int
    error_calls: int
    steps: list[StepSummary]
    points: list[PointSummary] = []


class CallSeries(BaseModel):
    call_no: list[int]
    rtt_ns: list[int]
    flags: list[int]
    point_no: list[int] = []
    retransmits: list[int] = []  # retransmissions during each call (docs/protocol.md, call record offset 34)
    # open-loop arrivals: each call's send start minus its intended send time (0 closed-loop; offset 56, version 3)
    send_lag_ns: list[int] = []
    stride: int
    total: int
