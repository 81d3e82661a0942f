"""Launching the socket experiments (kinds stream and flows): the same run, point and server-first
job layout as a ping-pong, with the kind's own parameters in the job."""

from sqlalchemy.orm import Session

from perflab.core.config import Settings
from perflab.models import Run
from perflab.schemas.run import MAX_CALLS
from perflab.schemas.run_socket import MAX_UDP_DATAGRAM
from perflab.schemas.run_socket import FlowsCreate, StreamCreate
from perflab.services.errors import FieldError
from perflab.services.queued_run import store_queued_run
from perflab.services.role_limits import check_calls_limit
from perflab.services.runs import _online_agent, timeout_for


def _stream_params(req: StreamCreate) -> tuple[dict, int]:
    if req.transport == "udp" and req.message_bytes > MAX_UDP_DATAGRAM:
        raise FieldError("message_bytes", f"message_bytes must be between 1 and {MAX_UDP_DATAGRAM} bytes for udp "
                                          f"(got {req.message_bytes})")
    # what the agent's trace holds at most (agents/src/experiments/stream.c pl_stream_intervals)
    intervals = req.duration_s * 1000 // req.interval_ms + 2 + 8 * req.duration_s
    # request_bytes/response_bytes/calls keep the run's common fields meaningful: one "call" per interval
    params = {"transport": req.transport, "message_bytes": req.message_bytes, "duration_s": req.duration_s,
              "interval_ms": req.interval_ms, "request_bytes": req.message_bytes, "response_bytes": 0,
              "calls": intervals, "warmup_calls": 0, "timeout_s": req.duration_s + 60}
    return params, intervals


def _flows_params(req: FlowsCreate) -> tuple[dict, int]:
    total = req.flows * (req.calls + req.warmup_calls)
    if total > MAX_CALLS:
        raise FieldError("calls", f"calls: flows x (calls + warmup_calls) must be at most {MAX_CALLS} (got {total})")
    params = {"transport": "tcp", "mode": req.mode, "flows": req.flows, "request_bytes": req.request_bytes,
              "response_bytes": req.response_bytes, "calls": req.calls, "warmup_calls": req.warmup_calls,
              "timeout_s": timeout_for(total)}
    return params, total


def launch_socket(s: Session, settings: Settings, req: StreamCreate | FlowsCreate,
                  max_calls: int | None = None) -> Run:
    params, calls_total = _stream_params(req) if req.kind == "stream" else _flows_params(req)
    check_calls_limit(calls_total, max_calls)
    client = _online_agent(s, settings, "client_agent_id", req.client_agent_id)
    server = _online_agent(s, settings, "server_agent_id", req.server_agent_id)
    return store_queued_run(s, req, params, client, server, calls_total)
