"""Response models of the lab's small JSON routes: health, links, live calls, estimates, export listings."""

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict


class Health(BaseModel):
    status: Literal["ok"]
    database: Literal["ok"]
    version: str


class LinkProfileOut(BaseModel):
    """One link profile (links/profiles.toml plus the user's own) and whether this lab can emulate it."""

    name: str
    description: str
    mtu: int
    rate_mbit: float | None
    burst_bytes: int | None
    delay_ms: float
    jitter_ms: float
    loss_percent: float
    overhead_bytes: int
    min_frame_bytes: int
    emulation: Literal["wire", "shaped", "none"]
    source: str
    needs: list[str]
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


class TableJson(BaseModel):
    model_config = ConfigDict(json_schema_extra={"description": "a small table's rows, cells in column order"})

    name: str
    columns: list[ColumnInfo]
    rows: list[list[str | int | float | bool | None]]
