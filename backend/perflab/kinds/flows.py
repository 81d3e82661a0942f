"""Control flows (the ECS paper's socket experiment): `flows` threads or processes in the client, each on its own
TCP connection, doing `calls` request/response calls at the same time (call_no = i * flows + flow); one point."""

from typing import Literal

from pydantic import BaseModel, ConfigDict
from sqlalchemy.orm import Session

from perflab.core.config import Settings
from perflab.kinds.kind import Kind
from perflab.models import Run
from perflab.schemas.common import AgentIdIn, RangedInt, RunName, Tags
from perflab.schemas.run import MAX_CALLS, MAX_TCP_BYTES, MAX_WARMUP
from perflab.services import run_estimate
from perflab.services.agents import online_agent
from perflab.services.errors import FieldError
from perflab.services.queued_run import store_queued_run
from perflab.services.role_limits import check_calls_limit

MAX_FLOWS = 10


class FlowsCreate(BaseModel):
    """Control flows: `flows` threads or processes in the client, each on its own TCP connection,
    doing `calls` request/response calls at the same time (call_no = i * flows + flow)."""

    model_config = ConfigDict(json_schema_extra={"x-limits": {"max_calls_total": MAX_CALLS}})

    kind: Literal["flows"]
    client_agent_id: AgentIdIn
    server_agent_id: AgentIdIn
    transport: Literal["tcp"] = "tcp"
    mode: Literal["threads", "processes"] = "threads"
    flows: RangedInt("flows", 1, MAX_FLOWS) = 4
    request_bytes: RangedInt("request_bytes", 1, MAX_TCP_BYTES, "bytes") = 1024
    response_bytes: RangedInt("response_bytes", 1, MAX_TCP_BYTES, "bytes") = 1024
    calls: RangedInt("calls", 1, MAX_CALLS)
    warmup_calls: RangedInt("warmup_calls", 0, MAX_WARMUP) = 10
    name: RunName = ""
    tags: Tags = []


def launch(s: Session, settings: Settings, req: FlowsCreate, max_calls: int | None = None) -> Run:
    total = req.flows * (req.calls + req.warmup_calls)
    if total > MAX_CALLS:
        raise FieldError("calls", f"calls: flows x (calls + warmup_calls) must be at most {MAX_CALLS} (got {total})")
    params = {"transport": "tcp", "mode": req.mode, "flows": req.flows, "request_bytes": req.request_bytes,
              "response_bytes": req.response_bytes, "calls": req.calls, "warmup_calls": req.warmup_calls,
              "timeout_s": run_estimate.timeout_for_calls(total)}
    check_calls_limit(total, max_calls)
    client = online_agent(s, settings, "client_agent_id", req.client_agent_id)
    server = online_agent(s, settings, "server_agent_id", req.server_agent_id)
    return store_queued_run(s, req, params, client, server, total)


def _estimate_params(body: FlowsCreate, link: run_estimate.Link) -> dict:
    return body.model_dump()


def estimate_points(params: dict, link: run_estimate.Link) -> tuple[float, list[dict]]:
    return 0.0, [run_estimate.socket_point(params, link, flows=int(params.get("flows", 1)))]


def point_values(p: dict) -> dict:
    """Each flow is a caller."""
    return {"request_bytes": p.get("request_bytes"), "response_bytes": p.get("response_bytes"),
            "threads": p.get("flows", 1), "cache": None}


KIND = Kind(name="flows", create=FlowsCreate, launch=launch, estimate_params=_estimate_params,
            estimate_points=estimate_points, point_values=point_values,
            live_calls=True, rounds=False, modelled=False, throughput=False)
