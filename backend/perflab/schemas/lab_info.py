"""Response models of the lab's small JSON routes: health, links, live calls, estimates, exports, report data."""

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from perflab.schemas.analysis_results import ClockResult, Unavailable
from perflab.schemas.probe import ProbeCost, RunClock
from perflab.schemas.run import RunLink


class Health(BaseModel):
    status: Literal["ok"]
    database: Literal["ok"]
    version: str


class LinkProfileOut(BaseModel):
    """One link profile (links/profiles.toml plus the user's own) and whether this lab can emulate it. Directional
    values are client -> server; `reverse` holds the server -> client ones that differ."""

    name: str
    description: str
    mtu: int
    rate_mbit: float | None
    burst_bytes: int | None
    delay_ms: float
    jitter_ms: float
    jitter_distribution: Literal["uniform", "normal", "pareto-normal", "table"]
    jitter_table: str | None
    reorder: bool
    loss_percent: float
    ge_p_percent: float
    ge_r_percent: float
    ge_loss_bad_percent: float
    ge_loss_good_percent: float
    duplicate_percent: float
    corrupt_percent: float
    queue_bytes: int | None
    queue_packets: int | None
    aqm: Literal["drop-tail", "codel"]
    codel_target_ms: float
    codel_interval_ms: float
    overhead_bytes: int
    min_frame_bytes: int
    reverse: dict[str, float | int]
    emulation: Literal["wire", "shaped", "none"]
    source: str
    needs: list[str]
    fidelity: str  # what the emulation reproduces and what it does not, in a sentence
    over_ceiling: bool  # a wire asked for more than the link process gives on this machine
    available: bool
    unavailable_reason: str | None


class LinkStatus(BaseModel):
    emulated: bool  # local-a and local-b are in namespaces joined by a link this lab shapes
    reason: str | None  # why not
    applied_profile: str | None
    agents: dict[str, dict[str, Any]]  # agent name -> its namespace, address, interface


class LiveCalls(BaseModel):
    run_id: int
    status: str
    events: list[dict[str, Any]]  # the `calls` events of GET /runs/{id}/events (services/live_calls.py)


class PointEstimate(BaseModel):
    point_no: int
    calls: int  # what the point's first round adds to calls_done
    seconds: float
    round_calls: int | None = None  # RPC: each further round, up to rounds_most
    round_seconds: float | None = None
    rounds_most: int | None = None


class RunEstimate(BaseModel):
    seconds: float  # every point one round
    seconds_most: float  # every point max_rounds: the run's time limit is made from this
    start_s: float  # jobs handed out, server ready, last upload
    points: list[PointEstimate]
    timeout_s: int
    link_profile: str


class ColumnInfo(BaseModel):
    name: str
    unit: str
    description: str


class ExportTableInfo(BaseModel):
    name: str
    description: str
    columns: list[ColumnInfo]


class RunExport(BaseModel):
    name: str
    description: str
    available: bool
    reason: str | None


class TraceSize(BaseModel):
    """What GET /api/runs/{id}/trace.json will weigh (services/exports/trace.py size_estimate): said before the
    download."""

    events: int
    json_bytes: int  # about: the events times their measured mean size
    gzip_bytes: int  # about, with compress=gzip


class TableJson(BaseModel):
    model_config = ConfigDict(json_schema_extra={"description": "a small table's rows, cells in column order"})

    name: str
    columns: list[ColumnInfo]
    rows: list[list[str | int | float | bool | None]]


class ReportAgent(BaseModel):
    role: Literal["client", "server"]
    id: int
    name: str
    host: str
    address: str
    version: str
    clock_id: int
    capabilities: dict[str, Any]
    environment: dict[str, Any]  # the machine as the agent describes it (kernel, CPU clock, NICs, kernel stamps)
    probe_cost_ns: float | None


class ClockAlignment(BaseModel):
    """How the trace and the report put server times on the client's clock (services/exports/clock.py)."""

    method: Literal["same-host", "fitted", "unknown"]
    offset_ns: float
    drift_ppm: float
    ref_ns: float
    uncertainty_ns: float | None
    calls_used: int
    note: str


class ReportNote(BaseModel):
    kind: str  # failure, incomplete, errors, first-call, tail, ...
    text: str


class ReportData(BaseModel):
    """GET /api/runs/{id}/report-data: what the report view needs beyond the run page's own routes."""

    run_id: int
    agents: list[ReportAgent]
    clock: ClockAlignment
    probe: dict[str, ProbeCost | None]  # client, server
    clock_analysis: ClockResult | Unavailable | None
    clock_exchange: RunClock | None
    link: RunLink
    notes: list[ReportNote]
    analyses: list[str]  # the stored kinds
    tables: list[RunExport]


class ReportJob(BaseModel):
    """GET /api/report-jobs/{job}: where a PDF print is."""

    id: str
    stage: str
    label: str
    step: int  # of steps
    steps: int
    pages: int | None
    elapsed_s: float
    error: str | None
    finished: bool
