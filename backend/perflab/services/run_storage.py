"""What a run costs on disk and how it goes: its stored size, deleting it, archiving it to Parquet and back, and
retention (keep N days or N GB, pinned runs exempt). docs/scale.md, "Retention".

A run's steps are a few hundred rows of step_blocks (a 1M-call RPC run: ~1,500 blocks) and its calls a few dozen of
call_blocks (a block per batch), so deleting or archiving a run is a handful of index lookups."""

import logging
import time
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
from sqlalchemy import delete, select, text
from sqlalchemy.orm import Session

from perflab.core.db import Database
from perflab.models import Run
from perflab.services import call_store, step_store
from perflab.services.analysis_progress import LOCK_CLASS

log = logging.getLogger("perflab.retention")
FINISHED = ("done", "failed", "cancelled")
RETENTION_LOCK = -1  # second key beside LOCK_CLASS: retention applied by one process at a time (no run has id -1)
# the archive's column types (those of the old calls table: an archive written before call_blocks reads back)
CALL_TYPES = {"call_no": pa.int32(), "point_no": pa.int16(), "flags": pa.int16(), "start_ns": pa.int64(),
              "rtt_ns": pa.int64(), "request_bytes": pa.int32(), "response_bytes": pa.int32(), "thread": pa.int16(),
              "server_recv_ns": pa.int64(), "server_send_ns": pa.int64(), "retransmits": pa.int16(),
              "send_lag_ns": pa.int64()}
assert tuple(CALL_TYPES) == call_store.CALL_FIELDS
STEP_TYPES = {"call_no": pa.int32(), "code": pa.int16(), "start_ns": pa.int64(), "end_ns": pa.int64()}


class StorageError(ValueError):
    pass


def stored_bytes(s: Session, run_ids: list[int]) -> dict[int, int]:
    """Bytes each run holds in the database: its step and call blocks as stored, plus a row's overhead each. An
    archived run holds none. A query for the step blocks of every run asked, one for the call blocks."""
    if not run_ids:
        return {}
    blocks = dict(s.execute(text(
        "SELECT run_id, sum(pg_column_size(data) + 40) FROM step_blocks WHERE run_id = ANY(:ids) GROUP BY run_id"),
        {"ids": list(run_ids)}).all())
    calls = call_store.stored_bytes(s, run_ids)
    return {r: int(blocks.get(r, 0) + calls.get(r, 0)) for r in run_ids}


def _drop_rows(s: Session, run_id: int) -> None:
    s.execute(text("DELETE FROM step_blocks WHERE run_id = :r"), {"r": run_id})
    call_store.delete_calls(s, run_id)


def _finished(s: Session, run_id: int) -> Run:
    run = s.get(Run, run_id)
    if run is None:
        raise StorageError(f"run {run_id} does not exist")
    if run.status not in FINISHED:
        raise StorageError(f"run {run_id} is {run.status}: only a finished run can be deleted or archived")
    return run


def delete_run(s: Session, run_id: int) -> None:
    """The run and everything of it (points, jobs, batches, analyses go with it by their foreign keys), in the
    session's transaction. Its Parquet archive, if any, is left where it is."""
    _finished(s, run_id)
    _drop_rows(s, run_id)
    s.execute(delete(Run).where(Run.id == run_id))


def archive_paths(folder: Path, run_id: int) -> tuple[Path, Path]:
    return folder / f"run-{run_id}.calls.parquet", folder / f"run-{run_id}.steps.parquet"


def archive_run(s: Session, run_id: int, folder: Path) -> tuple[Path, Path]:
    """The run's calls and steps written to two Parquet files (zstd) in `folder`, then removed from the database;
    the run stays listed, marked archived, its analyses kept. The files are complete and flushed before the rows
    go, in the session's transaction (a failed write leaves the database as it was)."""
    run = _finished(s, run_id)
    if run.archived_at is not None:
        raise StorageError(f"run {run_id} is archived already")
    folder.mkdir(parents=True, exist_ok=True)
    calls_path, steps_path = archive_paths(folder, run_id)
    with s.connection().connection.driver_connection.cursor() as cur:
        calls = call_store.read_calls(cur, run_id)
        steps = step_store.read_steps(cur, run_id)
    _write(calls_path, {name: pa.array(calls[name], t) for name, t in CALL_TYPES.items()})
    _write(steps_path, {k: pa.array(steps[k], STEP_TYPES[k]) for k in step_store.STEP_FIELDS})
    _drop_rows(s, run_id)
    run.archived_at = datetime.now(timezone.utc)
    s.flush()
    return calls_path, steps_path


def _write(path: Path, columns: dict) -> None:
    part = path.with_suffix(".partial")
    pq.write_table(pa.table(columns), part, compression="zstd")
    part.replace(path)  # a file under its name is whole


def restore_run(s: Session, run_id: int, folder: Path) -> int:
    """An archived run's calls and steps back from its Parquet files, as they were (every value, the steps in
    their stored order); returns the steps restored. The files stay (delete them once you no longer want them)."""
    run = s.get(Run, run_id)
    if run is None or run.archived_at is None:
        raise StorageError(f"run {run_id} is not archived")
    calls_path, steps_path = archive_paths(folder, run_id)
    for path in (calls_path, steps_path):
        if not path.exists():
            raise StorageError(f"archive file {path} is missing")
    calls = pq.read_table(calls_path)
    steps = pq.read_table(steps_path)
    with call_store.cursor(s) as cur:
        call_store.write_calls(cur, run_id, {k: calls.column(k).to_numpy() for k in call_store.CALL_FIELDS})
        step_store.write_steps(cur, run_id, {k: steps.column(k).to_numpy() for k in step_store.STEP_FIELDS})
    run.archived_at = None
    s.flush()
    return steps.num_rows


@dataclass(frozen=True)
class Removal:
    run_id: int
    name: str
    created_at: datetime
    stored_bytes: int
    why: str  # "older than N days" or "over N GB"


def retention_plan(s: Session, keep_days: float | None, keep_gb: float | None,
                   now: datetime | None = None) -> list[Removal]:
    """The runs retention would delete, oldest first: finished, not pinned, created more than keep_days ago, and
    then, newest kept first, those past keep_gb of stored bytes. Nothing is deleted here (the dry run)."""
    for name, value in (("keep_days", keep_days), ("keep_gb", keep_gb)):
        if value is not None and not value > 0:
            raise StorageError(f"{name} must be a number above 0 (got {value})")
    now = now or datetime.now(timezone.utc)
    runs = s.execute(select(Run.id, Run.name, Run.created_at).where(Run.status.in_(FINISHED), Run.pinned.is_(False))
                     .order_by(Run.created_at.desc(), Run.id.desc())).all()
    sizes = stored_bytes(s, [r.id for r in runs])
    out, kept, full = [], 0, False
    for r in runs:  # newest first: the newest are the ones kept, and every run older than the first one over
        if keep_days is not None and r.created_at < now - timedelta(days=keep_days):
            out.append(Removal(r.id, r.name, r.created_at, sizes[r.id], f"older than {keep_days:g} days"))
        elif keep_gb is not None and (full or kept + sizes[r.id] > keep_gb * 1e9):
            full = True
            out.append(Removal(r.id, r.name, r.created_at, sizes[r.id], f"over {keep_gb:g} GB"))
        else:
            kept += sizes[r.id]
    return out[::-1]


def apply_retention(s: Session, plan: list[Removal]) -> int:
    for removal in plan:
        delete_run(s, removal.run_id)
    return len(plan)


class RetentionSchedule:
    """The retention setting applied every interval_s by the analysis loop of each process that runs one (the
    backend's, `perflab worker`'s): the first tick at once, then every interval. Under a transaction-scoped
    advisory lock, so two processes never delete at once (the other skips that tick); pinned runs are exempt
    as in the dry run. Off when neither limit is set."""

    def __init__(self, keep_days: float | None, keep_gb: float | None, interval_s: float):
        self.keep_days, self.keep_gb, self.interval_s = keep_days, keep_gb, interval_s
        self.next_at = 0.0

    def tick(self, db: Database) -> list[Removal] | None:
        """The runs deleted now, or None when not due, off, or another process is applying it."""
        if (self.keep_days is None and self.keep_gb is None) or time.monotonic() < self.next_at:
            return None
        self.next_at = time.monotonic() + self.interval_s
        with db.session() as s:
            if not s.scalar(text("SELECT pg_try_advisory_xact_lock(:c, :k)"), {"c": LOCK_CLASS, "k": RETENTION_LOCK}):
                return None
            plan = retention_plan(s, self.keep_days, self.keep_gb)
            apply_retention(s, plan)
        for r in plan:
            log.info("retention deleted run %s (%r, %.1f MB): %s", r.run_id, r.name, r.stored_bytes / 1e6, r.why)
        return plan
