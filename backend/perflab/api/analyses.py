"""A run's stored analyses: the index, one kind, one kind for one point. Computed once when the run ends; while
an analysis worker has them to compute, HTTP 202 says how far it is (docs/analysis.md)."""

from typing import Annotated, Union

from fastapi import APIRouter, HTTPException
from fastapi.responses import JSONResponse
from pydantic import WithJsonSchema

from perflab.api.access import VIEWER
from perflab.api.deps import PointNo, RunId, SessionDep
from perflab.models import Run
from perflab.schemas.analysis import AnalysesProgress, AnalysisIndex, AnalysisPending
from perflab.schemas.analysis_results import RESULTS, Unavailable
from perflab.services import analyses as service
from perflab.services.analysis_progress import Analysing
from perflab.services import runs as run_service
from perflab.services.errors import NotFound

router = APIRouter(prefix="/runs", tags=["analyses"], dependencies=VIEWER)
KIND_LIST = ", ".join(service.KINDS)
# the kinds are an enum in the schema; another is a 404 naming them (a path that names no resource)
AnalysisKind = Annotated[str, WithJsonSchema({"type": "string", "enum": list(service.KINDS)})]


def _run(s, run_id: int) -> Run:
    try:
        return run_service.get_run(s, run_id)
    except NotFound as e:
        raise HTTPException(404, str(e)) from e


RETRY = {"Retry-After": "1"}  # a worker stores a kind in about a second: ask again then
ANALYSING_INDEX = {202: {"model": AnalysesProgress, "description": "an analysis worker is computing them"}}
ANALYSING_KIND = {202: {"model": AnalysisPending, "description": "an analysis worker is computing the run's analyses"}}


def _result(s, run: Run, kind: str) -> dict | JSONResponse:
    """The stored result, or the 202 that says a worker is computing it."""
    if kind not in service.KINDS:
        raise HTTPException(404, f"kind must be one of {KIND_LIST} (got {kind!r})")
    try:
        result = service.stored(s, run, kind)
    except Analysing as e:
        return JSONResponse(status_code=202, headers=RETRY,
                            content=AnalysisPending(available=False, reason=str(e), **e.state()).model_dump())
    if result is None:
        if run.status not in service.FINISHED:
            raise HTTPException(409, f"run {run.id} is {run.status}: analyses are computed when it ends")
        index = service.stored(s, run, service.INDEX) or {}
        raise HTTPException(422, f"run {run.id} has no {kind} analysis: {index.get('error') or 'no data'}")
    return result


@router.get("/{run_id}/analyses", response_model=AnalysisIndex, responses=ANALYSING_INDEX)
def read_analyses(run_id: RunId, s: SessionDep) -> AnalysisIndex | JSONResponse:
    run = _run(s, run_id)
    try:
        index = service.stored(s, run, service.INDEX) or {}
    except Analysing as e:
        body = AnalysesProgress(run_id=run.id, status=run.status, kinds=[], **e.state())
        return JSONResponse(status_code=202, headers=RETRY, content=body.model_dump())
    return AnalysisIndex(run_id=run.id, status=run.status, kinds=index.get("kinds", []), error=index.get("error"),
                         seconds=index.get("seconds"))


def _kind_route(kind: str):
    """GET /runs/{id}/analyses/<kind>, documented by the kind's model. The stored JSON goes out as it is (a
    1 M-step run's results are large; test_api_contract.py checks real results against the models)."""
    model = RESULTS[kind]

    def read_kind(run_id: RunId, s: SessionDep) -> JSONResponse:
        result = _result(s, _run(s, run_id), kind)
        return result if isinstance(result, JSONResponse) else JSONResponse(result)

    read_kind.__doc__ = (model.__doc__ or "").strip() or None
    router.add_api_route(f"/{{run_id}}/analyses/{kind}", read_kind, methods=["GET"], name=f"read_{kind}",
                         response_model=Union[model, Unavailable], response_class=JSONResponse,
                         responses=ANALYSING_KIND)


for _kind in service.KINDS:
    _kind_route(_kind)


@router.get("/{run_id}/analyses/{kind}", include_in_schema=False)
def read_analysis(run_id: RunId, kind: str, s: SessionDep) -> dict:
    """A kind there is none of: 404 naming the kinds there are (the kinds themselves have their routes above)."""
    return _result(s, _run(s, run_id), kind)


@router.get("/{run_id}/points/{point_no}/analyses/{kind}", responses=ANALYSING_KIND)
def read_point_analysis(run_id: RunId, point_no: PointNo, kind: AnalysisKind, s: SessionDep) -> dict:
    """The part of a result that describes one point (results without per-point parts are returned whole)."""
    result = _result(s, _run(s, run_id), kind)
    if isinstance(result, JSONResponse):  # a worker is computing it
        return result
    rows = result.get("points") if "points" in result else result.get("rows")
    if kind == "ecs":
        rows = result.get("throughput")
    if kind == "packets" and "rtt_vs_size" in result:  # Figure 3's data of that point
        rows = result["rtt_vs_size"]
    if rows is None:
        return result
    mine = [r for r in rows if r.get("point_no") == point_no]
    if not mine:
        have = sorted({r.get("point_no") for r in rows if r.get("point_no") is not None})
        raise HTTPException(404, f"point_no must be one of {have} for {kind} of run {run_id} (got {point_no})")
    lists = ("points", "rows", "throughput", "rtt_vs_size")
    return {k: v for k, v in result.items() if k not in lists} | {"point": mine[0]}
