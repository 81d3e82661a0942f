"""An admin revokes a real agent in the middle of its run: the run fails naming the revocation, what the agent uploaded
stays, and the agent stops (exit 3, the backend's words on stderr) instead of enrolling again; started again, it
still stops. Its spool is left on disk, and uploaded once an admin reinstates it and it is started again."""

import subprocess

import httpx
import pytest

from stored_steps import calls_of

from agent_procs import stop_agents
from conftest import ENROLLMENT_TOKEN
from test_agent_integration import AGENT, _online, finished, wait
from test_agent_spool_restart import spooled_call_nos

REVOKED_EXIT = 3  # agents/src/daemon/daemon.h PL_EXIT_REVOKED


def start_agent(name, live_server, tmp_path, *extra: str):
    return subprocess.Popen([str(AGENT), "daemon", "--backend", live_server, "--token", ENROLLMENT_TOKEN,
                             "--name", name, "--advertise", "127.0.0.1", "--spool", str(tmp_path / name), *extra],
                            stdout=subprocess.DEVNULL, stderr=open(tmp_path / f"{name}.log", "a"))


@pytest.fixture
def pair(live_server, admin_headers, tmp_path):
    if not AGENT.exists():
        pytest.fail(f"{AGENT} is missing: build it with `make -C agents`")
    procs = {name: start_agent(name, live_server, tmp_path) for name in ("rv-client", "rv-server")}
    http = httpx.Client(base_url=live_server, timeout=30, headers=admin_headers)
    try:
        yield http, wait(lambda: _online(http, procs), 15, "agents online"), procs
    finally:
        stop_agents(procs)
        http.close()


def stored_call_nos(db, run_id: int) -> list[int]:
    with db.session() as s:
        return calls_of(s, run_id, ("call_no",))["call_no"].tolist()


def test_an_agent_revoked_mid_run_stops_and_its_uploads_stay(pair, live_server, tmp_path, db):
    http, ids, procs = pair
    run = http.post("/api/runs", json={"client_agent_id": ids["rv-client"], "server_agent_id": ids["rv-server"],
                                       "request_bytes": 64, "response_bytes": 64, "calls": 1_000_000,
                                       "warmup_calls": 0}).json()
    uploaded = wait(lambda: http.get(f"/api/runs/{run['id']}").json()["calls_done"], 30, "first calls uploaded")

    r = http.post(f"/api/agents/{ids['rv-client']}/revoke")
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "revoked"

    failed = wait(lambda: finished(http, run["id"]), 30, "run failed")
    assert failed["status"] == "failed"
    assert failed["reason"] == "agent rv-client was revoked by admin"
    # what was uploaded before the revocation is still stored
    assert uploaded <= failed["calls_done"] < 1_000_000
    summary = http.get(f"/api/runs/{run['id']}/summary").json()
    assert summary["rtt"]["count"] > 0
    assert {"c.send", "c.wait", "c.recv"} <= {s["name"] for s in summary["steps"]}

    # the agent noticed (its next upload, heartbeat or poll got 401 "revoked") and stopped by itself
    client = procs["rv-client"]
    assert client.wait(20) == REVOKED_EXIT
    log = (tmp_path / "rv-client.log").read_text()
    assert "perflab-agent: this agent was revoked by the backend (401: revoked: agent rv-client was revoked" in log, log
    assert log.count("enrolled at") == 1, log  # it did not enrol again
    assert "enrolling again" not in log, log
    # what it measured but could no longer upload stays in its spool (at least the job's closing batch)
    spooled = sorted(p.name for p in (tmp_path / "rv-client").glob("job-*.plb"))
    assert spooled, "the spool was emptied"
    # counted once the agent has stopped: a batch it sent just before the revocation committed is stored
    stored = http.get(f"/api/runs/{run['id']}").json()["calls_done"]

    # the server agent was only the peer: it stays online
    assert procs["rv-server"].poll() is None
    assert _online(http, {"rv-server": None}) == {"rv-server": ids["rv-server"]}

    # started again under the revoked name, it is refused at enrolment and stops at once, no loop
    again = start_agent("rv-client", live_server, tmp_path)
    procs["rv-client"] = again
    assert again.wait(20) == REVOKED_EXIT
    log = (tmp_path / "rv-client.log").read_text()
    assert log.count("perflab-agent: this agent was revoked by the backend (403: agent rv-client was revoked") == 1
    assert log.count("enrolment failed") == 1, log
    assert sorted(p.name for p in (tmp_path / "rv-client").glob("job-*.plb")) == spooled
    # under docker compose (restart: on-failure) it exits 0 instead, so it is not started again to be refused again
    procs["rv-client"] = start_agent("rv-client", live_server, tmp_path, "--revoked-exit", "0")
    assert procs["rv-client"].wait(20) == 0
    assert (tmp_path / "rv-client.log").read_text().count("this agent was revoked by the backend (403") == 2

    # reinstated by an admin, it enrols again and uploads what its spool kept: nothing lost, nothing twice
    r = http.post(f"/api/agents/{ids['rv-client']}/reinstate")
    assert r.status_code == 200 and r.json()["revoked_at"] is None, r.text
    job_id = int(spooled[0].split("-")[1])
    kept = set(spooled_call_nos(tmp_path / "rv-client", job_id))
    before = stored_call_nos(db, run["id"])
    procs["rv-client"] = start_agent("rv-client", live_server, tmp_path)
    wait(lambda: not list((tmp_path / "rv-client").glob("job-*.plb")), 30, "spool uploaded after reinstatement")
    assert not list((tmp_path / "rv-client" / "rejected").iterdir())
    after = stored_call_nos(db, run["id"])
    # a batch the backend stored while the revoked agent was already cutting its requests short keeps its file
    # (no acknowledgement came back): sent again, it is recognised and stored no second time
    assert set(after) == set(before) | kept and len(after) == len(set(after)), (len(after), len(before), len(kept))
    assert http.get(f"/api/runs/{run['id']}").json()["calls_done"] == len(after) >= stored
