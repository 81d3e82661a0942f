"""Series of comparable runs (services/series.py): the list, one series' runs, its baseline and its trend with
change points (services/series_checks.py)."""

from typing import Annotated

from fastapi import APIRouter, HTTPException, Path, Query

from perflab.api.access import VIEWER, OperatorDep
from perflab.api.deps import SessionDep
from perflab.models import SeriesBaseline
from perflab.schemas.series import BaselineIn, SeriesOut, SeriesPage, SeriesRun, TrendOut
from perflab.services import series, series_checks
from perflab.services.errors import Conflict, NotFound

router = APIRouter(prefix="/series", tags=["series"], dependencies=VIEWER)
SeriesKey = Annotated[str, Path(pattern="^[0-9a-f]{32}$", max_length=32, description="a series key: 32 hex digits")]


def _or_http(call):
    try:
        return call()
    except NotFound as e:
        raise HTTPException(404, str(e)) from e
    except Conflict as e:
        raise HTTPException(409, str(e)) from e


@router.get("", response_model=SeriesPage)
def read_series_list(s: SessionDep, limit: int = Query(50, ge=1, le=500),
                     offset: int = Query(0, ge=0, le=2**31 - 1)) -> dict:
    """Every series, the one with the latest run first."""
    items, total = series.list_series(s, limit, offset)
    return {"items": items, "total": total, "limit": limit, "offset": offset}


@router.get("/{key}", response_model=SeriesOut)
def read_series(key: SeriesKey, s: SessionDep) -> dict:
    return _or_http(lambda: series.get_series(s, key))


@router.get("/{key}/runs", response_model=list[SeriesRun])
def read_series_runs(key: SeriesKey, s: SessionDep, limit: int = Query(500, ge=1, le=2000),
                     offset: int = Query(0, ge=0, le=2**31 - 1)) -> list[dict]:
    """The series' runs, oldest first."""
    runs = _or_http(lambda: series.series_runs(s, key, limit, offset))
    base = s.get(SeriesBaseline, key)
    in_baseline = {b.id for b in series.baseline_range(s, base)} if base else set()
    return [{"id": r.id, "name": r.name, "status": r.status, "tags": r.tags, "notes": r.notes or "",
             "created_at": r.created_at, "finished_at": r.finished_at,
             "baseline": r.id in in_baseline} for r in runs]


@router.put("/{key}/baseline", response_model=SeriesOut)
def put_series_baseline(key: SeriesKey, body: BaselineIn, caller: OperatorDep, s: SessionDep) -> dict:
    """What later runs are checked against: a done run of this series, or its done runs from run_id through
    through_run_id, whose between-run spread is then the noise (409 for a run of another series or not done)."""
    return _or_http(lambda: series.set_baseline(s, key, body.run_id, caller.user.id, body.through_run_id))


@router.get("/{key}/trend", response_model=TrendOut)
def read_series_trend(key: SeriesKey, s: SessionDep) -> dict:
    """Each done run's RTT and step means with their intervals, and the change points found over them."""
    return _or_http(lambda: series_checks.trend(s, key))
