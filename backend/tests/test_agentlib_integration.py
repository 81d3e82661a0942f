"""The real perflab-agent against a live backend: probe clock and cost stored per job, kernel
timestamp steps, local limits and the peer allow-list (agents/src/core/pl_clock.h, ktstamp.h,
agent_limits.h)."""

import signal
import subprocess

import httpx
import pytest

from perflab.kinds import KINDS

from conftest import ENROLLMENT_TOKEN
from test_agent_integration import AGENT, _online, finished, wait


def start_lab(live_server, headers, tmp_path, extra: dict[str, list[str]]):
    if not AGENT.exists():
        pytest.fail(f"{AGENT} is missing: build it with `make -C agents`")
    procs = {}
    for name, args in extra.items():
        procs[name] = subprocess.Popen(
            [str(AGENT), "daemon", "--backend", live_server, "--token", ENROLLMENT_TOKEN, "--name", name,
             "--advertise", "127.0.0.1", "--spool", str(tmp_path / name), *args],
            stdout=subprocess.DEVNULL, stderr=open(tmp_path / f"{name}.log", "w"))
    http = httpx.Client(base_url=live_server, timeout=30, headers=headers)
    ids = wait(lambda: _online(http, procs), 15, "agents online")
    return http, ids, procs


def stop_lab(http, procs):
    for p in procs.values():
        if p.poll() is None:
            p.send_signal(signal.SIGTERM)
    for name, p in procs.items():
        assert p.wait(10) == 0, f"{name} exited {p.returncode}"
    http.close()


@pytest.fixture
def plain_lab(live_server, admin_headers, tmp_path):
    http, ids, procs = start_lab(live_server, admin_headers, tmp_path, {"kl-a": [], "kl-b": []})
    yield http, ids
    stop_lab(http, procs)


def run_to_end(http, body, seconds=60):
    r = http.post("/api/runs", json=body)
    assert r.status_code == 201, r.text
    return wait(lambda: finished(http, r.json()["id"]), seconds, "run finished")


@pytest.mark.parametrize("transport", ["tcp", "udp"])
def test_kernel_steps_tile_the_user_segments_and_probe_cost_is_stored(plain_lab, transport):
    http, ids = plain_lab
    agents = {a["name"]: a for a in http.get("/api/agents").json()}
    caps = agents["kl-a"]["capabilities"]
    assert caps["probe_clock"]["source"] in ("tsc", "clock_gettime")
    assert caps["kernel_timestamps"]["rx_software"] is True  # Linux loopback has them
    assert sorted(caps["kinds"]) == sorted(KINDS)  # the agent's job table announces every kind the lab launches
    run = run_to_end(http, {"client_agent_id": ids["kl-a"], "server_agent_id": ids["kl-b"], "transport": transport,
                            "request_bytes": 64, "response_bytes": 64, "calls": 400, "warmup_calls": 10})
    assert run["status"] == "done", run

    probe = http.get(f"/api/runs/{run['id']}/probe").json()
    for side in ("client", "server"):
        assert probe[side]["source"] == caps["probe_clock"]["source"]
        # two clock reads and a store cost more than one read, and far less than a microsecond
        assert probe[side]["clock_read_ns"] < probe[side]["probe_ns"] < 1000
        assert abs(probe[side]["drift_ns_per_s"]) < 1000  # the TSC clock stays on CLOCK_MONOTONIC
    assert http.get("/api/runs/999999/probe").status_code == 404

    # clock exchange before warm-up and after the last call: one clock on loopback, so the offset
    # found is zero to within half the round's delay
    clock = http.get(f"/api/runs/{run['id']}/clock").json()
    assert clock["rounds"] == 16, clock
    for phase in ("start", "end"):
        assert abs(clock[f"offset_{phase}_ns"]) <= clock[f"delay_{phase}_ns"] / 2 + 1, clock
    assert clock["drift_ppm"] is not None

    steps = {s["name"]: s["stats"] for s in http.get(f"/api/runs/{run['id']}/summary").json()["steps"]}
    kernel = {"k.c.tx", "k.c.net", "k.c.rx", "k.s.rx", "k.s.tx"}
    assert kernel <= set(steps), sorted(steps)
    # t0 -> request SND -> reply RX -> recv returns: the kernel steps tile c.send + c.wait exactly,
    # so their means add up to the user steps' means (one-datagram/one-segment calls on loopback:
    # every call has all its stamps)
    assert steps["k.c.tx"]["count"] == steps["k.c.net"]["count"] == steps["k.c.rx"]["count"] \
        == steps["c.send"]["count"]
    user = steps["c.send"]["mean_ns"] + steps["c.wait"]["mean_ns"]
    kern = steps["k.c.tx"]["mean_ns"] + steps["k.c.net"]["mean_ns"] + steps["k.c.rx"]["mean_ns"]
    assert abs(kern - user) <= 0.01 * user, (kern, user)
    # the server's turn-around lies inside the client's network segment
    assert steps["k.s.rx"]["mean_ns"] + steps["k.s.tx"]["mean_ns"] < steps["k.c.net"]["mean_ns"]


@pytest.fixture
def limited_lab(live_server, admin_headers, tmp_path):
    http, ids, procs = start_lab(live_server, admin_headers, tmp_path, {
        "lim-client": ["--allow-peers", "10.255.255.1,peer.example"],
        "lim-server": ["--max-bytes", "1000", "--max-duration", "100000"],
        "free": []})
    yield http, ids
    stop_lab(http, procs)


def test_local_limits_reject_jobs_with_the_reason(limited_lab):
    http, ids = limited_lab
    caps = {a["name"]: a["capabilities"]["limits"] for a in http.get("/api/agents").json()}
    assert caps["lim-server"]["max_bytes"] == 1000 and caps["lim-client"]["peer_allowlist"] is True

    run = run_to_end(http, {"client_agent_id": ids["free"], "server_agent_id": ids["lim-server"],
                            "request_bytes": 2000, "response_bytes": 64, "calls": 10})
    assert run["status"] == "failed"
    assert run["reason"] == ("server agent lim-server: rejected by agent limit: request_bytes 2000 exceeds "
                             "--max-bytes 1000")
    # within the limit the same agent serves
    ok = run_to_end(http, {"client_agent_id": ids["free"], "server_agent_id": ids["lim-server"],
                           "request_bytes": 1000, "response_bytes": 1000, "calls": 10})
    assert ok["status"] == "done", ok


def test_client_sends_only_to_allowed_peers(limited_lab):
    http, ids = limited_lab
    run = run_to_end(http, {"client_agent_id": ids["lim-client"], "server_agent_id": ids["free"],
                            "request_bytes": 64, "response_bytes": 64, "calls": 10})
    assert run["status"] == "failed"
    assert run["reason"] == "client agent lim-client: rejected by agent limit: peer 127.0.0.1 is not in --allow-peers"
    assert run["calls_done"] == 0


@pytest.mark.parametrize("transport, message_bytes", [("tcp", 65536), ("udp", 8192)])
def test_a_real_stream_run(plain_lab, transport, message_bytes):
    http, ids = plain_lab
    run = run_to_end(http, {"kind": "stream", "client_agent_id": ids["kl-a"], "server_agent_id": ids["kl-b"],
                            "transport": transport, "message_bytes": message_bytes, "duration_s": 1,
                            "interval_ms": 100})
    assert run["status"] == "done", run
    t = http.get(f"/api/runs/{run['id']}/throughput").json()
    assert 2 <= len(t["bytes"]) <= 11 and run["calls_done"] == len(t["bytes"])
    # the intervals tile the second of streaming
    ends = [s + d for s, d in zip(t["start_ns"], t["duration_ns"])]
    assert t["start_ns"][1:] == ends[:-1]
    assert 1e9 <= sum(t["duration_ns"]) < 3e9
    assert t["mean_bytes_per_s"] > 1e6  # loopback: far more than a megabyte a second
    result = http.get(f"/api/runs/{run['id']}/probe").json()["results"]["client"]["stream"]
    assert result["sent_bytes"] == t["sent_bytes"]
    if transport == "tcp":
        assert t["received_bytes"] == t["sent_bytes"]
    else:  # whole datagrams, some dropped when the sender outruns the receiver
        assert 0 < t["received_bytes"] <= t["sent_bytes"]
        assert t["received_bytes"] == result["received_messages"] * message_bytes


@pytest.mark.parametrize("mode", ["threads", "processes"])
def test_a_real_flows_run(plain_lab, mode):
    http, ids = plain_lab
    run = run_to_end(http, {"kind": "flows", "client_agent_id": ids["kl-a"], "server_agent_id": ids["kl-b"],
                            "mode": mode, "flows": 4, "request_bytes": 1024, "response_bytes": 1024,
                            "calls": 200, "warmup_calls": 5})
    assert run["status"] == "done", run
    assert run["calls_done"] == run["calls_total"] == 4 * 205
    calls = http.get(f"/api/runs/{run['id']}/calls").json()
    assert calls["call_no"] == list(range(4 * 205)) and calls["stride"] == 1
    summary = http.get(f"/api/runs/{run['id']}/summary").json()
    assert summary["warmup_calls"] == 4 * 5 and summary["error_calls"] == 0
    assert summary["rtt"]["count"] == 4 * 200  # call 0, reported apart, is a warm-up call here


def test_a_real_udp_pingpong_of_100_kb(plain_lab):
    """ECS paper sizes up to 100 KB over UDP too: the agents split and rejoin the datagrams."""
    http, ids = plain_lab
    run = run_to_end(http, {"client_agent_id": ids["kl-a"], "server_agent_id": ids["kl-b"], "transport": "udp",
                            "request_bytes": 100_000, "response_bytes": 100_000, "calls": 200, "warmup_calls": 5})
    assert run["status"] == "done", run
    summary = http.get(f"/api/runs/{run['id']}/summary").json()
    assert summary["rtt"]["count"] + summary["error_calls"] == 200
    assert summary["error_calls"] <= 2  # loopback loses at most a stray datagram
    steps = {s["name"]: s["stats"] for s in summary["steps"]}
    assert steps["s.recv"]["mean_ns"] > 0  # the request's second datagram came after the first
