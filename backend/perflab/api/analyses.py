"""A run's stored analyses: the index, one kind, one kind for one point. Computed once when the run ends."""

from typing import Union

from fastapi import APIRouter, HTTPException
from fastapi.responses import JSONResponse

from perflab.api.access import VIEWER
from perflab.api.deps import PointNo, RunId, SessionDep
from perflab.models import Run
from perflab.schemas.analysis import AnalysisIndex
from perflab.schemas.analysis_results import RESULTS, Unavailable
from perflab.services import analyses as service
from perflab.services import runs as run_service
from perflab.services.errors import NotFound

router = APIRouter(prefix="/runs", tags=["analyses"], dependencies=VIEWER)
KIND_LIST = ", ".join(service.KINDS)


def _run(s, run_id: int) -> Run:
    try:
        return run_service.get_run(s, run_id)
    except NotFound as e:
        raise HTTPException(404, str(e)) from e


def _result(s, run: Run, kind: str) -> dict:
    if kind not in service.KINDS:
        raise HTTPException(404, f"kind must be one of {KIND_LIST} (got {kind!r})")
    result = service.stored(s, run, kind)
    if result is None:
        if run.status not in service.FINISHED:
            raise HTTPException(409, f"run {run.id} is {run.status}: analyses are computed when it ends")
        index = service.stored(s, run, service.INDEX) or {}
        raise HTTPException(422, f"run {run.id} has no {kind} analysis: {index.get('error') or 'no data'}")
    return result


@router.get("/{run_id}/analyses", response_model=AnalysisIndex)
def read_analyses(run_id: RunId, s: SessionDep) -> AnalysisIndex:
    run = _run(s, run_id)
    index = service.stored(s, run, service.INDEX) or {}
    return AnalysisIndex(run_id=run.id, status=run.status, kinds=index.get("kinds", []), error=index.get("error"),
                         seconds=index.get("seconds"))


def _kind_route(kind: str):
    """GET /runs/{id}/analyses/<kind>, documented by the kind's model. The stored JSON goes out as it is (a
    1 M-step run's results are large; test_api_contract.py checks real results against the models)."""
    model = RESULTS[kind]

    def read_kind(run_id: RunId, s: SessionDep) -> JSONResponse:
        return JSONResponse(_result(s, _run(s, run_id), kind))

    read_kind.__doc__ = (model.__doc__ or "").strip() or None
    router.add_api_route(f"/{{run_id}}/analyses/{kind}", read_kind, methods=["GET"], name=f"read_{kind}",
                         response_model=Union[model, Unavailable], response_class=JSONResponse)


for _kind in service.KINDS:
    _kind_route(_kind)


@router.get("/{run_id}/analyses/{kind}", include_in_schema=False)
def read_analysis(run_id: RunId, kind: str, s: SessionDep) -> dict:
    """A kind there is none of: 404 naming the kinds there are (the kinds themselves have their routes above)."""
    return _result(s, _run(s, run_id), kind)


@router.get("/{run_id}/points/{point_no}/analyses/{kind}")
def read_point_analysis(run_id: RunId, point_no: PointNo, kind: str, s: SessionDep) -> dict:
    """The part of a result that describes one point (results without per-point parts are returned whole)."""
    result = _result(s, _run(s, run_id), kind)
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
