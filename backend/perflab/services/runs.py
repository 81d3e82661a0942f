"""Listing, reading and cancelling runs (launching is each kind's: perflab/kinds/)."""

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from perflab.models import Run, RunStatus
from perflab.services.errors import Conflict, NotFound
from perflab.services.jobs import finish_run


def list_runs(s: Session, statuses: list[str], limit: int, offset: int) -> tuple[list[Run], int]:
    query = select(Run)
    if statuses:
        query = query.where(Run.status.in_(statuses))
    total = s.scalar(select(func.count()).select_from(query.subquery()))
    rows = s.scalars(query.order_by(Run.created_at.desc(), Run.id.desc()).limit(limit).offset(offset)).all()
    return list(rows), int(total or 0)


def get_run(s: Session, run_id: int, *, lock: bool = False) -> Run:
    query = select(Run).where(Run.id == run_id)
    if lock:
        query = query.with_for_update()
    run = s.scalars(query).one_or_none()
    if run is None:
        raise NotFound(f"run {run_id} not found")
    return run


def cancel(s: Session, run_id: int) -> Run:
    run = get_run(s, run_id, lock=True)
    if RunStatus(run.status).finished:
        raise Conflict(f"run {run_id} is already {run.status}")
    finish_run(s, run, RunStatus.cancelled, "cancelled by user")
    return run
