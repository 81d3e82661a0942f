"""The FastAPI application: the API under /api, the built UI everywhere else, the reaper and the analysis
worker in the background, each in a loop of its own: ending a run never waits for another run's analysis."""

import asyncio
import ctypes
import logging
import os
import signal
import sys
from contextlib import asynccontextmanager

import anyio
import psycopg
from fastapi import FastAPI, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy import text
from sqlalchemy.exc import OperationalError

from perflab import __version__
from perflab.api import agents, auth, exports, health, links, run_socket, runs, users
from perflab.api import analyses as analyses_api, models as models_api
from perflab.api import timeline as timeline_api
from perflab.api import agent_clocks
from perflab.api import live_calls as live_calls_api
from perflab.api import run_estimate as run_estimate_api
from perflab.api import studies as studies_api
from perflab.api import series as series_api
from perflab.api.agents_command_watch import CommandWatch
from perflab.api.bell import Bell
from perflab.api.text_inputs import RefuseControlCharacters
from perflab.api.api_docs import mount_api_docs
from perflab.api.security_headers import SecurityHeaders
from perflab.api.server_timing import ServerTiming
from perflab.core.config import Settings, get_settings
from perflab.core.db import INGESTS_AT_ONCE, Database
from perflab.core.read_replica import ReplicaHeaders
from perflab.services.errors import FieldError
from perflab.services.analysis_progress import Analysing
from perflab.services.analysis_worker import work_once
from perflab.services.run_storage import RetentionSchedule
from perflab.services.exports.pdf_browser import close_chromium
from perflab.services.exports.report_jobs import ReportJobs
from perflab.models.base import utcnow
from perflab.services.lifecycle import reap
from perflab.services.rate_limit import SlidingWindow

log = logging.getLogger("perflab")
# how long a thread holding the GIL keeps it when another wants it (Python's default is 5 ms): the event loop
# hands every sync route to a worker thread and back, so under load each request waited behind whichever worker
# was decoding or building rows, up to 5 ms per hand-over (bench/load_api.py: p50 145 → 56 ms on a busy machine)
GIL_SWITCH_INTERVAL_S = 0.0005


PR_SET_PDEATHSIG = 1  # prctl option: the signal this process gets when its parent ends


def _end_with_supervisor() -> None:
    """A replica (`serve --replicas`) ends when uvicorn's supervisor ends, however it ended: a supervisor killed
    with SIGKILL would otherwise leave its replicas serving the port, orphans nothing stops."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)  # uvicorn's handler: a graceful shutdown
    if str(os.getppid()) != os.environ.get("PERFLAB_SUPERVISOR_PID", str(os.getppid())):
        os.kill(os.getpid(), signal.SIGTERM)  # it ended before we asked


async def _pause(stopping: asyncio.Event, seconds: float) -> None:
    try:
        await asyncio.wait_for(stopping.wait(), seconds)
    except asyncio.TimeoutError:
        pass


REAPER_LOCK = 0x70657266  # the reaper's advisory lock key


async def reaper_loop(db: Database, settings: Settings, bell: Bell, stopping: asyncio.Event) -> None:
    """Ends runs whose agents vanished or that ran past a limit; a tick is a few short queries."""
    # agents silent while the backend could not hear them get offline_after_s from when it can again: after a
    # start (no backend was up) and after a failed tick (the database was away, so their heartbeats were refused)
    up_since = utcnow()
    hiccup = False

    def tick():
        with db.session() as s:
            # replicas each run this loop; one at a time reaps (the lock is held until this transaction ends)
            if not s.scalar(text("SELECT pg_try_advisory_xact_lock(:k)"), {"k": REAPER_LOCK}):
                return []
            return reap(s, settings, up_since)

    while not stopping.is_set():
        try:
            if hiccup:
                up_since = utcnow()
            ended = await run_in_threadpool(tick)
            hiccup = False
            for run_id, status, reason in ended:
                log.warning("run %s %s: %s", run_id, status, reason)
            if ended:
                await bell.ring()  # stop commands for the agents still running those runs
        except Exception:  # the reaper must outlive a database hiccup
            log.exception("reaper tick failed")
            hiccup = True
        await _pause(stopping, settings.reaper_interval_s)


async def analysis_loop(db: Database, settings: Settings, stopping: asyncio.Event) -> None:
    """Summaries and analyses of finished runs, back to back while any wait, then a pause; and the retention
    setting, applied every retention_interval_s."""
    retention = RetentionSchedule(settings.retention_days, settings.retention_gb, settings.retention_interval_s)
    while not stopping.is_set():
        try:
            await run_in_threadpool(retention.tick, db)
            worked = await run_in_threadpool(work_once, db)
        except Exception:  # a database hiccup: try again after the pause
            log.exception("analysis worker failed")
            worked = None
        if worked is None:
            await _pause(stopping, settings.reaper_interval_s)


def create_app(settings: Settings | None = None, db: Database | None = None) -> FastAPI:
    settings = settings or get_settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)
        if settings.replicas > 1:
            _end_with_supervisor()
        app.state.db = db or Database(settings.database_url, settings.background_nice, settings.replicas,
                                        read_url=settings.database_read_url)
        app.state.bell = Bell(app.state.db)
        # what replicas share lives in PostgreSQL (models/shared_state.py): limits counted by one hold for all
        app.state.login_limiter = SlidingWindow(app.state.db, "login", settings.login_attempts, settings.login_window_s)
        app.state.address_login_limiter = SlidingWindow(app.state.db, "login-address",
                                                        settings.login_attempts_per_address, settings.login_window_s)
        app.state.upload_limiter = SlidingWindow(app.state.db, "uploads", settings.agent_uploads_per_s, 1.0)
        app.state.report_jobs = ReportJobs(app.state.db)  # PDF prints' progress
        # trace batches this replica stores at once (db.py says why two)
        app.state.ingest_slots = anyio.CapacityLimiter(INGESTS_AT_ONCE)
        stopping = asyncio.Event()
        app.state.command_watch = CommandWatch(app.state.db, app.state.bell, agents.COMMAND_POLL_INTERVAL_S)
        loops = [asyncio.create_task(reaper_loop(app.state.db, settings, app.state.bell, stopping)),
                 asyncio.create_task(app.state.command_watch.run(stopping)),
                 asyncio.create_task(app.state.bell.listen(stopping))]
        if settings.analysis_worker:
            loops.append(asyncio.create_task(analysis_loop(app.state.db, settings, stopping)))
        yield
        # let a tick in progress finish: cancelling would leave its thread holding locks after shutdown
        stopping.set()
        await asyncio.gather(*loops)
        await close_chromium()  # the PDF prints' warm browser, if one was started (services/exports/pdf_browser.py)
        if db is None:
            app.state.db.dispose()

    app = FastAPI(title="perflab", version=__version__, lifespan=lifespan, openapi_url=None,
                  docs_url=None, redoc_url=None)  # api/api_docs.py serves both, to logged-in users
    app.state.settings = settings
    # who may call each router is declared on it (api/access.py); tests/test_access_matrix.py checks every route
    for router in (health.router, auth.public_router, auth.router, users.router, agents.protocol_router,
                   agents.router, agents.admin_router, runs.router, links.router, analyses_api.router,
                   models_api.router, exports.router, studies_api.router, series_api.router):
        app.include_router(router, prefix="/api")
    app.include_router(timeline_api.router, prefix="/api")
    app.include_router(live_calls_api.router, prefix="/api")  # live RTT events for polling browsers
    app.include_router(run_socket.router, prefix="/api")  # agentlib: probe clock, stream throughput, job results
    app.include_router(agent_clocks.router, prefix="/api")  # clock offset to peers (Agents page)
    app.include_router(run_estimate_api.router, prefix="/api")  # how long a launch or a running run will take

    app.add_middleware(ReplicaHeaders, secure=settings.secure_cookies)  # read-your-writes with a replica
    app.add_middleware(RefuseControlCharacters)  # inside BodyLimit: the JSON it reads whole is bounded first
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)
    app.add_middleware(ServerTiming)  # its time covers the others too
    app.add_middleware(SecurityHeaders)  # the outermost: refusals by the others carry the headers too

    @app.exception_handler(FieldError)
    async def field_error(_: Request, e: FieldError) -> JSONResponse:
        # a nested field ("inject.step") is located as pydantic locates one: each part an element
        return JSONResponse(status_code=e.status_code, content={"detail": [
            {"loc": ["body", *e.field.split(".")], "msg": e.message, "type": "value_error"}]})

    @app.exception_handler(Analysing)
    async def analysing(_: Request, e: Analysing) -> JSONResponse:
        # a route that needs a stored analysis (a what-if from a run) while a worker computes them: not yet
        return JSONResponse(status_code=409, headers={"Retry-After": "1"}, content={"detail": str(e), **e.state()})

    @app.exception_handler(OperationalError)
    @app.exception_handler(psycopg.OperationalError)
    async def database_unreachable(_: Request, e: Exception) -> JSONResponse:
        # PostgreSQL restarting or out of reach: say so, and when to ask again (agents keep their batches
        # spooled and send them again; a browser shows the message)
        reason = str(getattr(e, "orig", None) or e).strip().splitlines()[0]
        return JSONResponse(status_code=503, headers={"Retry-After": "1"},
                            content={"detail": f"the database is unreachable, try again shortly ({reason})"})

    mount_api_docs(app, settings)
    mount_ui(app, settings)  # last: its catch-all route must not shadow the API's
    return app


class BodyLimit:
    """Refuses a body over max_bytes (plain ASGI: long-polls and streams pass untouched): a declared length
    before anything is read, a chunked body as soon as the bytes read pass the limit."""

    def __init__(self, app, max_bytes: int):
        self.app, self.max_bytes = app, max_bytes

    def _too_large(self, size: str) -> JSONResponse:
        return JSONResponse(status_code=413, content={"detail": (
            f"request body of {size} bytes is over the limit of {self.max_bytes} bytes (PERFLAB_MAX_BODY_BYTES)")})

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        length = dict(scope["headers"]).get(b"content-length", b"")
        if length.isdigit() and int(length) > self.max_bytes:
            return await self._too_large(str(int(length)))(scope, receive, send)
        read, refused, started = 0, False, False

        async def counted_receive():
            nonlocal read, refused
            message = await receive()
            if message["type"] == "http.request" and not refused:
                read += len(message.get("body", b""))
                if read > self.max_bytes and not started:
                    # answer now; the route sees the client gone and whatever it answers is dropped
                    refused = True
                    await self._too_large(f"over {self.max_bytes}")(scope, receive, send)
                    return {"type": "http.disconnect"}
            return message

        async def watched_send(message):
            nonlocal started
            if refused:
                return
            started = started or message["type"] == "http.response.start"
            await send(message)

        await self.app(scope, counted_receive, watched_send)


def mount_ui(app: FastAPI, settings: Settings) -> None:
    dist = settings.frontend_dist
    index = dist / "index.html"
    if (dist / "assets").is_dir():
        app.mount("/assets", StaticFiles(directory=dist / "assets"), name="assets")

    @app.get("/{path:path}", include_in_schema=False)
    async def spa(path: str):
        if path.startswith("api/") or path == "api":
            return JSONResponse(status_code=404, content={"detail": f"no API route /{path}"})
        candidate = (dist / path).resolve()
        if path and candidate.is_file() and dist.resolve() in candidate.parents:
            return FileResponse(candidate)
        if index.is_file():
            return FileResponse(index)
        return JSONResponse(status_code=503, content={
            "detail": f"the UI is not built ({index} missing): run `make up` or `npm run build` in frontend/"})
