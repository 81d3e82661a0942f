"""The analysis worker: computes finished runs' summaries and analyses off the lifecycle path.

The reaper only ends runs; this worker takes the finished runs that lack a summary or analyses, one at a time.
A run is claimed with a transaction-scoped advisory lock, so several workers (threads, processes or backend
replicas on one PostgreSQL) never compute the same run at once, and a worker that dies mid-analysis releases
its claim with its connection: the run is simply picked up again."""

import logging

from sqlalchemy import select, text
from sqlalchemy.orm import Session

from perflab.core.db import Database
from perflab.models import Analysis, Run
from perflab.services.analyses import FINISHED, INDEX, analyse
from perflab.services.results import summary

log = logging.getLogger("perflab.worker")
LOCK_CLASS = 0x706C  # "pl": the first key of every run's advisory lock, the run id is the second
CANDIDATES = 20


def _lacking(s: Session, kind: str) -> list[int]:
    has = select(Analysis.run_id).where(Analysis.run_id == Run.id, Analysis.kind == kind).exists()
    return list(s.scalars(select(Run.id).where(Run.status.in_(FINISHED), ~has).order_by(Run.id)
                          .limit(CANDIDATES)))


def _claim(s: Session, run_id: int) -> Run | None:
    """The run, locked for this transaction, or None when another worker holds it."""
    got = s.scalar(text("SELECT pg_try_advisory_xact_lock(:c, :r)"), {"c": LOCK_CLASS, "r": run_id})
    return s.get(Run, run_id) if got else None


def _work_on(db: Database, kind: str, compute) -> int | None:
    with db.session() as s:
        candidates = _lacking(s, kind)
    for run_id in candidates:
        with db.session() as s:
            run = _claim(s, run_id)
            if run is None or s.get(Analysis, (run_id, kind)) is not None:  # taken, or done meanwhile
                continue
            compute(s, run)
            return run_id
    return None


def work_once(db: Database) -> int | None:
    """One unit of work: a summary (quick, the run page waits for it) before any analysis (seconds for a big
    run). Returns the run worked on, or None when nothing was waiting."""
    run_id = _work_on(db, "summary", summary)
    if run_id is not None:
        return run_id
    return _work_on(db, INDEX, analyse)


def work_until_idle(db: Database, limit: int = 1000) -> list[int]:
    """Work until nothing is waiting (tests and the `worker --once` command)."""
    done = []
    while len(done) < limit and (run_id := work_once(db)) is not None:
        done.append(run_id)
    return done


def run_forever(db: Database, idle_s: float, stopping) -> None:
    """The worker process's loop (`python -m perflab worker`): work back to back while runs wait, then pause.
    stopping: a threading.Event set by SIGTERM; a unit of work in progress finishes (its transaction commits or,
    if the process is killed, rolls back and the run is picked up again)."""
    log.info("analysis worker started")
    while not stopping.is_set():
        try:
            worked = work_once(db)
        except Exception:  # a database hiccup: try again after the pause
            log.exception("analysis worker failed")
            worked = None
        if worked is not None:
            log.info("analysed run %s", worked)
        else:
            stopping.wait(idle_s)
    log.info("analysis worker stopped")
