from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

from perflab.core.text_limits import HOST_MAX, NAME_MAX, NAME_PATTERN, REASON_MAX, SECRET_MAX, VERSION_MAX
from perflab.schemas.probe import ProbeCost


class EnrollIn(BaseModel):
    enrollment_token: str = Field(min_length=1, max_length=SECRET_MAX)
    name: str = Field(min_length=1, max_length=NAME_MAX, pattern=NAME_PATTERN)
    host: str = Field(max_length=HOST_MAX)
    address: str = Field(min_length=1, max_length=HOST_MAX)
    version: str = Field(max_length=VERSION_MAX)
    clock_id: int = 1
    capabilities: dict[str, Any] = {}
    # the token this agent was given last time (kept in its spool): proves a restart, not a second agent
    previous_token: str | None = Field(default=None, max_length=SECRET_MAX)


class EnrollOut(BaseModel):
    agent_id: int
    token: str
    heartbeat_interval_s: float


class JobStatusIn(BaseModel):
    state: Literal["ready", "running", "done", "failed"]
    port: int | None = Field(default=None, ge=1, le=65535)
    reason: str | None = Field(default=None, max_length=REASON_MAX)
    probe: ProbeCost | None = None
    result: dict[str, Any] | None = None  # job-level results (stream totals, clock exchange)


class AgentOut(BaseModel):
    id: int
    name: str
    host: str
    address: str
    version: str
    status: Literal["online", "offline", "revoked"]
    last_seen_at: datetime
    revoked_at: datetime | None = None
    enrolled_at: datetime
    clock_id: int
    capabilities: dict[str, Any]


class Ok(BaseModel):
    ok: bool = True


class BatchAck(BaseModel):
    stored: bool
    duplicate: bool = False
    seq: int
