"""Launching, listing and cancelling runs."""

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from perflab.core.config import Settings
from perflab.models import Agent, Run, RunStatus
from perflab.schemas.arrivals import check_arrival
from perflab.schemas.run import MAX_UDP_BYTES, RunCreate
from perflab.services.agents import is_online
from perflab.services import run_estimate
from perflab.services.errors import Conflict, FieldError, NotFound
from perflab.services.jobs import finish_run
from perflab.services.rpc_runs import launch_rpc
from perflab.services.run_links import choose_link
from perflab.services.queued_run import store_queued_run
from perflab.services.role_limits import check_calls_limit


def timeout_for(calls_total: int) -> int:
    """A generous limit where the link is not known: 60 s plus 2 ms per call, at most an hour."""
    return min(3600, 60 + calls_total // 500)


def _online_agent(s: Session, settings: Settings, field: str, agent_id: int) -> Agent:
    agent = s.get(Agent, agent_id)
    if agent is None:
        known = ", ".join(str(i) for i in s.scalars(select(Agent.id).order_by(Agent.id))) or "none"
        raise FieldError(field, f"{field}: no agent with id {agent_id} (known agents: {known})")
    if not is_online(agent, settings.offline_after_s):
        raise FieldError(field, f"{field}: agent {agent.name} is offline (last seen {agent.last_seen_at:%Y-%m-%d %H:%M:%S} UTC)")
    return agent


def launch(s: Session, settings: Settings, req: RunCreate, max_calls: int | None = None) -> Run:
    """max_calls: the launching user's role limit (role_max_calls), checked before the link is shaped."""
    if req.kind == "rpc":
        return launch_rpc(s, settings, req, _online_agent, max_calls)
    if req.transport == "udp":
        for field in ("request_bytes", "response_bytes"):
            value = getattr(req, field)
            if value > MAX_UDP_BYTES:
                raise FieldError(field, f"{field} must be between 1 and {MAX_UDP_BYTES} bytes for udp (got {value})")
    check_arrival(req.arrival, req.rate_calls_s)
    calls_total = req.calls + req.warmup_calls
    check_calls_limit(calls_total, max_calls)
    client = _online_agent(s, settings, "client_agent_id", req.client_agent_id)
    server = _online_agent(s, settings, "server_agent_id", req.server_agent_id)
    link = choose_link(s, settings, req.link_profile, client, server)  # shapes the lab's link before any job
    params = {"transport": req.transport, "request_bytes": req.request_bytes, "response_bytes": req.response_bytes,
              "calls": req.calls, "warmup_calls": req.warmup_calls}
    if req.arrival != "closed":  # closed-loop runs keep their params as before
        params |= {"arrival": req.arrival, "rate_calls_s": req.rate_calls_s, "seed": req.seed}
    # a slow link makes a call take milliseconds: the limit follows the estimate (run_estimate.py)
    guess = run_estimate.estimate("pingpong", params, run_estimate.Link.of(link))["seconds"]
    params["timeout_s"] = max(timeout_for(calls_total), run_estimate.timeout_s(guess))
    return store_queued_run(s, req, params, client, server, calls_total, link=link)


def list_runs(s: Session, statuses: list[str], limit: int, offset: int) -> tuple[list[Run], int]:
    query = select(Run)
    if statuses:
        query = query.where(Run.status.in_(statuses))
    total = s.scalar(select(func.count()).select_from(query.subquery()))
    rows = s.scalars(query.order_by(Run.created_at.desc(), Run.id.desc()).limit(limit).offset(offset)).all()
    return list(rows), int(total or 0)


def get_run(s: Session, run_id: int, *, lock: bool = False) -> Run:
    query = select(Run).where(Run.id == run_id)
    if lock:
        query = query.with_for_update()
    run = s.scalars(query).one_or_none()
    if run is None:
        raise NotFound(f"run {run_id} not found")
    return run


def cancel(s: Session, run_id: int) -> Run:
    run = get_run(s, run_id, lock=True)
    if RunStatus(run.status).finished:
        raise Conflict(f"run {run_id} is already {run.status}")
    finish_run(s, run, RunStatus.cancelled, "cancelled by user")
    return run
