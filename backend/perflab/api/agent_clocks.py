"""Clock offset to peers, per agent (the Agents page): GET /api/agent-clocks."""

from datetime import datetime
from typing import Literal

from fastapi import APIRouter, HTTPException, Query
from pydantic import BaseModel, Field

from perflab.api.access import VIEWER
from perflab.api.deps import PG_INT_MAX, SessionDep
from perflab.models import Agent
from perflab.services import agent_clocks as service

router = APIRouter(tags=["agents"], dependencies=VIEWER)


class PeerClock(BaseModel):
    peer_id: int
    peer_name: str
    role: Literal["client", "server"] = Field(description="this agent's role in the run the fit came from")
    offset_ns: float = Field(description="peer clock minus this agent's clock at the fit's reference time; 0 with "
                                         "one clock")
    drift_ppm: float = Field(description="how many ns per ms the peer's clock gains on this agent's; 0 with one clock")
    error_bound_ns: float = Field(description="the fit's bound on the offset (half the least unexplained delay "
                                              "kept, plus its residual)")
    fit_offset_ns: float = Field(description="the fitted offset; with one clock the method's own error, not an "
                                             "offset (offset_ns is then 0)")
    fit_drift_ppm: float = Field(description="the fitted drift; with one clock the method's own error (drift_ppm 0)")
    same_clock: bool = Field(description="both agents read one machine's clock: offset_ns and drift_ppm are 0")
    source: str = Field(description="'calls' (an RPC call's four timestamps) or 'steps' (ping-pong steps)")
    calls: int
    run_id: int
    run_name: str
    measured_at: datetime = Field(description="when that run finished")


class AgentClocks(BaseModel):
    agent_id: int
    agent_name: str
    peers: list[PeerClock] = Field(description="newest first; empty when the agent has no finished run with a "
                                               "clock fit yet")


@router.get("/agent-clocks", response_model=list[AgentClocks])
def read_agent_clocks(s: SessionDep, agent_id: int | None = Query(None, ge=1, le=PG_INT_MAX)) -> list[dict]:
    """Per agent, the latest fitted clock offset, drift and error bound to every peer it has run with."""
    if agent_id is not None and s.get(Agent, agent_id) is None:
        raise HTTPException(404, f"agent_id {agent_id} does not exist")
    return service.latest_per_pair(s, agent_id)
