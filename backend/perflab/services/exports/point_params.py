"""Each point's parameters as the export tables' POINT_COLUMNS, from the run's params and the point's own.

An RPC run keeps its transport and procedure in the run's params and sweeps size, threads, think time,
protection and cache per point; its reply size is the procedure's (agents/src/rpc/rpc_server.c: echo returns
the arguments, every other procedure an empty reply). Socket runs keep everything in the point."""

from sqlalchemy import select
from sqlalchemy.orm import Session

from perflab.models import Point, Run
from perflab.services.exports.registry import POINT_COLUMN_NAMES


def _rpc_response_bytes(procedure: str | None, request_bytes: int | None) -> int | None:
    if request_bytes is None:
        return None
    return request_bytes if procedure == "echo" else 0


def point_values(run: Run, point: dict) -> dict:
    """One point's POINT_COLUMNS by name; None where the run does not say (an empty cell)."""
    p = {**(run.params or {}), **(point or {})}
    request = p.get("request_bytes", p.get("message_bytes"))
    if run.kind == "rpc":
        response, threads, cache = _rpc_response_bytes(p.get("procedure"), request), p.get("threads", 1), p.get("cache")
    else:
        response, threads, cache = p.get("response_bytes"), p.get("flows", 1), None
    return {"transport": p.get("transport"), "request_bytes": request, "response_bytes": response,
            "threads": threads, "think_time_us": p.get("think_time_us", 0), "protection": p.get("protection", "none"),
            "cache": cache}


def point_parameters(s: Session, run: Run) -> dict[int, dict]:
    """point_no → its POINT_COLUMNS values, for every point of the run."""
    points = s.execute(select(Point.point_no, Point.params).where(Point.run_id == run.id)).all()
    return {no: point_values(run, params) for no, params in points}


def point_cells(params: dict[int, dict], point_no) -> list:
    values = params.get(point_no, {})
    return [values.get(name) for name in POINT_COLUMN_NAMES]
