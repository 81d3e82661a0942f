"""Pages read from a PostgreSQL streaming replica while the primary ingests (issue 34, core/read_replica.py): a
primary and a hot standby of it made by pg_basebackup (embedded_pg.start_replica), both torn down whatever happens;
a real run through real agents on a backend given DATABASE_READ_URL; what its pages read from the replica."""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx
import psycopg
import pytest
from agent_procs import online_ids, start_daemons, stop_agents
from conftest import ENROLLMENT_TOKEN, free_port
from fastapi.testclient import TestClient
from test_agent_integration import AGENT, analysed, wait
from test_api_ids import fill, id_routes
from test_fault_backend_killed import healthy

from perflab.core import embedded_pg
from perflab.core.config import REPO_ROOT, Settings
from perflab.core.db import Database, normalise_url
from perflab.core.read_replica import READ_FROM_HEADER, WRITTEN_LSN_COOKIE, format_lsn, parse_lsn
from perflab.main import create_app
from perflab.migrate import upgrade
from perflab.services import credentials, users

DATABASE = "perflab_replica_test"
NEVER_REPLAYED = "FFFFFFFF/FFFFFFFF"  # a written position no replica has reached: the read goes to the primary


@pytest.fixture(scope="module")
def replicated():
    """(primary URL, replica URL) of one database, migrated on the primary and streamed to the replica."""
    root = Path(tempfile.mkdtemp(prefix="perflab-repl-"))  # short: each server's socket lives in its folder
    try:
        primary = embedded_pg.start(root / "primary", DATABASE)
        replica = embedded_pg.start_replica(root / "primary", root / "replica", DATABASE)
        upgrade(normalise_url(primary), REPO_ROOT / "migrations")  # its tables reach the replica by streaming
        yield normalise_url(primary), normalise_url(replica)
    finally:
        for server in ("replica", "primary"):
            try:
                embedded_pg.stop(root / server)
            except Exception as e:  # the other one is still stopped
                print(f"stopping the {server}: {e}")
        shutil.rmtree(root, ignore_errors=True)


def admin_headers(primary: str) -> dict[str, str]:
    db = Database(primary)
    try:
        with db.session() as s:
            admin = users.create_user(s, f"admin-{uuid.uuid4().hex[:8]}", "admin-password-for-tests", "admin")
            _, token = credentials.create_api_token(s, admin, "replica tests", None)
    finally:
        db.dispose()
    return {"Authorization": f"Bearer {token}"}


def libpq(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


def run_page_reads(run_id: int) -> list[str]:
    """What the Runs page and a run's page read."""
    return ["/api/runs", f"/api/runs/{run_id}", f"/api/runs/{run_id}/summary", f"/api/runs/{run_id}/calls",
            f"/api/runs/{run_id}/analyses", f"/api/runs/{run_id}/analyses/rtp",
            f"/api/runs/{run_id}/points/0/analyses/step_stats", f"/api/runs/{run_id}/timeline"]


def _read_both(base: str, headers: dict, run_id: int) -> tuple[dict, dict]:
    """The run page's reads by a browser that wrote nothing (the replica), then the same forced to the primary."""
    with httpx.Client(base_url=base, headers=headers, timeout=30) as browser:
        from_replica = {page: browser.get(page) for page in run_page_reads(run_id)}
        browser.cookies.set(WRITTEN_LSN_COOKIE, NEVER_REPLAYED)
        from_primary = {page: browser.get(page) for page in run_page_reads(run_id)}
    return from_replica, from_primary


@pytest.mark.skipif(not AGENT.exists(), reason=f"the agent is not built ({AGENT})")
def test_the_pages_of_a_finished_run_are_read_from_the_replica(replicated, tmp_path):
    primary, replica = replicated
    headers = admin_headers(primary)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "DATABASE_URL": primary, "DATABASE_READ_URL": replica,
           "PERFLAB_ENROLLMENT_TOKEN": ENROLLMENT_TOKEN, "PERFLAB_STATE": str(tmp_path / "state")}
    log = open(tmp_path / "backend.log", "wb")
    backend = subprocess.Popen([sys.executable, "-m", "perflab", "serve", "--port", str(port)], env=env,
                               stdout=log, stderr=subprocess.STDOUT)
    agents = {}
    try:
        wait(lambda: healthy(base), 90, "the backend serving")
        agents = start_daemons(base, ("rr-a", "rr-b"), tmp_path)
        with httpx.Client(base_url=base, headers=headers, timeout=30) as operator:
            ids = online_ids(operator, agents)
            r = operator.post("/api/runs", json={"client_agent_id": ids["rr-a"], "server_agent_id": ids["rr-b"],
                                                 "request_bytes": 64, "response_bytes": 64, "calls": 5000,
                                                 "warmup_calls": 50})
            assert r.status_code == 201, r.text
            run_id = r.json()["id"]
            # the launch answered with the primary's WAL position: the operator's next reads wait for it
            assert parse_lsn(operator.cookies.get(WRITTEN_LSN_COOKIE)) is not None, r.headers
            analysed(operator, run_id, 120)

        # a browser that wrote nothing reads the replica; the same pages from the primary for comparison. A run's
        # analyses may be stored again just after `analysed` (a late batch: same calls, another `seconds`), so the
        # two are read again until they agree, for a while; the last reading is what the checks below judge
        deadline = time.monotonic() + 30
        while True:
            from_replica, from_primary = _read_both(base, headers, run_id)
            if all(from_replica[p].content == from_primary[p].content for p in from_replica) \
                    or time.monotonic() > deadline:
                break
            time.sleep(0.5)
        for page in from_replica:
            got, want = from_replica[page], from_primary[page]
            assert got.status_code == 200 and want.status_code == 200, (page, got.text, want.text)
            assert (got.headers[READ_FROM_HEADER], want.headers[READ_FROM_HEADER]) == ("replica", "primary"), page
            assert got.json() == want.json(), page
        run = from_replica[f"/api/runs/{run_id}"].json()
        assert run["status"] == "done" and run["calls_done"] == run["calls_total"] >= 5000, run
        assert run_id in [r["id"] for r in from_replica["/api/runs"].json()["items"]]

        # a summary not stored yet (as while a run uploads) is computed on the replica, and stored only by a read
        # on the primary: a standby stores nothing
        summary = f"/api/runs/{run_id}/summary"
        with psycopg.connect(libpq(primary), autocommit=True) as conn:
            conn.execute("DELETE FROM analyses WHERE run_id = %s AND kind = 'summary'", (run_id,))
        with psycopg.connect(libpq(replica), autocommit=True) as standby:
            wait(lambda: standby.execute("SELECT count(*) FROM analyses WHERE run_id = %s AND kind = 'summary'",
                                         (run_id,)).fetchone()[0] == 0, 30, "the replica to replay the delete")
        with httpx.Client(base_url=base, headers=headers, timeout=30) as browser:
            computed = browser.get(summary)
            assert (computed.status_code, computed.headers[READ_FROM_HEADER]) == (200, "replica"), computed.text
            assert computed.json() == from_primary[summary].json()
            browser.cookies.set(WRITTEN_LSN_COOKIE, NEVER_REPLAYED)
            assert browser.get(summary).headers[READ_FROM_HEADER] == "primary"
        with psycopg.connect(libpq(primary), autocommit=True) as conn:
            assert conn.execute("SELECT count(*) FROM analyses WHERE run_id = %s AND kind = 'summary'",
                                (run_id,)).fetchone()[0] == 1

        # every read of a run the API offers answers from the replica: none writes, none needs the unlogged
        # shared state (those take the primary's session); the PDFs are left out (Chromium prints them)
        with httpx.Client(base_url=base, headers=headers, timeout=60) as browser:
            for method, path, name in id_routes(browser):
                if method != "GET" or "{run_id}" not in path or path.endswith(".pdf"):
                    continue
                r = browser.get(fill(path, name, run_id))
                assert r.status_code < 500, (path, r.status_code, r.text[:300])
    finally:
        stop_agents(agents)
        backend.send_signal(signal.SIGTERM)
        try:
            backend.wait(30)
        except subprocess.TimeoutExpired:
            backend.kill()
            backend.wait()
        log.close()


def test_a_callers_own_write_is_read_back_while_the_replica_is_behind(replicated, tmp_path):
    """Replay paused on the replica: a token made by one caller is in their next read (from the primary, their
    written position not being on the replica), not in another caller's (the replica); replay resumed, the
    first caller reads the replica again and still finds it."""
    primary, replica = replicated
    headers = admin_headers(primary)
    settings = Settings(database_url=primary, database_read_url=replica, enrollment_token=ENROLLMENT_TOKEN,
                        state=tmp_path / "state", analysis_worker=False)
    name = f"made-while-behind-{uuid.uuid4().hex[:6]}"
    with TestClient(create_app(settings), headers=headers) as writer, \
            TestClient(create_app(settings), headers=headers) as other, \
            psycopg.connect(libpq(replica), autocommit=True) as standby:
        standby.execute("SELECT pg_wal_replay_pause()")
        try:
            wait(lambda: standby.execute("SELECT pg_get_wal_replay_pause_state()").fetchone()[0] == "paused", 30,
                 "the replica's replay to pause")
            assert writer.post("/api/tokens", json={"name": name}).status_code == 201
            mine = writer.get("/api/tokens")
            assert mine.headers[READ_FROM_HEADER] == "primary" and name in [t["name"] for t in mine.json()]
            theirs = other.get("/api/tokens")
            assert theirs.headers[READ_FROM_HEADER] == "replica" and name not in [t["name"] for t in theirs.json()]
        finally:
            standby.execute("SELECT pg_wal_replay_resume()")
        caught_up = wait(lambda: (lambda r: r if r.headers[READ_FROM_HEADER] == "replica" else None)(
            writer.get("/api/tokens")), 30, "the replica to replay the write")
        assert name in [t["name"] for t in caught_up.json()]


def test_reads_go_to_the_primary_when_the_replica_is_out_of_reach(replicated, tmp_path):
    primary, _ = replicated
    nowhere = normalise_url(f"postgresql://postgres:@/{DATABASE}?host={tmp_path / 'no-server'}")
    settings = Settings(database_url=primary, database_read_url=nowhere, enrollment_token=ENROLLMENT_TOKEN,
                        state=tmp_path / "state", analysis_worker=False)
    with TestClient(create_app(settings), headers=admin_headers(primary)) as client:
        for _ in range(3):
            r = client.get("/api/runs")
            assert r.status_code == 200 and r.headers[READ_FROM_HEADER] == "primary", r.text
        reads = client.app.state.db.reads
        assert reads.answered["primary_unreachable"] == 3 and reads.answered["replica"] == 0
        assert reads.failed_connects == 1  # tried again only after RETRY_REPLICA_AFTER_S, not on every read


def test_without_a_replica_reads_say_nothing_and_writes_set_no_cookie(replicated, tmp_path):
    primary, _ = replicated
    settings = Settings(database_url=primary, enrollment_token=ENROLLMENT_TOKEN, state=tmp_path / "state",
                        analysis_worker=False)
    with TestClient(create_app(settings), headers=admin_headers(primary)) as client:
        assert client.post("/api/tokens", json={"name": "no replica"}).status_code == 201
        r = client.get("/api/tokens")
        assert r.status_code == 200 and READ_FROM_HEADER not in r.headers and WRITTEN_LSN_COOKIE not in client.cookies


@pytest.mark.parametrize("text", ["", "0/0x1", "1/2/3", "G/1", "123456789/1", "1/ 2", "-1/1"])
def test_a_written_position_that_is_not_one_is_ignored(text):
    assert parse_lsn(text) is None


def test_written_positions_read_back_as_written():
    for lsn in (0, 1, 0x16B3748, 0xFFFFFFFF, 0x1_0000_0000, 0xFFFFFFFF_FFFFFFFF):
        assert parse_lsn(format_lsn(lsn)) == lsn
    assert parse_lsn("0/16B3748") < parse_lsn("1/0") < parse_lsn(NEVER_REPLAYED)
