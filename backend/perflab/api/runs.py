"""Runs: launch, history, one run, cancel, live progress (server-sent events), summary and calls."""

import asyncio
import json
from datetime import datetime

from fastapi import APIRouter, BackgroundTasks, HTTPException, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import StreamingResponse
from sqlalchemy import select
from sqlalchemy.orm import Session

from perflab.api.access import VIEWER, OperatorDep
from perflab.api.deps import BellDep, DbDep, RunId, SessionDep, SettingsDep
from perflab.api.file_responses import file_response
from perflab.models import Agent, Run, RunStatus, User
from perflab.schemas.run import AgentRef, CallSeries, RunOut, RunPage, RunSummary
from perflab.kinds import AnyRunCreate, kind_of
from perflab.analysis.environment import environment_diff
from perflab.schemas.series import CheckOut, EnvironmentDiffOut, RunEdit
from perflab.api.run_history_query import (SERIES_KEY_PATTERN, KindChoice, OrderChoice, SortChoice, StatusChoice,
                                            TimeText, history_query)
from perflab.core.text_limits import NAME_MAX, QUERY_TEXT_MAX, TAG_MAX
from perflab.schemas.common import SizedStr
from perflab.services import results, run_headlines, run_history, run_progress, run_storage, series, series_checks
from perflab.services import runs as run_service
from perflab.services.errors import Conflict, FieldError, NotFound
from perflab.api.query_checks import query_error
from perflab.services.live_calls import sse_events
from perflab.services.rpc_precision import precision_of
from perflab.services.role_limits import role_max_calls

router = APIRouter(prefix="/runs", tags=["runs"], dependencies=VIEWER)
EVENT_INTERVAL_S = 0.25
KEEPALIVE_EVERY = 40  # intervals (10 s) between comments that keep proxies from closing an idle stream


def to_out(s: Session, run: Run, *, precision: bool = False, stored: int | None = None,
           headline: dict | None = None) -> RunOut:
    """precision: add the RPC run's rounds and noise floor, the run's environment and where it is (one run's
    page; lists leave them out). stored: the run's stored bytes when the caller has them (a list asks once for
    its page). headline: the list's headline RTT (services/run_headlines.py)."""
    client, server = s.get(Agent, run.client_agent_id), s.get(Agent, run.server_agent_id)
    return RunOut(id=run.id, kind=run.kind, name=run.name, tags=run.tags, status=run.status, reason=run.reason,
                  params=run.params, client_agent=AgentRef(id=client.id, name=client.name),
                  server_agent=AgentRef(id=server.id, name=server.name), created_at=run.created_at,
                  started_at=run.started_at, finished_at=run.finished_at, calls_done=run.calls_done,
                  calls_total=run.calls_total, link=run.link or {},
                  precision=precision_of(s, run) if precision else None,
                  launched_by=s.get(User, run.launched_by_id).name if run.launched_by_id else None,
                  notes=run.notes or "", series_key=run.series_key,
                  environment=series.environment_of(s, run) if precision else None,
                  progress=run_progress.progress_of(s, run) if precision else None,
                  stored_bytes=run_storage.stored_bytes(s, [run.id])[run.id] if stored is None else stored,
                  pinned=run.pinned, archived_at=run.archived_at, headline=headline)


def _run_or_404(s: Session, run_id: int) -> Run:
    try:
        return run_service.get_run(s, run_id)
    except NotFound as e:
        raise HTTPException(404, str(e)) from e


@router.post("", status_code=201, response_model=RunOut)
def create_run(body: AnyRunCreate, caller: OperatorDep, s: SessionDep, settings: SettingsDep, bell: BellDep,
               background: BackgroundTasks) -> RunOut:
    background.add_task(bell.ring)  # runs after the commit: the server agent's long-poll picks the job up
    max_calls = role_max_calls(caller.user, settings)
    run = kind_of(body.kind).launch(s, settings, body, max_calls)
    run.launched_by_id = caller.user.id
    series.stamp_launch(s, run, body)  # where it runs and its series, as the agents stand at launch
    return to_out(s, run)


@router.get("", response_model=RunPage)
def read_runs(s: SessionDep, status: list[StatusChoice] = Query(default=[]), kind: list[KindChoice] = Query(default=[]),
              agent: list[int] = Query(default=[]), created_from: TimeText = None, created_to: TimeText = None,
              q: SizedStr("q", 0, QUERY_TEXT_MAX) = "", sort: SortChoice = "created_at", order: OrderChoice = "desc",
              limit: int = 50, offset: int = 0,
              launched_by: list[SizedStr("launched_by", 1, NAME_MAX)] = Query(
                  default=[], description="user names who launched the runs"),
              tag: list[SizedStr("tag", 1, TAG_MAX)] = Query(default=[], description="runs carrying every one of these tags"),
              series_key: str | None = Query(None, alias="series", pattern=SERIES_KEY_PATTERN, max_length=32,
                                             description="runs of this series key: 32 hex digits"),
              link: list[SizedStr("link", 1, NAME_MAX)] = Query(
                  default=[], description="runs measured on one of these link profiles")) -> RunPage:
    """q: words each found in the name, a tag or the notes (or #id)."""
    runs, total = run_history.list_history(s, history_query(status, kind, agent, created_from, created_to, q,
                                                            sort, order, limit, offset, launched_by, tag,
                                                            series_key, link))
    # one query each for the page's agents and users; held here because the session's identity map keeps
    # objects only weakly, and to_out's get() would otherwise ask PostgreSQL three times a run
    held = (s.scalars(select(Agent).where(Agent.id.in_({a for r in runs for a in (r.client_agent_id,
                                                                                 r.server_agent_id)}))).all(),
            s.scalars(select(User).where(User.id.in_({r.launched_by_id for r in runs} - {None}))).all())
    sizes = run_storage.stored_bytes(s, [r.id for r in runs])
    heads = run_headlines.headlines(s, [r.id for r in runs])
    page = RunPage(items=[to_out(s, r, stored=sizes[r.id], headline=heads.get(r.id)) for r in runs], total=total,
                   limit=limit, offset=offset)
    del held
    return page


@router.get("/{run_id}", response_model=RunOut)
def read_run(run_id: RunId, s: SessionDep) -> RunOut:
    return to_out(s, _run_or_404(s, run_id), precision=True)


@router.patch("/{run_id}", response_model=RunOut)
def edit_run(run_id: RunId, body: RunEdit, _: OperatorDep, s: SessionDep) -> RunOut:
    """Tags, notes and pinned; new tags move the run to the series of those tags."""
    run = series.edit(s, _run_or_404(s, run_id), body.tags, body.notes)
    if body.pinned is not None:
        run.pinned = body.pinned
    return to_out(s, run, precision=True)


@router.get("/{run_id}/check", response_model=CheckOut)
def check_run(run_id: RunId, s: SessionDep,
              against: str = Query("baseline", max_length=20,
                                   description="baseline (the series' baseline run or range) or a run id"),
              repeats: str | None = Query(None, max_length=600,
                                          description="run ids of the same series, comma-separated: judged with "
                                                      "this run as one group (a launch repeated)")) -> dict:
    """The run (with its repeats) against a baseline, per point and step, with the series' noise as the threshold."""
    try:
        return series_checks.check(s, _run_or_404(s, run_id), against, series_checks.parse_repeats(repeats))
    except FieldError as e:
        raise query_error(e.field, e.message) from e
    except NotFound as e:
        raise HTTPException(404, str(e)) from e
    except Conflict as e:
        raise HTTPException(409, str(e)) from e


@router.get("/{run_id}/environment-diff", response_model=EnvironmentDiffOut)
def read_environment_diff(run_id: RunId, s: SessionDep,
                          against: int = Query(ge=1, le=2**31 - 1, description="the run to compare with")) -> dict:
    """Where the two runs' environments differ (analysis/environment.py environment_diff, the check's own),
    field by field; a is the other run's value, b this run's."""
    run, other = _run_or_404(s, run_id), _run_or_404(s, against)
    env_run, env_other = series.environment_of(s, run), series.environment_of(s, other)
    recorded = bool(env_run) and bool(env_other)
    diffs = environment_diff(env_other, env_run) if recorded else []
    return {"run_id": run.id, "against_run_id": other.id, "recorded": recorded,
            "same_class": not any(d["class_field"] for d in diffs) if recorded else None, "differences": diffs}


@router.post("/{run_id}/cancel", response_model=RunOut)
def cancel_run(run_id: RunId, _: OperatorDep, s: SessionDep, bell: BellDep, background: BackgroundTasks) -> RunOut:
    background.add_task(bell.ring)
    try:
        return to_out(s, run_service.cancel(s, run_id))
    except NotFound as e:
        raise HTTPException(404, str(e)) from e
    except Conflict as e:
        raise HTTPException(409, str(e)) from e


@router.get("/{run_id}/summary", response_model=RunSummary)
def read_run_summary(run_id: RunId, s: SessionDep) -> dict:
    return results.summary(s, _run_or_404(s, run_id))


@router.get("/{run_id}/calls", response_model=CallSeries)
def read_run_calls(run_id: RunId, s: SessionDep, max_points: int = Query(20000, ge=10, le=200000),
                   point: int | None = Query(None, ge=0, le=32767, description="only this point's calls")) -> dict:
    _run_or_404(s, run_id)
    return results.call_series(s, run_id, max_points, point)


def iso(t: datetime | None) -> str | None:
    return t.isoformat() if t else None


@router.get("/{run_id}/events", response_class=StreamingResponse, status_code=200,
            responses=file_response("text/event-stream", "server-sent events: progress and calls"))
async def read_run_events(run_id: RunId, db: DbDep, request: Request) -> StreamingResponse:
    """Server-sent events: a `progress` event on every change, the last one when the run has finished; `calls`
    events (services/live_calls.py) with each ingested batch's RTT summary, the recent window first."""
    last_id = request.headers.get("last-event-id", "0")
    # a resumed stream's Last-Event-ID: anything but a plain bigint-sized number starts from the window's beginning
    live_id = int(last_id) if last_id.isascii() and last_id.isdigit() and len(last_id) <= 18 else 0
    live = None  # whether to send `calls` events: known from the first snapshot

    def snapshot() -> tuple[dict, str]:
        """The run's progress and, while the view is live, the `calls` events after live_id: one short
        transaction a tick, the events read after the run (a run seen finished has its last events stored)."""
        nonlocal live, live_id
        with db.session() as s:
            run = _run_or_404(s, run_id)
            # the times too: a page opened while the run was queued learns its start from the events alone
            state = {"status": run.status, "calls_done": run.calls_done, "calls_total": run.calls_total,
                     "reason": run.reason, "started_at": iso(run.started_at), "finished_at": iso(run.finished_at),
                     "progress": run_progress.progress_of(s, run)}
            if live is None:  # a finished run shows its stored figures, not the live view
                live = not RunStatus(run.status).finished
            calls_text = ""
            if live:  # the events' window is in PostgreSQL: any replica may have stored the batches
                calls_text, live_id = sse_events(s, run_id, live_id)
            return state, calls_text

    first = await run_in_threadpool(snapshot)  # a 404 here is still a plain HTTP answer

    async def stream():
        last, ticks, (state, calls_text) = None, 0, first
        while True:
            if calls_text:  # before the progress: the final one ends the stream
                yield calls_text
            if state != last:
                yield f"event: progress\ndata: {json.dumps(state)}\n\n"
                last = state
            if RunStatus(state["status"]).finished or await request.is_disconnected():
                return
            await asyncio.sleep(EVENT_INTERVAL_S)
            ticks += 1
            if ticks % KEEPALIVE_EVERY == 0:
                yield ": keep-alive\n\n"
            state, calls_text = await run_in_threadpool(snapshot)

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
