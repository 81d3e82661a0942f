"""The embedded PostgreSQL of `make up` and the tests: `stop` stops it, whichever process started it (pgserver's
own cleanup stops a server only from the last process holding a handle, and left servers running), and it
starts again on the same data."""

import os
import subprocess
import sys

import psycopg
import pytest

from perflab.core import embedded_pg


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
        return True
    except ProcessLookupError:
        return False


@pytest.mark.slow
def test_stop_stops_the_server_this_process_started_and_start_brings_the_data_back(tmp_path):
    data = tmp_path / "pgdata"
    url = embedded_pg.start(data, database="kept")
    with psycopg.connect(url, autocommit=True) as c:
        c.execute("CREATE TABLE t AS SELECT 42 AS answer")
    pid = int((data / "postmaster.pid").read_text().split()[0])
    try:
        assert embedded_pg.stop(data) is True
        assert not _running(pid) and not (data / "postmaster.pid").exists()
        assert embedded_pg.stop(data) is False  # nothing left to stop
        with psycopg.connect(embedded_pg.start(data, database="kept")) as c:
            assert c.execute("SELECT answer FROM t").fetchone() == (42,)
    finally:
        embedded_pg.stop(data)


@pytest.mark.slow
def test_stop_from_another_process_as_make_down_does(tmp_path):
    data = tmp_path / "pgdata"
    embedded_pg.start(data)
    pid = int((data / "postmaster.pid").read_text().split()[0])
    try:
        out = subprocess.run([sys.executable, "-m", "perflab", "--data", str(data), "db", "stop"],
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 0 and "stopped" in out.stdout, out
        assert not _running(pid)
    finally:
        embedded_pg.stop(data)
