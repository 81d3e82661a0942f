"""Whether a finished run's analyses are an analysis worker's to compute, and how far it has got, so that a read
answers "analysing, k of n" instead of computing them itself while the browser waits.

Three facts, all in PostgreSQL so the API and the worker processes (`python -m perflab worker`) share them:
- a worker process is alive: it holds a shared advisory lock (LOCK_CLASS, PRESENCE) on a connection of its own
  for as long as it runs; a killed worker's connection closes and its lock goes with it;
- a worker is on the run now: it holds the run's transaction-scoped lock (LOCK_CLASS, run id), analysis_worker.py;
- the kinds done so far: table analysis_progress, written in a transaction of its own as each kind completes and
  deleted by the transaction that stores the analyses (so it never outlives them).
The backend's own analysis loop (PERFLAB_ANALYSIS_WORKER on, a single process, the tests' app) does not announce
itself: there a read may still compute, as before."""

import logging
from collections.abc import Callable

from sqlalchemy import Connection, Engine, delete, func, text
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from perflab.core.db import Database
from perflab.models import AnalysisProgress

log = logging.getLogger("perflab.worker")
LOCK_CLASS = 0x706C  # "pl": the first key of every run's advisory lock, the run id is the second
PRESENCE = 0  # the second key of the workers' presence lock: no run has id 0

# advisory locks are per database: another database on the same server (a dev lab, other tests) has its own
_HELD = text("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = :c AND objid = :k "
             "AND objsubid = 2 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())")


class Analysing(Exception):
    """The run's analyses are a worker's to compute and not stored yet: `done` of `total` kinds so far."""

    def __init__(self, run_id: int, done: int, total: int):
        super().__init__(f"run {run_id} is being analysed ({done} of {total} analyses done): try again shortly")
        self.run_id, self.done, self.total = run_id, done, total

    def state(self) -> dict:
        return {"state": "analysing", "done": self.done, "total": self.total}


def _held(s: Session, key: int) -> int:
    return s.scalar(_HELD, {"c": LOCK_CLASS, "k": key}) or 0


def workers_alive(s: Session) -> int:
    """How many worker processes are running against this database."""
    return _held(s, PRESENCE)


def progress(s: Session, run_id: int, total: int) -> tuple[int, int]:
    """(done, total) of the run's analyses: what the worker on it recorded, or 0 while none is on it (waiting its
    turn, or after a worker was killed mid-way: the next one starts again from nothing)."""
    if not _held(s, run_id):
        return 0, total
    row = s.get(AnalysisProgress, run_id, populate_existing=True)
    return (row.done, row.total) if row is not None else (0, total)


def recorder(engine: Engine, run_id: int, total: int) -> Callable[[int], None]:
    """record(done): the kinds done so far, committed at once in a transaction of its own on a connection of its
    own (the analyses themselves commit together at the end). A failure to record is logged, never a reason to
    drop the analysis."""
    def record(done: int) -> None:
        try:
            with Session(engine) as s, s.begin():
                s.execute(insert(AnalysisProgress).values(run_id=run_id, done=done, total=total)
                          .on_conflict_do_update(index_elements=["run_id"],
                                                 set_={"done": done, "total": total, "updated_at": func.now()}))
        except DBAPIError:
            log.warning("could not record the progress of run %s's analyses", run_id, exc_info=True)
    return record


def clear(s: Session, run_id: int) -> None:
    """In the transaction that stores the analyses: the progress goes when they arrive."""
    s.execute(delete(AnalysisProgress).where(AnalysisProgress.run_id == run_id))


class Presence:
    """A worker process's presence: the shared lock (LOCK_CLASS, PRESENCE) on a connection of its own, in autocommit
    (never idle in a transaction). keep() takes it, and takes it again after the connection was lost."""

    def __init__(self, db: Database):
        self.db = db
        self.conn: Connection | None = None

    def keep(self) -> None:
        if self.conn is not None:
            try:
                self.conn.execute(text("SELECT 1"))
                return
            except DBAPIError:  # PostgreSQL restarted: the lock went with the connection
                self.close()
        conn = self.db.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        try:
            conn.execute(text("SELECT pg_advisory_lock_shared(:c, :k)"), {"c": LOCK_CLASS, "k": PRESENCE})
        except BaseException:
            conn.invalidate()  # never back to the pool with a half-known lock
            conn.close()
            raise
        self.conn = conn

    def close(self) -> None:
        """Ends the presence: the connection itself is closed, not returned to the pool (a pooled session would
        keep the lock)."""
        if self.conn is not None:
            try:
                self.conn.invalidate()
                self.conn.close()
            except DBAPIError:
                pass
            self.conn = None
