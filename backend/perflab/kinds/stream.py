"""One-way streaming throughput (the ECS paper's socket experiment): the client sends `message_bytes` messages for
`duration_s` and records the bytes sent per interval of `interval_ms`; one point, server job first as for a
ping-pong."""

from typing import Literal

from pydantic import BaseModel, ConfigDict
from sqlalchemy.orm import Session

from perflab.core.config import Settings
from perflab.kinds.kind import Kind
from perflab.models import Run
from perflab.schemas.common import AgentIdIn, RangedInt, RunName, Tags
from perflab.schemas.run import MAX_TCP_BYTES
from perflab.services import run_estimate
from perflab.services.agents import online_agent
from perflab.services.errors import FieldError
from perflab.services.queued_run import store_queued_run
from perflab.services.role_limits import check_calls_limit

MAX_STREAM_S = 3600
MAX_UDP_DATAGRAM = 65507  # a stream message is one datagram


class StreamCreate(BaseModel):
    """One-way streaming throughput: the client sends `message_bytes` messages for `duration_s` and
    records the bytes sent per interval of `interval_ms`; the receiver's totals come with the end."""

    model_config = ConfigDict(json_schema_extra={"x-limits": {"udp_max_bytes": MAX_UDP_DATAGRAM}})

    kind: Literal["stream"]
    client_agent_id: AgentIdIn
    server_agent_id: AgentIdIn
    transport: Literal["tcp", "udp"] = "tcp"
    message_bytes: RangedInt("message_bytes", 1, MAX_TCP_BYTES, "bytes") = 65536
    duration_s: RangedInt("duration_s", 1, MAX_STREAM_S, "s") = 5
    interval_ms: RangedInt("interval_ms", 10, 10_000, "ms") = 100
    name: RunName = ""
    tags: Tags = []


def launch(s: Session, settings: Settings, req: StreamCreate, max_calls: int | None = None) -> Run:
    if req.transport == "udp" and req.message_bytes > MAX_UDP_DATAGRAM:
        raise FieldError("message_bytes", f"message_bytes must be between 1 and {MAX_UDP_DATAGRAM} bytes for udp "
                                          f"(got {req.message_bytes})")
    # what the agent's trace holds at most (agents/src/experiments/stream.c pl_stream_intervals)
    intervals = req.duration_s * 1000 // req.interval_ms + 2 + 8 * req.duration_s
    # request_bytes/response_bytes/calls keep the run's common fields meaningful: one "call" per interval
    params = {"transport": req.transport, "message_bytes": req.message_bytes, "duration_s": req.duration_s,
              "interval_ms": req.interval_ms, "request_bytes": req.message_bytes, "response_bytes": 0,
              "calls": intervals, "warmup_calls": 0, "timeout_s": req.duration_s + 60}
    check_calls_limit(intervals, max_calls)
    client = online_agent(s, settings, "client_agent_id", req.client_agent_id)
    server = online_agent(s, settings, "server_agent_id", req.server_agent_id)
    return store_queued_run(s, req, params, client, server, intervals)


def _estimate_params(body: StreamCreate, link: run_estimate.Link) -> dict:
    return {**body.model_dump(), "calls": 0}  # nothing is counted before launch: the run lasts duration_s


def estimate_points(params: dict, link: run_estimate.Link) -> tuple[float, list[dict]]:
    return 0.0, [{"point_no": 0, "calls": int(params.get("calls", 0)), "seconds": float(params["duration_s"])}]


def point_values(p: dict) -> dict:
    """One sender; its message is the request (stored as request_bytes too), nothing comes back."""
    return {"request_bytes": p.get("request_bytes", p.get("message_bytes")), "response_bytes": 0, "threads": 1,
            "cache": None}


KIND = Kind(name="stream", create=StreamCreate, launch=launch, estimate_params=_estimate_params,
            estimate_points=estimate_points, point_values=point_values,
            live_calls=False, rounds=False, modelled=False, throughput=True)
