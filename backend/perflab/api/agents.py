"""Agents as the UI sees them, and the agents' own protocol (docs/protocol.md, "Agent ⇄ backend")."""

import time
from datetime import timedelta

import anyio.to_thread
from fastapi import APIRouter, BackgroundTasks, HTTPException, Query, Request
from fastapi.concurrency import run_in_threadpool
from sqlalchemy import select

from perflab.api.access import ADMIN, VIEWER, AdminDep
from perflab.api.deps import AgentDep, AgentId, BellDep, DbDep, JobId, SessionDep, SettingsDep
from perflab.models import Agent, Job
from perflab.schemas.access import EnrollmentTokenOut
from perflab.schemas.agent import AgentOut, BatchAck, EnrollIn, EnrollOut, JobStatusIn, Ok
from perflab.services import agents as agent_service
from perflab.services import jobs as job_service
from perflab.services import probe as probe_service
from perflab.services import batch_format, live_calls
from perflab.services.batch_format import BatchError
from perflab.services.errors import NotFound
from perflab.services.ingest import UnknownJob, ingest_batch
from perflab.services.rate_limit import RateLimited
from perflab.services.rpc_precision import settle_calls_total

router = APIRouter(prefix="/agents", tags=["agents"], dependencies=VIEWER)  # the UI's view of the agents
admin_router = APIRouter(prefix="/agents", tags=["agents"], dependencies=ADMIN)  # revoke, reinstate, enrolment
# the agents' own routes: enrolment (with the lab's enrolment token) and, with the agent's token, the rest
protocol_router = APIRouter(prefix="/agents", tags=["agent protocol"])
# commands queued by this process ring the bell; the slow poll only catches those queued by another process
COMMAND_POLL_INTERVAL_S = 1.0


def to_out(a: Agent, settings) -> AgentOut:
    status = ("revoked" if a.revoked_at else
              "online" if agent_service.is_online(a, settings.offline_after_s) else "offline")
    return AgentOut(id=a.id, name=a.name, host=a.host, address=a.address, version=a.version, status=status,
                    last_seen_at=a.last_seen_at, revoked_at=a.revoked_at, enrolled_at=a.enrolled_at,
                    clock_id=a.clock_id, capabilities=a.capabilities)


@router.get("", response_model=list[AgentOut])
def read_agents(s: SessionDep, settings: SettingsDep) -> list[AgentOut]:
    return [to_out(a, settings) for a in s.scalars(select(Agent).order_by(Agent.name)).all()]


@admin_router.post("/{agent_id}/revoke", response_model=AgentOut)
def revoke_agent(agent_id: AgentId, caller: AdminDep, s: SessionDep, settings: SettingsDep, bell: BellDep,
                 background: BackgroundTasks) -> AgentOut:
    """Its token gets 401 from now on (it stops); its active runs fail; what it uploaded stays."""
    try:
        agent = agent_service.revoke(s, agent_id)
    except NotFound as e:
        raise HTTPException(404, str(e)) from e
    if job_service.fail_active_runs_of(s, agent, f"agent {agent.name} was revoked by {caller.user.name}",
                                       queued_too=True):
        background.add_task(bell.ring)  # the peers of those runs get their stop commands
    return to_out(agent, settings)


@admin_router.post("/{agent_id}/reinstate", response_model=AgentOut)
def reinstate_agent(agent_id: AgentId, s: SessionDep, settings: SettingsDep) -> AgentOut:
    try:
        return to_out(agent_service.reinstate(s, agent_id), settings)
    except NotFound as e:
        raise HTTPException(404, str(e)) from e


@admin_router.post("/enrollment-token", status_code=201, response_model=EnrollmentTokenOut)
def rotate_enrollment_token(caller: AdminDep, s: SessionDep) -> EnrollmentTokenOut:
    return EnrollmentTokenOut(token=agent_service.rotate_enrollment_token(s, caller.user))


@protocol_router.post("/enroll", status_code=201, response_model=EnrollOut)
def create_enrollment(body: EnrollIn, s: SessionDep, settings: SettingsDep, bell: BellDep,
                      background: BackgroundTasks) -> EnrollOut:
    try:
        agent, token = agent_service.enroll(
            s, settings.enrollment_token, **body.model_dump(),
            in_use_window=timedelta(seconds=2 * settings.heartbeat_interval_s + 1))  # two heartbeats missed
    except agent_service.EnrollmentRefused as e:
        raise HTTPException(403, str(e)) from e
    except agent_service.NameInUse as e:
        raise HTTPException(409, str(e)) from e
    # an agent enrolling again has restarted: whatever it was running is gone
    if job_service.fail_active_runs_of(s, agent, f"agent {agent.name} restarted during the run"):
        background.add_task(bell.ring)  # the peers of those runs get their stop commands
    return EnrollOut(agent_id=agent.id, token=token, heartbeat_interval_s=settings.heartbeat_interval_s)


@protocol_router.post("/heartbeat", response_model=Ok)
async def create_heartbeat(agent: AgentDep) -> Ok:  # async: no I/O of its own, so no hop to the threadpool
    return Ok()  # authenticating already recorded last_seen_at


@protocol_router.get("/commands")
async def read_commands(agent: AgentDep, db: DbDep, request: Request,
                        wait_s: float = Query(20.0, ge=0, le=30)) -> dict:
    """Long-poll: answers as soon as there is a command for this agent, or with none after wait_s."""
    def fetch() -> list[dict]:
        with db.session() as s:
            return job_service.pending_commands(s, agent.id)

    # between fetches the app's command watch (api/agents_command_watch.py) asks for all waiting agents at once
    watch = request.app.state.command_watch
    deadline = time.monotonic() + wait_s
    commands = await run_in_threadpool(fetch)
    while not commands and time.monotonic() < deadline and not await request.is_disconnected():
        # a second at most between looks at the connection: a vanished agent's poll ends soon after
        if await watch.wait(agent.id, min(COMMAND_POLL_INTERVAL_S, max(0.0, deadline - time.monotonic()))):
            commands = await run_in_threadpool(fetch)
    return {"commands": commands}


@protocol_router.post("/jobs/{job_id}/status", response_model=Ok)
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


@protocol_router.post("/jobs/{job_id}/batches", response_model=BatchAck)
async def create_batch(job_id: JobId, agent: AgentDep, db: DbDep, request: Request,
                       background: BackgroundTasks) -> BatchAck:
    try:
        await anyio.to_thread.run_sync(request.app.state.upload_limiter.take, f"agent {agent.id}",
                                       f"trace batches of agent {agent.name}")
    except RateLimited as e:  # the agent keeps the batch in its spool and sends it again
        raise HTTPException(429, f"{e} (PERFLAB_AGENT_UPLOADS_PER_S)",
                            headers={"Retry-After": str(e.retry_after_s)}) from e
    body = await request.body()
    if len(body) > batch_format.MAX_BYTES:
        raise HTTPException(413, f"batch must be at most {batch_format.MAX_BYTES} bytes (got {len(body)})")
    try:
        result = await anyio.to_thread.run_sync(ingest_batch, db, agent.id, job_id, body,
                                                limiter=request.app.state.ingest_slots)
    except BatchError as e:
        raise HTTPException(400, f"malformed batch: {e}") from e
    except UnknownJob as e:
        raise HTTPException(404, str(e)) from e
    if result.live_run_id is not None:  # after the acknowledgement: the agent's next batch does not wait for it
        background.add_task(live_calls.trim_safely, db, result.live_run_id)
    return BatchAck(stored=result.stored, duplicate=not result.stored, seq=result.seq)
