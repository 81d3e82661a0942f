"""Launching open-loop arrivals (issue 32, item 1): arrival and rate_calls_s checked with a 422 naming the field and
its range, a ping-pong's rate in its params, an RPC rate as a sweep dimension (one point per rate, its model bases
closed-loop), closed-loop runs unchanged."""

import pytest

from api_checks import field_error, nothing_stored


def pingpong(client, a, b, **over):
    body = {"client_agent_id": a.id, "server_agent_id": b.id, "request_bytes": 64, "response_bytes": 64,
            "calls": 100, **over}
    return client.post("/api/runs", json=body)


def rpc(client, a, b, **over):
    return client.post("/api/runs", json={"kind": "rpc", "client_agent_id": a.id, "server_agent_id": b.id,
                                          "calls": 100, **over})


@pytest.mark.parametrize("over, field, message", [
    ({"arrival": "constant", "rate_calls_s": 0}, "rate_calls_s",
     "rate_calls_s must be between 1 and 1000000 calls/s (got 0)"),
    ({"arrival": "poisson", "rate_calls_s": 2e6}, "rate_calls_s",
     "rate_calls_s must be between 1 and 1000000 calls/s (got 2e+06)"),
    ({"arrival": "constant"}, "rate_calls_s",
     "rate_calls_s must be between 1 and 1000000 calls/s for arrival constant (got none)"),
    ({"arrival": "burst", "rate_calls_s": 10}, "arrival", None),
])
def test_bad_pingpong_arrivals_get_422_naming_the_field(client, db, agents, over, field, message):
    err = field_error(pingpong(client, *agents, **over), field)
    if message:
        assert err["msg"] == message
    assert nothing_stored(db)


@pytest.mark.parametrize("over, field, message", [
    ({"arrival": "constant", "rate_calls_s": [100, 0.5]}, "rate_calls_s",
     "rate_calls_s[1] must be between 1 and 1000000 calls/s (got 0.5)"),
    ({"arrival": "poisson", "rate_calls_s": []}, "rate_calls_s", "rate_calls_s must have between 1 and 64 values (got 0)"),
    ({"arrival": "constant", "rate_calls_s": [100], "think_time_us": [0, 500]}, "think_time_us",
     "think_time_us must be 0 with arrival constant: an open-loop caller is paced by rate_calls_s, not by think time "
     "(got [0, 500])"),
    ({"arrival": "poisson"}, "rate_calls_s",
     "rate_calls_s must be between 1 and 1000000 calls/s for arrival poisson (got none)"),
])
def test_bad_rpc_arrivals_get_422_naming_the_field(client, db, agents, over, field, message):
    assert field_error(rpc(client, *agents, **over), field)["msg"] == message
    assert nothing_stored(db)


def test_a_pingpong_at_a_rate_carries_it_to_its_client_job(client, agents):
    a, b = agents
    r = pingpong(client, a, b, arrival="poisson", rate_calls_s=250.5, seed=7)
    assert r.status_code == 201, r.text
    params = r.json()["params"]
    assert (params["arrival"], params["rate_calls_s"], params["seed"]) == ("poisson", 250.5, 7)
    # 110 calls at 250.5/s take 0.44 s at least: the limit has room for them (60 s + twice the estimate)
    assert params["timeout_s"] >= 60
    [cmd] = b.commands()
    assert cmd["job"]["params"]["arrival"] == "poisson" and cmd["job"]["params"]["rate_calls_s"] == 250.5


def test_a_closed_loop_pingpong_keeps_its_params_as_before(client, agents):
    r = pingpong(client, *agents, rate_calls_s=300)  # a rate without an open loop is ignored
    assert r.status_code == 201, r.text
    assert "arrival" not in r.json()["params"] and "rate_calls_s" not in r.json()["params"]


def test_a_load_sweep_is_one_rpc_run_with_a_point_per_rate(client, agents):
    a, b = agents
    rates = [1000.0, 2000.0, 4000.0]
    r = rpc(client, a, b, arrival="constant", rate_calls_s=rates, threads=[1, 2])
    assert r.status_code == 201, r.text
    params = r.json()["params"]
    assert params["arrival"] == "constant"
    points = params["points"]
    # the rate varies slowest: each rate's points together; then the closed-loop 1-thread model base appended
    assert [(p.get("rate_calls_s"), p["threads"]) for p in points] == [
        (1000.0, 1), (1000.0, 2), (2000.0, 1), (2000.0, 2), (4000.0, 1), (4000.0, 2), (None, 1)]
    assert params["base_points_added"] == [6]
    [cmd] = b.commands()
    assert cmd["job"]["params"]["arrival"] == "constant" and cmd["job"]["params"]["points"] == points


def test_a_slow_rate_stretches_the_run_limit(client, agents):
    a, b = agents
    # 2 threads x (10 + 100) calls at 2 calls/s over the point: 110 s at least, so more than two minutes of limit
    r = rpc(client, a, b, arrival="constant", rate_calls_s=2, threads=2)
    assert r.status_code == 201, r.text
    assert r.json()["params"]["timeout_s"] >= 60 + 2 * 110


def test_closed_loop_rpc_points_have_no_rate(client, agents):
    r = rpc(client, *agents, rate_calls_s=[10, 20], threads=2)  # ignored without an open loop
    assert r.status_code == 201, r.text
    params = r.json()["params"]
    assert params["arrival"] == "closed" and all("rate_calls_s" not in p for p in params["points"])
    assert len(params["points"]) == 2


def test_the_estimate_counts_a_slow_rate_and_ignores_a_closed_loops(client, agents):
    a, b = agents
    body = {"client_agent_id": a.id, "server_agent_id": b.id, "request_bytes": 64, "response_bytes": 64,
            "calls": 190, "warmup_calls": 10}
    slow = client.post("/api/runs/estimate", json={**body, "arrival": "constant", "rate_calls_s": 10}).json()
    closed = client.post("/api/runs/estimate", json={**body, "rate_calls_s": 10}).json()
    assert slow["seconds"] >= 200 / 10  # 200 calls at 10 calls/s
    assert closed["seconds"] < 5  # the same calls back to back on loopback
