"""GET /api/runs/{id}/timeline: the spans (steps) of a range of a run's calls, for the timeline figure."""

from fastapi import APIRouter, HTTPException, Query
from fastapi.responses import JSONResponse, Response

from perflab.api.access import VIEWER
from perflab.api.deps import RunId, SessionDep
from perflab.api.query_checks import check_range, query_error
from perflab.schemas.common import Choice
from perflab.services import runs as run_service
from perflab.schemas.timeline import TimelineOut
from perflab.services.errors import NotFound
from perflab.services.timeline import BINARY_MEDIA_TYPE, timeline, timeline_binary

router = APIRouter(prefix="/runs", tags=["timeline"], dependencies=VIEWER)
MAX_CALLS = 200_000
MAX_CALL_NO = 2**31 - 1


@router.get("/{run_id}/timeline", response_class=JSONResponse, response_model=TimelineOut)
def read_timeline(run_id: RunId, s: SessionDep, from_call: int = Query(0), to_call: int | None = Query(None),
                  max_calls: int = Query(20_000),
                  format: Choice("format", ("json", "binary"), "json (TimelineOut), or binary: the same columns as "
                                 "little-endian typed arrays (services/timeline.py describes the layout)") = "json"
                  ) -> Response:
    check_range("from_call", from_call, 0, MAX_CALL_NO)
    check_range("to_call", to_call, 1, MAX_CALL_NO)
    check_range("max_calls", max_calls, 1, MAX_CALLS)
    if to_call is not None and to_call <= from_call:
        raise query_error("to_call", f"to_call must be greater than from_call ({from_call}) (got {to_call})")
    try:
        run_service.get_run(s, run_id)
    except NotFound as e:
        raise HTTPException(404, str(e)) from e
    # plain lists of ints: straight to json.dumps, skipping FastAPI's per-item encoder (0.5 s for 120,000 steps);
    # TimelineOut documents the shape (test_api_contract.py checks real answers against it)
    if format == "binary":
        # a million spans: the browser views the columns in place instead of parsing 30 MB of JSON numbers
        return Response(timeline_binary(s, run_id, from_call, to_call, max_calls), media_type=BINARY_MEDIA_TYPE)
    return JSONResponse(timeline(s, run_id, from_call, to_call, max_calls))
