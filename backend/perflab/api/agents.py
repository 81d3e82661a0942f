"""Agents as the UI sees them, and the agents' own protocol (docs/protocol.md, "Agent ⇄ backend")."""

import time

from fastapi import APIRouter, BackgroundTasks, HTTPException, Query, Request
from fastapi.concurrency import run_in_threadpool
from sqlalchemy import select

from perflab.api.deps import AgentDep, BellDep, DbDep, JobId, SessionDep, SettingsDep
from perflab.models import Agent, Job
from perflab.schemas.agent import AgentOut, BatchAck, EnrollIn, EnrollOut, JobStatusIn, Ok
from perflab.services import agents as agent_service
from perflab.services import jobs as job_service
from perflab.services import probe as probe_service
from perflab.services import batch_format
from perflab.services.batch_format import BatchError
from perflab.services.errors import NotFound
from perflab.services.ingest import UnknownJob, ingest_batch
from perflab.services.rpc_precision import settle_calls_total

router = APIRouter(prefix="/agents", tags=["agents"])
# commands queued by this process ring the bell; the slow poll only catches those queued by another process
COMMAND_POLL_INTERVAL_S = 1.0


@router.get("", response_model=list[AgentOut])
def read_agents(s: SessionDep, settings: SettingsDep) -> list[AgentOut]:
    agents = s.scalars(select(Agent).order_by(Agent.name)).all()
    return [AgentOut(id=a.id, name=a.name, host=a.host, address=a.address, version=a.version,
                     status="online" if agent_service.is_online(a, settings.offline_after_s) else "offline",
                     last_seen_at=a.last_seen_at, enrolled_at=a.enrolled_at, clock_id=a.clock_id,
                     capabilities=a.capabilities) for a in agents]


@router.post("/enroll", status_code=201, response_model=EnrollOut)
def create_enrollment(body: EnrollIn, s: SessionDep, settings: SettingsDep, bell: BellDep,
                      background: BackgroundTasks) -> EnrollOut:
    try:
        agent, token = agent_service.enroll(s, settings.enrollment_token, **body.model_dump())
    except agent_service.EnrollmentRefused as e:
        raise HTTPException(403, str(e)) from e
    # an agent enrolling again has restarted: whatever it was running is gone
    if job_service.fail_active_runs_of(s, agent, f"agent {agent.name} restarted during the run"):
        background.add_task(bell.ring)  # the peers of those runs get their stop commands
    return EnrollOut(agent_id=agent.id, token=token, heartbeat_interval_s=settings.heartbeat_interval_s)


@router.post("/heartbeat", response_model=Ok)
def create_heartbeat(agent: AgentDep) -> Ok:
    return Ok()  # authenticating already recorded last_seen_at


@router.get("/commands")
async def read_commands(agent: AgentDep, db: DbDep, bell: BellDep, request: Request,
                        wait_s: float = Query(20.0, ge=0, le=30)) -> dict:
    """Long-poll: answers as soon as there is a command for this agent, or with none after wait_s."""
    def fetch() -> list[dict]:
        with db.session() as s:
            return job_service.pending_commands(s, agent.id)

    deadline = time.monotonic() + wait_s
    while True:
        commands = await run_in_threadpool(fetch)
        if commands or time.monotonic() >= deadline or await request.is_disconnected():
            return {"commands": commands}
        await bell.wait(min(COMMAND_POLL_INTERVAL_S, max(0.0, deadline - time.monotonic())))


@router.post("/jobs/{job_id}/status", response_model=Ok)
def create_job_status(job_id: JobId, body: JobStatusIn, agent: AgentDep, s: SessionDep, bell: BellDep,
                      background: BackgroundTasks) -> Ok:
    try:
        job_service.report_status(s, agent, job_id, body.state, body.port, body.reason)
        probe_service.store(s, job_id, body.probe, body.result)
        settle_calls_total(s, s.get(Job, job_id), body.state, body.result)
    except NotFound as e:
        raise HTTPException(404, str(e)) from e
    background.add_task(bell.ring)  # a ready server queues the client's job; a done client, the server's stop
    return Ok()


@router.post("/jobs/{job_id}/batches", response_model=BatchAck)
async def create_batch(job_id: JobId, agent: AgentDep, db: DbDep, request: Request) -> BatchAck:
    body = await request.body()
    if len(body) > batch_format.MAX_BYTES:
        raise HTTPException(413, f"batch must be at most {batch_format.MAX_BYTES} bytes (got {len(body)})")
    try:
        result = await run_in_threadpool(ingest_batch, db, agent.id, job_id, body)
    except BatchError as e:
        raise HTTPException(400, f"malformed batch: {e}") from e
    except UnknownJob as e:
        raise HTTPException(404, str(e)) from e
    return BatchAck(stored=result.stored, duplicate=not result.stored, seq=result.seq)
