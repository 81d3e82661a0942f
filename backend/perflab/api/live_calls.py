"""GET /api/runs/{id}/live-calls: the live RTT events of a running run for browsers without server-sent events
(the same `calls` events as GET /api/runs/{id}/events, read from the live_events window that every replica of the
backend writes: the run and one small range of an index)."""

from fastapi import APIRouter, HTTPException, Query

from perflab.api.access import VIEWER
from perflab.api.deps import PrimarySessionDep, RunId
from perflab.api.query_checks import check_range
from perflab.services import live_calls
from perflab.services import runs as run_service
from perflab.services.errors import NotFound
from perflab.schemas.lab_info import LiveCalls

router = APIRouter(prefix="/runs", tags=["runs"], dependencies=VIEWER)
MAX_EVENT_ID = 2**62


@router.get("/{run_id}/live-calls", response_model=LiveCalls)
def read_live_calls(run_id: RunId, s: PrimarySessionDep, after: int = Query(0)) -> dict:
    """`{"run_id", "status", "events": [calls event]}`: events with an id above `after`, oldest first."""
    check_range("after", after, 0, MAX_EVENT_ID)
    try:
        run = run_service.get_run(s, run_id)
    except NotFound as e:
        raise HTTPException(404, str(e)) from e
    return {"run_id": run.id, "status": run.status, "events": live_calls.since(s, run.id, after)}
