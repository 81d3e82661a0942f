"""Launching RPC runs: validation naming field and range, sweeps expanded into points, ping-pong unchanged."""

import pytest
from sqlalchemy import func, select

from perflab.models import Point

from api_checks import field_error, nothing_stored




def launch(client, a, b, **over):
    body = {"kind": "rpc", "client_agent_id": a.id, "server_agent_id": b.id, "calls": 100, **over}
    return client.post("/api/runs", json=body)


def count(db, model) -> int:
    with db.session() as s:
        return s.scalar(select(func.count()).select_from(model))


@pytest.mark.parametrize("over, field, message", [
    ({"request_bytes": [0, 64, 2_000_000]}, "request_bytes",
     "request_bytes[2] must be between 0 and 1048576 bytes (got 2000000)"),
    ({"threads": 65}, "threads", "threads[0] must be between 1 and 64 (got 65)"),
    ({"threads": [1, 3], "inject": {"kind": "delay", "step": "c.marshal", "delay_us": 0}}, "delay_us",
     "inject.delay_us must be between 1 and 1000000 µs for kind delay (got 0)"),
    ({"threads": [1, 3], "inject": {"kind": "serial", "step": "s.idle"}}, "step",
     "inject.step must be a step a call runs while it holds the server for kind serial (s.dispatch, s.unmarshal, "
     "s.service, s.marshal, s.sendmsg, s.reply_wait; got 's.idle')"),
    ({"threads": [1, 3], "inject": {"kind": "lock", "step": "s.reply_wait"}}, "step",
     "inject.step cannot be s.reply_wait for kind lock: its executor waits there for acks the listener delivers"),
    ({"threads": [1], "inject": {"kind": "delay", "step": "c.marshal"}}, "inject",
     "inject needs a point with more than one thread: the 1-thread points are the model's bases and run without it "
     "(inject.at every puts it at every point)"),
    ({"threads": [1], "inject": {"kind": "delay", "step": "c.marshal", "at": "base"}}, "at",
     "Input should be 'loaded' or 'every'"),
    ({"inject": {"kind": "delay", "step": "c.marshal", "every": 0}}, "every",
     "inject.every must be between 1 and 1000000 (got 0)"),
    ({"threads": []}, "threads", "threads must have between 1 and 64 values (got 0)"),
    ({"think_time_us": [0, -1]}, "think_time_us", "think_time_us[1] must be between 0 and 10000000 µs (got -1)"),
    ({"protection": ["none", "secret"]}, "protection",
     "protection[1] must be one of none, connect, pkt, integrity, privacy (got 'secret')"),
    ({"cache": "lru"}, "cache", "cache[0] must be one of per-thread, single (got 'lru')"),
    ({"calls": 0}, "calls", "calls must be between 1 and 1000000 (got 0)"),
    ({"work_us": 2_000_000}, "work_us", "work_us must be between 0 and 1000000 µs (got 2000000)"),
    ({"packet_data": 10}, "packet_data", "packet_data must be between 64 and 65427 bytes (got 10)"),
    ({"window_initial": 8192, "window_max": 4096}, "window_max",
     "window_max must be between 8192 (window_initial) and 16777216 bytes (got 4096)"),
    ({"calls": 1_000_000, "threads": [64]}, "calls",
     "calls must keep the run at most 1000000 calls in all (threads x (calls + warmup_calls) over 2 points "
     "= 65000650)"),  # (64 threads + the 1-thread base point added) x 1,000,010
    ({"request_bytes": list(range(10)), "threads": list(range(1, 11)), "think_time_us": [0, 1, 2]}, "request_bytes",
     "the sweep must have at most 256 points (request_bytes x threads x think_time_us x protection x cache = 300)"),
])
def test_bad_rpc_launches_get_422_naming_the_field_and_store_nothing(client, db, agents, over, field, message):
    assert field_error(launch(client, *agents, **over), field)["msg"] == message
    assert nothing_stored(db)


def test_sweeps_expand_into_points_and_the_agents_get_them(client, db, agents):
    a, b = agents
    r = launch(client, a, b, procedure="echo", request_bytes=[0, 4016], threads=[1, 3], think_time_us=3000,
               protection=["none", "privacy"], cache=["per-thread", "single"], warmup_calls=5)
    assert r.status_code == 201, r.text
    run = r.json()
    assert run["kind"] == "rpc"
    params = run["params"]
    assert "key" not in params  # the run's secret goes to its agents only
    assert params["packetisation"] == {"header_bytes": 80, "packet_data": 4016, "mtu": 1500}
    points = params["points"]
    # 2 x 2 x 1 x 2 x 2 requested; no point runs 1 thread without think time, so each of the 2 x 2 x 2 call kinds
    # (size, protection, cache) gets its model base point appended
    assert len(points) == 16 + 8
    assert points[0] == {"point_no": 0, "request_bytes": 0, "threads": 1, "think_time_us": 3000,
                         "protection": "none", "cache": "per-thread", "inject": False}
    assert points[1]["cache"] == "single" and points[2]["protection"] == "privacy"  # the last list varies fastest
    assert points[15] == {"point_no": 15, "request_bytes": 4016, "threads": 3, "think_time_us": 3000,
                          "protection": "privacy", "cache": "single", "inject": False}
    base = points[16:]
    assert {(p["request_bytes"], p["protection"], p["cache"]) for p in base} == {
        (b, p, c) for b in (0, 4016) for p in ("none", "privacy") for c in ("per-thread", "single")}
    assert all(p["threads"] == 1 and p["think_time_us"] == 0 for p in base)
    assert [p["point_no"] for p in points] == list(range(24)) and params["base_points_added"] == list(range(16, 24))
    assert "base point" in params["notes"][0] and "16, 17" in params["notes"][0]
    # calls_total: threads x (calls + warmup) summed over the points, independently computed
    assert run["calls_total"] == 8 * 1 * 105 + 8 * 3 * 105 + 8 * 1 * 105
    assert count(db, Point) == 24
    [cmd] = b.commands()
    job_params = cmd["job"]["params"]
    assert cmd["job"]["kind"] == "rpc" and cmd["job"]["role"] == "server"
    assert len(job_params["key"]) == 64 and job_params["points"] == points


def test_a_sweep_with_its_base_points_gets_none_added(client, agents):
    """Each size's 1-thread, no-think point is in the sweep (the case-study preset's shape): nothing is added."""
    a, b = agents
    r = launch(client, a, b, request_bytes=[1392, 4016], threads=[1, 3], think_time_us=[0, 9000],
               cache=["per-thread", "single"])
    assert r.status_code == 201, r.text
    params = r.json()["params"]
    assert len(params["points"]) == 2 * 2 * 2 * 2 and params["base_points_added"] == [] and params["notes"] == []


def test_a_planted_fault_runs_only_at_points_with_more_than_one_caller(client, agents):
    a, b = agents
    r = launch(client, a, b, threads=[1, 3], think_time_us=[0, 2000], think_distribution="constant",
               inject={"kind": "lock", "step": "c.sendmsg", "delay_us": 50, "every": 4})
    assert r.status_code == 201, r.text
    params = r.json()["params"]
    assert [(p["threads"], p["inject"]) for p in params["points"]] == [(1, False), (1, False), (3, True), (3, True)]
    assert params["inject"] == {"kind": "lock", "step": "c.sendmsg", "delay_us": 50, "every": 4, "at": "loaded"}
    assert params["think_distribution"] == "constant"
    assert any("planted fault (lock)" in n and "every 4th call" in n and "2 points" in n for n in params["notes"])
    [cmd] = b.commands()
    assert cmd["job"]["params"]["inject"] == params["inject"] and cmd["job"]["params"]["points"] == params["points"]


def test_a_planted_fault_at_every_point_runs_at_the_one_thread_points_too(client, agents):
    a, b = agents
    r = launch(client, a, b, threads=[1], arrival="constant", rate_calls_s=[200, 400],
               inject={"kind": "delay", "step": "s.service", "delay_us": 4000, "every": 100, "at": "every"})
    assert r.status_code == 201, r.text
    points = r.json()["params"]["points"]  # the two rates and the closed-loop base the model takes demands from
    assert [(p.get("rate_calls_s"), p["inject"]) for p in points] == [(200, True), (400, True), (None, True)]


def test_no_key_without_protection_and_scalars_accepted(client, agents):
    a, b = agents
    r = launch(client, a, b, request_bytes=100, threads=2)
    assert r.status_code == 201, r.text
    [cmd] = b.commands()
    assert "key" not in cmd["job"]["params"]
    assert cmd["job"]["params"]["points"] == [{"point_no": 0, "request_bytes": 100, "threads": 2, "think_time_us": 0,
                                                "protection": "none", "cache": "per-thread", "inject": False},
                                               {"point_no": 1, "request_bytes": 100, "threads": 1, "think_time_us": 0,
                                                "protection": "none", "cache": "per-thread", "inject": False}]


def test_pingpong_without_kind_still_launches(client, agents):
    a, b = agents
    r = client.post("/api/runs", json={"client_agent_id": a.id, "server_agent_id": b.id, "transport": "tcp",
                                       "request_bytes": 64, "response_bytes": 64, "calls": 10})
    assert r.status_code == 201, r.text
    assert r.json()["kind"] == "pingpong" and r.json()["params"]["request_bytes"] == 64
