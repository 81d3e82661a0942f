"""The reaper: ends runs whose agents vanished, that never started, that ran past their limit, or whose server
never flushed after the client was done. Called every second by the app."""

from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from perflab.core.config import Settings
from perflab.models import Agent, Job, JobState, Run, RunStatus
from perflab.models.base import utcnow
from perflab.services.jobs import finish_run


def reap(s: Session, settings: Settings, up_since: datetime | None = None) -> list[tuple[int, str, str]]:
    """Returns (run_id, new status, reason) for every run it ended. up_since: when this backend started; an
    agent is judged silent only for the time the backend could hear it (a restart is not the agents' silence)."""
    now = utcnow()
    ended = []
    active = s.scalars(select(Run).where(Run.status.in_([RunStatus.queued.value, RunStatus.running.value]))
                      .order_by(Run.id).with_for_update(skip_locked=True)).all()
    for run in active:
        verdict = _verdict(s, settings, run, now, up_since)
        if verdict:
            status, reason = verdict
            finish_run(s, run, status, reason)
            ended.append((run.id, status.value, reason))
    return ended


def _verdict(s: Session, settings: Settings, run: Run, now, up_since) -> tuple[RunStatus, str | None] | None:
    silent = timedelta(seconds=settings.offline_after_s)
    for agent_id in (run.client_agent_id, run.server_agent_id):
        agent = s.get(Agent, agent_id)
        if now - max(agent.last_seen_at, up_since or agent.last_seen_at) > silent:
            return RunStatus.failed, (f"agent {agent.name} vanished (no heartbeat for "
                                      f"{settings.offline_after_s:g} s)")
    jobs = {j.role: j for j in s.scalars(select(Job).where(Job.run_id == run.id))}
    server, client = jobs.get("server"), jobs.get("client")
    if run.status == RunStatus.queued.value:
        if now - run.created_at > timedelta(seconds=settings.start_timeout_s):
            name = s.get(Agent, run.server_agent_id).name
            return RunStatus.failed, (f"limit exceeded: server agent {name} did not start the job within "
                                      f"{settings.start_timeout_s:g} s")
        return None
    limit = run.params.get("timeout_s", 3600)
    if run.started_at and now - run.started_at > timedelta(seconds=limit + 30):
        return RunStatus.failed, f"limit exceeded: run took longer than {limit} s"
    if client and client.state == JobState.done.value and server and server.state != JobState.done.value:
        if now - client.updated_at > timedelta(seconds=settings.server_flush_timeout_s):
            return RunStatus.done, None  # the client's calls are complete; only some server steps are missing
    return None
