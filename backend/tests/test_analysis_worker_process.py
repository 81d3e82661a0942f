"""The analysis worker as a process of its own (`python -m perflab worker`, what `make up` and the compose file
start beside a backend run with PERFLAB_ANALYSIS_WORKER=0): it analyses finished runs, stops on SIGTERM, and a
worker killed mid-analysis leaves nothing half-written; the next worker takes the run up again."""

import os
import signal
import subprocess
import sys
import time

import pytest
from sqlalchemy import func, select, text

from perflab.core.config import REPO_ROOT
from perflab.models import Analysis
from perflab.services.analyses import INDEX, KINDS
from perflab.services.analysis_worker import LOCK_CLASS
import procfs
from synth_trace import pingpong
from trace_store import store


def start_worker(database_url: str) -> subprocess.Popen:
    env = {**os.environ, "DATABASE_URL": database_url}
    return subprocess.Popen([sys.executable, "-m", "perflab", "worker", "--idle", "0.2"], env=env,
                            cwd=REPO_ROOT / "backend", stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def wait_until(probe, seconds: float, what: str):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if got := probe():
            return got
        time.sleep(0.05)
    raise AssertionError(f"{what}: not within {seconds} s")


def stopped(pid: int) -> bool:
    return procfs.state(pid) == "T"


def freeze_when(process: subprocess.Popen, probe, seconds: float, what: str) -> None:
    """Stops the process (SIGSTOP) at a moment the probe holds: looked at while it runs, the worker could finish
    between the look and the next step on a busy machine. It stays stopped for the caller to kill."""
    def frozen_in_state():
        process.send_signal(signal.SIGSTOP)
        wait_until(lambda: stopped(process.pid), 10, "the worker stopped by SIGSTOP")
        if probe():
            return True
        process.send_signal(signal.SIGCONT)
        return False
    wait_until(frozen_in_state, seconds, what)


def analyses(db, run_id: int) -> dict[str, int]:
    with db.session() as s:
        return dict(s.execute(select(Analysis.kind, func.count()).where(Analysis.run_id == run_id)
                              .group_by(Analysis.kind)).all())


@pytest.mark.slow
def test_the_worker_process_analyses_a_finished_run_and_stops_on_sigterm(db, database_url):
    run_id = store(db, pingpong(n_calls=2000)[0], {0: {"request_bytes": 64}})
    w = start_worker(database_url)
    try:
        wait_until(lambda: INDEX in analyses(db, run_id), 120, "the run's analyses")
    finally:
        w.send_signal(signal.SIGTERM)
        out, _ = w.communicate(timeout=60)
    assert w.returncode == 0, out
    assert f"analysed run {run_id}" in out and "analysis worker stopped" in out
    assert set(analyses(db, run_id).values()) == {1}  # every kind once


@pytest.mark.slow
def test_a_worker_killed_mid_analysis_leaves_nothing_half_written(db, database_url):
    run_id = store(db, pingpong(n_calls=60_000, points=4)[0], {p: {"request_bytes": 64 * (p + 1)} for p in range(4)})

    def analysing():  # the worker holds the run's advisory lock while it computes the analyses
        with db.session() as s:
            held = s.scalar(text("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND classid = :c "
                                 "AND objid = :r AND granted"), {"c": LOCK_CLASS, "r": run_id})
            return held and "summary" in analyses(db, run_id)

    first = start_worker(database_url)
    try:
        freeze_when(first, lambda: analysing() and INDEX not in analyses(db, run_id), 120,
                    "the first worker stopped mid-analysis")
    finally:
        first.kill()
        first.wait(30)
    kinds = analyses(db, run_id)
    assert "summary" in kinds and INDEX not in kinds and len(kinds) == 1, kinds  # the analyses: all or none
    second = start_worker(database_url)
    try:
        wait_until(lambda: INDEX in analyses(db, run_id), 180, "the second worker's analyses")
    finally:
        second.send_signal(signal.SIGTERM)
        second.communicate(timeout=60)
    kinds = analyses(db, run_id)
    assert len(kinds) == len(KINDS) + 2 and set(kinds.values()) == {1}, kinds  # every kind, the index, the summary: once
