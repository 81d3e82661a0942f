"""Several backend replicas on one PostgreSQL (issue 15): what one replica learns, the others know. Two apps on one
database stand for two replicas in the API tests; `perflab serve --replicas 2` runs real agents' run end to end."""

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

import procfs
from agent_procs import online_ids, start_daemons, stop_agents
from agent_sim import SimAgent
from conftest import ENROLLMENT_TOKEN, free_port
from perflab.api import agents as agents_api
from perflab.main import create_app
from perflab.services.exports import report_jobs
from test_agent_integration import AGENT, finished, wait
from test_fault_backend_killed import healthy


@pytest.fixture
def two_replicas(settings, db, admin_headers, monkeypatch):
    # a command watch that looks by itself only once a minute: a command queued on one replica reaches an agent
    # polling the other in time only if the other is told
    monkeypatch.setattr(agents_api, "COMMAND_POLL_INTERVAL_S", 60.0)
    with TestClient(create_app(settings, db), headers=admin_headers) as one, \
            TestClient(create_app(settings, db), headers=admin_headers) as other:
        yield one, other


def test_a_run_launched_on_one_replica_wakes_an_agent_polling_another(two_replicas):
    one, other = two_replicas
    client, server = SimAgent(one, "local-a"), SimAgent(other, "local-b")
    got: list[list[dict]] = []
    poll = threading.Thread(target=lambda: got.append(server.commands(wait_s=20)))
    poll.start()
    wait(lambda: server.id in other.app.state.command_watch._waiting, 10, "the server agent's poll to wait")
    began = time.monotonic()
    r = one.post("/api/runs", json={"client_agent_id": client.id, "server_agent_id": server.id,
                                     "request_bytes": 64, "response_bytes": 64, "calls": 100})
    assert r.status_code == 201, r.text
    poll.join(30)
    assert got and [c["type"] for c in got[0]] == ["start"], got  # not an empty answer at the poll's deadline
    assert time.monotonic() - began < 15  # told, not found by a look of its own (60 s away)


def test_failed_logins_on_one_replica_count_on_the_other(settings, db, admin_headers):
    with TestClient(create_app(settings, db)) as one, TestClient(create_app(settings, db)) as other:
        for i in range(settings.login_attempts):
            replica = (one, other)[i % 2]
            assert replica.post("/api/auth/login", json={"name": "admin", "password": "guess"}).status_code == 401
        for replica in (one, other):
            r = replica.post("/api/auth/login", json={"name": "admin", "password": "guess"})
            assert r.status_code == 429 and "PERFLAB_LOGIN_ATTEMPTS" in r.json()["detail"], r.text


def test_a_print_on_one_replica_shows_its_progress_on_another(two_replicas):
    one, other = two_replicas
    progress = one.app.state.report_jobs.start("print-0001")
    progress.stage("printing", pages=7)
    r = other.get("/api/report-jobs/print-0001")
    step = list(report_jobs.STAGES).index("printing") + 1
    assert r.status_code == 200 and (r.json()["stage"], r.json()["pages"], r.json()["step"]) == ("printing", 7, step)
    progress.finish()
    r = other.get("/api/report-jobs/print-0001").json()
    assert r["stage"] == "done" and r["finished"] and r["pages"] == 7 and r["elapsed_s"] >= 0
    failed = other.app.state.report_jobs.start("print-0002")
    failed.finish("Chromium could not load the report")
    r = one.get("/api/report-jobs/print-0002").json()
    assert (r["stage"], r["label"], r["finished"]) == ("waiting", "Chromium could not load the report", True)


def replicas(pid: int) -> list[int]:
    """The serving processes uvicorn started under pid (not its multiprocessing resource tracker)."""
    return [int(p.name) for p in Path("/proc").iterdir()
            if p.name.isdigit() and procfs.parent(int(p.name)) == pid and b"spawn_main" in _cmdline(p)]


def _cmdline(proc: Path) -> bytes:
    try:
        return (proc / "cmdline").read_bytes()
    except OSError:
        return b""


def test_replicas_outside_their_range_are_refused_naming_the_option():
    r = subprocess.run([sys.executable, "-m", "perflab", "serve", "--replicas", "0"], capture_output=True, text=True,
                       env={**os.environ, "DATABASE_URL": "postgresql://nobody@127.0.0.1:1/none"})
    assert r.returncode == 2 and "--replicas must be 1 to 16 (got 0)" in r.stderr, r.stderr


@pytest.mark.skipif(not AGENT.exists(), reason=f"the agent is not built ({AGENT})")
def test_real_agents_run_through_two_replicas(database_url, db, admin_headers, tmp_path):
    """Agents' long-polls, uploads and a browser's reads spread over two processes by the kernel: the run starts,
    its live window is readable wherever a read lands, and every call is stored once."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "DATABASE_URL": database_url, "PERFLAB_ENROLLMENT_TOKEN": ENROLLMENT_TOKEN}
    log = open(tmp_path / "backend.log", "wb")
    backend = subprocess.Popen([sys.executable, "-m", "perflab", "serve", "--port", str(port), "--replicas", "2"],
                               env=env, stdout=log, stderr=subprocess.STDOUT)
    agents = {}
    http = httpx.Client(base_url=base, headers=admin_headers, timeout=30)
    try:
        pids = wait(lambda: healthy(base) and (lambda found: found if len(found) == 2 else None)(
            replicas(backend.pid)), 90, "two replicas serving")
        agents = start_daemons(base, ("rp-a", "rp-b"), tmp_path)
        ids = online_ids(http, agents)
        r = http.post("/api/runs", json={"client_agent_id": ids["rp-a"], "server_agent_id": ids["rp-b"],
                                         "request_bytes": 64, "response_bytes": 64, "calls": 100_000,
                                         "warmup_calls": 100})
        assert r.status_code == 201, r.text
        run_id = r.json()["id"]
        lives = []
        while finished(http, run_id) is None and len(lives) < 40:
            with httpx.Client(base_url=base, headers=admin_headers, timeout=30) as browser:  # a new connection
                lives.append(browser.get(f"/api/runs/{run_id}/live-calls").json()["events"])
            time.sleep(0.05)
        run = wait(lambda: finished(http, run_id), 120, "the run's end")
        assert run["status"] == "done" and run["calls_done"] == run["calls_total"], run
        first = next((i for i, events in enumerate(lives) if events), None)
        assert first is not None, "no read saw a live event"
        # once there, the window is there for every later read, whichever replica answers it
        assert all(lives[first:]), [len(events) for events in lives]
        assert all([e["id"] for e in events] == sorted(e["id"] for e in events) for events in lives)
    finally:
        stop_agents(agents)
        http.close()
        backend.send_signal(signal.SIGTERM)
        backend.wait(30)
        log.close()
    wait(lambda: not any(map(_running, pids)), 30, "the replicas to end with their supervisor")


def test_replicas_end_when_their_supervisor_is_killed(database_url, tmp_path):
    """A supervisor killed with SIGKILL cannot stop its replicas: each ends by itself (PR_SET_PDEATHSIG), so no
    orphan keeps serving the port (a `make up` after a crash could not bind it)."""
    port = free_port()
    env = {**os.environ, "DATABASE_URL": database_url, "PERFLAB_ENROLLMENT_TOKEN": ENROLLMENT_TOKEN}
    with open(tmp_path / "backend.log", "wb") as log:
        backend = subprocess.Popen([sys.executable, "-m", "perflab", "serve", "--port", str(port), "--replicas", "2"],
                                   env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            pids = wait(lambda: healthy(f"http://127.0.0.1:{port}") and (
                lambda found: found if len(found) == 2 else None)(replicas(backend.pid)), 90, "two replicas serving")
        finally:
            backend.kill()
            backend.wait(10)
        wait(lambda: not any(map(_running, pids)), 30, "the replicas to end without their supervisor")
    assert not healthy(f"http://127.0.0.1:{port}")


def _running(pid: int) -> bool:
    """Alive and not a zombie waiting for its new parent to reap it."""
    return procfs.state(pid) not in (None, "Z")
