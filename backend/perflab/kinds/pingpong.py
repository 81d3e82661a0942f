"""Ping-pong (the default kind): one client thread sends a request and waits for the response, `calls` times,
back to back or (open loop) at `rate_calls_s`; one point."""

from typing import Literal

from pydantic import BaseModel, ConfigDict
from sqlalchemy.orm import Session

from perflab.core.config import Settings
from perflab.kinds.kind import Kind
from perflab.models import Run
from perflab.schemas.arrivals import Arrival, Rate, check_arrival
from perflab.schemas.common import AgentIdIn, ProfileName, RangedInt, RunName, Tags
from perflab.schemas.run import MAX_CALLS, MAX_TCP_BYTES, MAX_UDP_BYTES, MAX_WARMUP
from perflab.services import run_estimate
from perflab.services.agents import online_agent
from perflab.services.errors import FieldError
from perflab.services.queued_run import store_queued_run
from perflab.services.role_limits import check_calls_limit
from perflab.services.run_links import choose_link


class PingpongRunCreate(BaseModel):
    # limits across fields, stated in the schema where clients read them (x-limits)
    model_config = ConfigDict(json_schema_extra={"x-limits": {"udp_max_bytes": MAX_UDP_BYTES}})

    kind: Literal["pingpong"] = "pingpong"
    client_agent_id: AgentIdIn
    server_agent_id: AgentIdIn
    transport: Literal["tcp", "udp"] = "tcp"
    request_bytes: RangedInt("request_bytes", 1, MAX_TCP_BYTES, "bytes")
    response_bytes: RangedInt("response_bytes", 1, MAX_TCP_BYTES, "bytes")
    calls: RangedInt("calls", 1, MAX_CALLS)
    warmup_calls: RangedInt("warmup_calls", 0, MAX_WARMUP) = 10
    name: RunName = ""
    tags: Tags = []
    link_profile: ProfileName = "loopback"  # a name from GET /api/links/profiles
    # open-loop arrivals (schemas/arrivals.py): closed = back to back as before; constant/poisson at rate_calls_s
    arrival: Arrival = "closed"
    rate_calls_s: Rate | None = None
    seed: RangedInt("seed", 0, 2**32 - 1) = 1  # a Poisson schedule's gaps


def launch(s: Session, settings: Settings, req: PingpongRunCreate, max_calls: int | None = None) -> Run:
    """max_calls: the launching user's role limit (role_max_calls), checked before the link is shaped."""
    if req.transport == "udp":
        for field in ("request_bytes", "response_bytes"):
            value = getattr(req, field)
            if value > MAX_UDP_BYTES:
                raise FieldError(field, f"{field} must be between 1 and {MAX_UDP_BYTES} bytes for udp (got {value})")
    check_arrival(req.arrival, req.rate_calls_s)
    calls_total = req.calls + req.warmup_calls
    check_calls_limit(calls_total, max_calls)
    client = online_agent(s, settings, "client_agent_id", req.client_agent_id)
    server = online_agent(s, settings, "server_agent_id", req.server_agent_id)
    link = choose_link(s, settings, req.link_profile, client, server)  # shapes the lab's link before any job
    params = {"transport": req.transport, "request_bytes": req.request_bytes, "response_bytes": req.response_bytes,
              "calls": req.calls, "warmup_calls": req.warmup_calls}
    if req.arrival != "closed":  # closed-loop runs keep their params as before
        params |= {"arrival": req.arrival, "rate_calls_s": req.rate_calls_s, "seed": req.seed}
    # a slow link makes a call take milliseconds: the limit follows the estimate (run_estimate.py)
    guess = run_estimate.summed(*estimate_points(params, run_estimate.Link.of(link)))["seconds"]
    params["timeout_s"] = max(run_estimate.timeout_for_calls(calls_total), run_estimate.timeout_s(guess))
    return store_queued_run(s, req, params, client, server, calls_total, link=link)


def estimate_points(params: dict, link: run_estimate.Link) -> tuple[float, list[dict]]:
    return 0.0, [run_estimate.socket_point(params, link)]


def point_values(p: dict) -> dict:
    """One caller; the sizes as launched."""
    return {"request_bytes": p.get("request_bytes"), "response_bytes": p.get("response_bytes"), "threads": 1,
            "cache": None}


def _estimate_params(body: PingpongRunCreate, link: run_estimate.Link) -> dict:
    return body.model_dump()


KIND = Kind(name="pingpong", create=PingpongRunCreate, launch=launch, estimate_params=_estimate_params,
            estimate_points=estimate_points, point_values=point_values,
            live_calls=True, rounds=False, modelled=False, throughput=False)
