"""The analysis worker: computes finished runs' summaries and analyses off the lifecycle path.

The reaper only ends runs; this worker takes the finished runs that lack a summary or analyses, one at a time.
A run is claimed with a transaction-scoped advisory lock, so several workers (threads, processes or backend
replicas on one PostgreSQL) never compute the same run at once, and a worker that dies mid-analysis releases
its claim with its connection: the run is simply picked up again. A worker process also announces itself and
records how far it is with a run's analyses (services/analysis_progress.py): reads then leave the run to it."""

import logging

from sqlalchemy import select, text
from sqlalchemy.orm import Session

from perflab.core.db import Database
from perflab.models import Analysis, Run
from perflab.services.analyses import FINISHED, analyse, needs_analysis, waiting_for_analysis
from perflab.services.analysis_progress import LOCK_CLASS, Presence
from perflab.services.results import summary
from perflab.services.run_storage import RetentionSchedule

log = logging.getLogger("perflab.worker")
CANDIDATES = 20


def _lacking(s: Session, kind: str) -> list[int]:
    has = select(Analysis.run_id).where(Analysis.run_id == Run.id, Analysis.kind == kind).exists()
    return list(s.scalars(select(Run.id).where(Run.status.in_(FINISHED), ~has).order_by(Run.id)
                          .limit(CANDIDATES)))


def _summary_needed(s: Session, run: Run) -> bool:
    return s.get(Analysis, (run.id, "summary")) is None


def _claim(s: Session, run_id: int) -> Run | None:
    """The run, locked for this transaction, or None when another worker holds it."""
    got = s.scalar(text("SELECT pg_try_advisory_xact_lock(:c, :r)"), {"c": LOCK_CLASS, "r": run_id})
    return s.get(Run, run_id) if got else None


def _work_on(db: Database, candidates, needed, compute) -> int | None:
    with db.session() as s:
        run_ids = candidates(s)
    for run_id in run_ids:
        with db.session() as s:
            run = _claim(s, run_id)
            if run is None or not needed(s, run):  # taken, or done meanwhile
                continue
            compute(s, run)
            return run_id
    return None


def work_once(db: Database) -> int | None:
    """One unit of work: a summary (quick, the run page waits for it) before any analysis (seconds for a big
    run, which records its progress kind by kind). Returns the run worked on, or None when nothing was waiting."""
    run_id = _work_on(db, lambda s: _lacking(s, "summary"), _summary_needed, summary)
    if run_id is not None:
        return run_id
    return _work_on(db, lambda s: waiting_for_analysis(s, CANDIDATES), needs_analysis, analyse)


def work_until_idle(db: Database, limit: int = 1000) -> list[int]:
    """Work until nothing is waiting (tests and the `worker --once` command)."""
    done = []
    while len(done) < limit and (run_id := work_once(db)) is not None:
        done.append(run_id)
    return done


def run_forever(db: Database, idle_s: float, stopping, retention: RetentionSchedule | None = None) -> None:
    """The worker process's loop (`python -m perflab worker`): work back to back while runs wait, then pause;
    retention, when given, applied on its schedule.
    stopping: a threading.Event set by SIGTERM; a unit of work in progress finishes (its transaction commits or,
    if the process is killed, rolls back and the run is picked up again)."""
    log.info("analysis worker started")
    presence = Presence(db)  # while it is held, reads of runs waiting for analysis answer how far this is
    while not stopping.is_set():
        try:
            presence.keep()
            if retention is not None:
                retention.tick(db)
            worked = work_once(db)
        except Exception:  # a database hiccup: try again after the pause
            log.exception("analysis worker failed")
            worked = None
        if worked is not None:
            log.info("analysed run %s", worked)
        else:
            stopping.wait(idle_s)
    presence.close()
    log.info("analysis worker stopped")
