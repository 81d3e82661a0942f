"""Trace ingest's PostgreSQL backends run at a lower CPU priority than the reads' (core/backend_priority.py)."""

import os
import subprocess
import sys
import time

import pytest
from sqlalchemy import text

from perflab.core.config import REPO_ROOT, Settings
from perflab.core.db import Database


def backend_nice(session) -> int:
    pid = session.execute(text("SELECT pg_backend_pid()")).scalar_one()
    return os.getpriority(os.PRIO_PROCESS, pid)


def test_ingest_connections_are_reniced_and_reads_are_not(database_url):
    db = Database(database_url, background_nice=7)
    try:
        with db.session() as reads, db.ingest_session() as ingest:
            base = backend_nice(reads)  # the server's own (a test run under nice passes it on)
            assert base < 7, "the server already runs at nice 7 or more: nothing to see"
            assert backend_nice(ingest) == 7
    finally:
        db.dispose()


def test_background_nice_0_leaves_the_backends_as_they_are(database_url):
    db = Database(database_url, background_nice=0)
    try:
        with db.session() as reads, db.ingest_session() as ingest:
            assert backend_nice(ingest) == backend_nice(reads)
    finally:
        db.dispose()


def test_background_nice_out_of_range_names_the_setting(monkeypatch):
    monkeypatch.setenv("PERFLAB_BACKGROUND_NICE", "25")
    with pytest.raises(ValueError, match="background_nice"):
        Settings()


@pytest.mark.slow
def test_the_analysis_worker_and_its_backends_run_at_background_nice(database_url):
    env = {**os.environ, "DATABASE_URL": database_url, "PERFLAB_BACKGROUND_NICE": "6"}
    worker = subprocess.Popen([sys.executable, "-m", "perflab", "worker", "--idle", "0.2"], env=env,
                              cwd=REPO_ROOT / "backend", stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    db = Database(database_url)
    try:
        def worker_backend_niced():
            with db.session() as s:  # the worker polls for finished runs: its backends are among these
                pids = s.execute(text("SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                                      "AND pid <> pg_backend_pid()")).scalars().all()
            return 6 in {os.getpriority(os.PRIO_PROCESS, pid) for pid in pids}

        deadline = time.monotonic() + 60
        while not worker_backend_niced():
            assert worker.poll() is None and time.monotonic() < deadline, "no worker backend at nice 6 in 60 s"
            time.sleep(0.1)
        assert os.getpriority(os.PRIO_PROCESS, worker.pid) == 6
    finally:
        worker.terminate()
        worker.wait(60)
        db.dispose()
