"""The real perflab-agent (agents/build, built by `make test` first) against a live backend on a real port."""

import signal
import socket
import subprocess
import threading
import time

import httpx
import pytest

from perflab.core.config import REPO_ROOT

from conftest import ENROLLMENT_TOKEN

AGENT = REPO_ROOT / "agents" / "build" / "perflab-agent"


@pytest.fixture
def lab(live_server, admin_headers, tmp_path):
    if not AGENT.exists():
        pytest.fail(f"{AGENT} is missing: build it with `make -C agents`")
    procs = {}
    for name in ("it-a", "it-b"):
        procs[name] = subprocess.Popen(
            [str(AGENT), "daemon", "--backend", live_server, "--token", ENROLLMENT_TOKEN, "--name", name,
             "--advertise", "127.0.0.1", "--spool", str(tmp_path / name)],
            stdout=subprocess.DEVNULL, stderr=open(tmp_path / f"{name}.log", "w"))
    http = httpx.Client(base_url=live_server, timeout=30, headers=admin_headers)
    ids = wait(lambda: _online(http, procs), 15, "agents online")
    yield http, ids, procs
    for p in procs.values():
        if p.poll() is None:
            p.send_signal(signal.SIGTERM)
    for name, p in procs.items():
        assert p.wait(10) == 0 or p.returncode == -signal.SIGKILL, f"{name} exited {p.returncode}"
    http.close()


def _online(http, procs):
    agents = {a["name"]: a for a in http.get("/api/agents").json()}
    if all(agents.get(n, {}).get("status") == "online" for n in procs):
        return {n: agents[n]["id"] for n in procs}
    return None


def wait(probe, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        got = probe()
        if got:
            return got
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def finished(http, run_id):
    r = http.get(f"/api/runs/{run_id}")
    assert r.status_code == 200, r.text
    run = r.json()
    return run if run["status"] in ("done", "failed", "cancelled") else None


def launch_pingpong(http, ids, **body):
    """A ping-pong from it-a to it-b (64-byte messages unless `body` says otherwise); the run as created."""
    r = http.post("/api/runs", json={"client_agent_id": ids["it-a"], "server_agent_id": ids["it-b"],
                                     "request_bytes": 64, "response_bytes": 64, **body})
    assert r.status_code == 201, r.text
    return r.json()


def analysed(http, run_id, seconds):
    """The finished run (which must be done) and its analyses' index once the analysis worker stored them."""
    run = wait(lambda: finished(http, run_id), seconds, "run finished")
    assert run["status"] == "done", run
    index = wait(lambda: (lambda j: j if j["kinds"] else None)(http.get(f"/api/runs/{run_id}/analyses").json()),
                 seconds, "analyses stored")
    assert index["error"] is None, index
    return run, index


def _lo_mtu() -> int:
    with open("/sys/class/net/lo/mtu") as f:
        return int(f.read())


@pytest.mark.parametrize("transport, size", [("tcp", 64), ("udp", 64), ("tcp", 100_000)])
def test_a_real_pingpong_run(lab, transport, size):
    http, ids, _ = lab
    created = launch_pingpong(http, ids, transport=transport, request_bytes=size, response_bytes=size, calls=500,
                              warmup_calls=20)
    run = wait(lambda: finished(http, created["id"]), 60, "run finished")
    assert run["status"] == "done", run
    assert run["calls_done"] == 520
    # the client reported the interface its traffic took: loopback, with the MTU the kernel gives it
    assert run["link"]["path"]["interface"] == "lo" and run["link"]["path"]["mtu"] == _lo_mtu()
    summary = http.get(f"/api/runs/{run['id']}/summary").json()
    assert summary["warmup_calls"] == 20
    assert summary["rtt"]["count"] + summary["error_calls"] == 500
    rtt = summary["rtt"]
    assert 0 < rtt["min_ns"] <= rtt["median_ns"] <= rtt["p99_ns"] <= rtt["max_ns"] < 1e9
    steps = {s["name"]: s["stats"] for s in summary["steps"]}
    assert {"c.send", "c.wait", "c.recv", "s.wait", "s.recv", "s.send"} <= set(steps)
    # the client's steps tile the call (shared timestamps): their means add up to the mean RTT, never more
    client_steps = steps["c.send"]["mean_ns"] + steps["c.wait"]["mean_ns"] + steps["c.recv"]["mean_ns"]
    assert client_steps <= rtt["mean_ns"] * (1 + 1e-9)


def test_peer_unreachable(lab, live_server):
    """A server agent that cannot be reached: its advertised address is wrong, so the client cannot connect."""
    http, ids, _ = lab
    r = http.post("/api/agents/enroll", json={"enrollment_token": ENROLLMENT_TOKEN, "name": "ghost",
                                              "host": "nowhere", "address": "127.0.0.1", "version": "0"})
    ghost = {"Authorization": f"Bearer {r.json()['token']}"}
    run = http.post("/api/runs", json={"client_agent_id": ids["it-a"], "server_agent_id": r.json()["agent_id"],
                                       "request_bytes": 64, "response_bytes": 64, "calls": 10}).json()
    [cmd] = http.get("/api/agents/commands?wait_s=5", headers=ghost).json()["commands"]
    # a port nobody listens on
    http.post(f"/api/agents/jobs/{cmd['job']['job_id']}/status", json={"state": "ready", "port": 1}, headers=ghost)
    failed = wait(lambda: finished(http, run["id"]), 20, "run failed")
    assert failed["status"] == "failed"
    assert "peer unreachable" in failed["reason"] and "127.0.0.1:1" in failed["reason"]


def test_a_peer_that_goes_silent_fails_the_run_naming_it(lab):
    """A server that answers the hello and then nothing (a cut link, a frozen host): the client gives up after
    its reply timeout (15 s) and the run fails saying which peer stopped answering, instead of hanging."""
    http, ids, _ = lab
    r = http.post("/api/agents/enroll", json={"enrollment_token": ENROLLMENT_TOKEN, "name": "mute",
                                              "host": "here", "address": "127.0.0.1", "version": "0"})
    mute = {"Authorization": f"Bearer {r.json()['token']}"}
    listener = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def silent_server():
        conn, _ = listener.accept()
        with conn:
            conn.recv(16)  # the hello
            conn.sendall(b"OKPP")
            while conn.recv(4096):  # requests, never answered, until the client closes
                pass

    def heartbeats():  # the mute server's agent stays online: the run must fail for the silence, not a vanishing
        while not stop.wait(1):
            http.post("/api/agents/heartbeat", headers=mute)

    threads = [threading.Thread(target=f, daemon=True) for f in (silent_server, heartbeats)]
    for th in threads:
        th.start()
    try:
        run = launch_pingpong(http, ids | {"it-b": r.json()["agent_id"]}, calls=10)
        [cmd] = http.get("/api/agents/commands?wait_s=5", headers=mute).json()["commands"]
        port = listener.getsockname()[1]
        http.post(f"/api/agents/jobs/{cmd['job']['job_id']}/status", json={"state": "ready", "port": port},
                  headers=mute)
        failed = wait(lambda: finished(http, run["id"]), 45, "run failed")
        assert failed["status"] == "failed"
        # the first thing the client asks after the hello is the clock exchange: that is what goes unanswered
        assert failed["reason"] == (f"client agent it-a: peer 127.0.0.1:{port} stopped answering: no reply in "
                                    "15 s after the hello"), failed
    finally:
        stop.set()
        listener.close()


def test_a_client_agent_killed_mid_run_fails_it_and_keeps_its_calls(lab):
    http, ids, procs = lab
    run = launch_pingpong(http, ids, calls=1_000_000, warmup_calls=0)
    wait(lambda: http.get(f"/api/runs/{run['id']}").json()["calls_done"] > 0, 30, "first calls uploaded")
    procs["it-a"].kill()
    failed = wait(lambda: finished(http, run["id"]), 30, "run failed")
    assert failed["status"] == "failed"
    assert failed["reason"] == "agent it-a vanished (no heartbeat for 10 s)"
    assert 0 < failed["calls_done"] < 1_000_000
    assert http.get(f"/api/runs/{run['id']}/summary").json()["rtt"]["count"] > 0


def test_cancel_stops_both_agents(lab):
    http, ids, _ = lab
    run = launch_pingpong(http, ids, calls=1_000_000, warmup_calls=0)
    wait(lambda: http.get(f"/api/runs/{run['id']}").json()["calls_done"] > 0, 30, "first calls uploaded")
    assert http.post(f"/api/runs/{run['id']}/cancel").json()["status"] == "cancelled"
    # both agents are free again: a new run completes
    again = launch_pingpong(http, ids, calls=100)
    assert wait(lambda: finished(http, again["id"]), 30, "second run")["status"] == "done"
