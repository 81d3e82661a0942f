"""The agents' side of a run: handing out commands, taking job reports, moving the run along its lifecycle
queued → running → done | failed | cancelled."""

from sqlalchemy import and_, or_, select
from sqlalchemy.orm import Session

from perflab.models import Agent, Job, JobState, Run, RunStatus
from perflab.models.base import utcnow
from perflab.services.errors import NotFound


# a job its agent has a command to take for: a start (never delivered) or a stop not yet delivered while it runs;
# pending_commands hands them out, the long-polls' command watch asks which agents have one
HAS_COMMAND = or_(Job.state == JobState.queued.value,
                  and_(Job.state.in_([JobState.delivered.value, JobState.ready.value, JobState.running.value]),
                       Job.stop_reason.is_not(None), Job.stop_delivered.is_(False)))


def pending_commands(s: Session, agent_id: int) -> list[dict]:
    """Start commands for queued jobs and stop commands not yet delivered, marking them delivered."""
    commands = []
    jobs = s.scalars(select(Job).where(Job.agent_id == agent_id, HAS_COMMAND)
                     .order_by(Job.id).with_for_update(skip_locked=True)).all()
    for job in jobs:
        if job.state == JobState.queued.value:
            run = s.get(Run, job.run_id)
            commands.append({"type": "start", "job": {
                "job_id": job.id, "run_id": run.id, "role": job.role, "kind": run.kind,
                "params": run.params, "connect": job.connect}})
            job.state, job.updated_at = JobState.delivered.value, utcnow()
        elif job.stop_reason and not job.stop_delivered:
            commands.append({"type": "stop", "job_id": job.id, "reason": job.stop_reason})
            job.stop_delivered = True
    return commands


def request_stop(s: Session, job: Job, reason: str) -> None:
    if JobState(job.state).finished or job.stop_reason:
        return
    if job.state == JobState.queued.value:  # the agent never saw it: nothing to stop
        job.state, job.reason = JobState.failed.value, reason
    else:
        job.stop_reason = reason
    job.updated_at = utcnow()


def finish_run(s: Session, run: Run, status: RunStatus, reason: str | None) -> None:
    """End the run (caller holds its row lock) and stop whatever of it still runs on agents."""
    run.status, run.reason, run.finished_at = status.value, reason, utcnow()
    for job in s.scalars(select(Job).where(Job.run_id == run.id)):
        request_stop(s, job, reason or "run finished")


def report_status(s: Session, agent: Agent, job_id: int, state: str, port: int | None, reason: str | None) -> None:
    job = s.scalars(select(Job).where(Job.id == job_id).with_for_update()).one_or_none()
    if job is None or job.agent_id != agent.id:
        raise NotFound(f"job {job_id} is not a job of agent {agent.name}")
    run = s.scalars(select(Run).where(Run.id == job.run_id).with_for_update()).one()
    job.state, job.updated_at = state, utcnow()
    if port is not None:
        job.port = port
    if reason is not None:
        job.reason = reason
    if RunStatus(run.status).finished:
        return  # late reports of a cancelled or failed run change nothing but the job
    if state == JobState.failed.value:
        finish_run(s, run, RunStatus.failed, f"{job.role} agent {agent.name}: {reason or 'job failed'}")
    elif job.role == "server" and state == JobState.ready.value:
        if port is None:
            finish_run(s, run, RunStatus.failed, f"server agent {agent.name} reported ready without a port")
            return
        run.status, run.started_at = RunStatus.running.value, utcnow()
        s.add(Job(run_id=run.id, agent_id=run.client_agent_id, role="client", state=JobState.queued.value,
                  connect={"host": agent.address, "port": port}))
    elif state == JobState.done.value:
        jobs = {j.role: j for j in s.scalars(select(Job).where(Job.run_id == run.id))}
        client, server = jobs.get("client"), jobs.get("server")
        if job.role == "client":
            if server is not None and server.state != JobState.done.value:
                request_stop(s, server, "client done")
            else:
                finish_run(s, run, RunStatus.done, None)
        elif client is not None and client.state == JobState.done.value:
            finish_run(s, run, RunStatus.done, None)
        else:
            finish_run(s, run, RunStatus.failed, f"server agent {agent.name} ended its job before the client was done")


def fail_active_runs_of(s: Session, agent: Agent, reason: str, *, queued_too: bool = False) -> int:
    """Fail the active runs that have an unfinished job on `agent` (e.g. it restarted and forgot them; with
    queued_too, also those it has not taken yet: it was revoked)."""
    states = [JobState.delivered.value, JobState.ready.value, JobState.running.value]
    runs = s.scalars(select(Run).join(Job, Job.run_id == Run.id).where(
        Job.agent_id == agent.id,
        Job.state.in_(states + ([JobState.queued.value] if queued_too else [])),
        Run.status.in_([RunStatus.queued.value, RunStatus.running.value])).with_for_update(of=Run)).unique().all()
    for run in runs:
        finish_run(s, run, RunStatus.failed, reason)
    return len(runs)
