"""Each point's parameters as the export tables' POINT_COLUMNS, from the run's params and the point's own.

The sizes, callers and cache are the kind's reading (perflab/kinds/<kind>.py point_values); an RPC run keeps its
transport and procedure in the run's params and sweeps size, threads, think time, protection and cache per point,
socket runs keep everything in the point."""

from sqlalchemy import select
from sqlalchemy.orm import Session

from perflab.kinds import kind_of
from perflab.models import Point, Run
from perflab.services.exports.registry import POINT_COLUMN_NAMES


def point_values(run: Run, point: dict) -> dict:
    """One point's POINT_COLUMNS by name; None where the run does not say (an empty cell)."""
    p = {**(run.params or {}), **(point or {})}
    return {"transport": p.get("transport"), **kind_of(run.kind).point_values(p),
            "think_time_us": p.get("think_time_us", 0), "protection": p.get("protection", "none")}


def point_parameters(s: Session, run: Run) -> dict[int, dict]:
    """point_no → its POINT_COLUMNS values, for every point of the run."""
    points = s.execute(select(Point.point_no, Point.params).where(Point.run_id == run.id)).all()
    return {no: point_values(run, params) for no, params in points}


def point_cells(params: dict[int, dict], point_no) -> list:
    values = params.get(point_no, {})
    return [values.get(name) for name in POINT_COLUMN_NAMES]
