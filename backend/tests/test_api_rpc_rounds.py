"""Rounds and the noise floor of RPC runs through the API with simulated agents: the new fields' validation
(message names field and range), the worst case counted against the call limit, the client's report read back
as run.precision, and calls_total settled to the calls made once a run's points met their target early."""

import pytest
from sqlalchemy import func, select

from perflab.models import Job, Point, Run

from api_checks import field_error, nothing_stored
from agent_sim import batch, make_calls



def launch(client, a, b, **over):
    body = {"kind": "rpc", "client_agent_id": a.id, "server_agent_id": b.id, "calls": 100, **over}
    return client.post("/api/runs", json=body)


@pytest.mark.parametrize("over, field, message", [
    ({"ci_target_pct": 0.2}, "ci_target_pct", "ci_target_pct must be 0 (no target) or between 0.5 and 50 % (got 0.2)"),
    ({"ci_target_pct": 60}, "ci_target_pct", "ci_target_pct must be 0 (no target) or between 0.5 and 50 % (got 60)"),
    ({"ci_target_pct": -1}, "ci_target_pct", "ci_target_pct must be 0 (no target) or between 0.5 and 50 % (got -1)"),
    ({"max_rounds": 0}, "max_rounds", "max_rounds must be between 1 and 20 (got 0)"),
    ({"max_rounds": 21}, "max_rounds", "max_rounds must be between 1 and 20 (got 21)"),
    ({"noise_floor_calls": 10_001}, "noise_floor_calls", "noise_floor_calls must be between 0 and 10000 (got 10001)"),
    ({"noise_floor_warmup_calls": 1001}, "noise_floor_warmup_calls",
     "noise_floor_warmup_calls must be between 0 and 1000 (got 1001)"),
    ({"model_tolerance_pct": 51}, "model_tolerance_pct", "model_tolerance_pct must be between 0 and 50 % (got 51)"),
    ({"model_tolerance_pct": -1}, "model_tolerance_pct", "model_tolerance_pct must be between 0 and 50 % (got -1)"),
    # one round fits (5 x 100,010 calls), three do not: the message names max_rounds and what fits
    ({"calls": 100_000, "threads": [4], "max_rounds": 3}, "max_rounds",
     "max_rounds must be between 1 and 1 for this sweep: the run must have at most 1000000 calls in all if every "
     "point ran max_rounds (threads x (warmup_calls + calls x max_rounds) over 2 points = 1500050)"),
    # not even one round fits: calls, as before rounds existed
    ({"calls": 300_000, "threads": [4], "max_rounds": 3}, "calls",
     "calls must keep the run at most 1000000 calls in all (threads x (calls + warmup_calls) over 2 points "
     "= 1500050)"),
])
def test_bad_rounds_and_noise_floor_fields_get_422_naming_the_field(client, db, agents, over, field, message):
    assert field_error(launch(client, *agents, **over), field)["msg"] == message
    assert nothing_stored(db)


def test_the_agents_get_the_fields_and_the_run_counts_the_worst_case(client, agents):
    a, b = agents
    r = launch(client, a, b, threads=[1, 3], calls=50, warmup_calls=4, ci_target_pct=2.5, max_rounds=4,
               noise_floor_calls=300, model_tolerance_pct=20)
    assert r.status_code == 201, r.text
    run = r.json()
    assert run["params"]["model_tolerance_pct"] == 20  # what the model's flags read (test_model_flags.py)
    worst = (1 + 3) * (4 + 50 * 4)  # points of 1 and 3 threads (the 1-thread one is the base point too)
    assert run["calls_total"] == worst and run["params"]["call_no_limit"] == worst
    [cmd] = b.commands()
    params = cmd["job"]["params"]
    assert (params["ci_target_pct"], params["max_rounds"], params["noise_floor_calls"],
            params["noise_floor_warmup_calls"]) == (2.5, 4, 300, 10)
    # the defaults: a target of 5 %, one round (as before rounds existed), a 200-call probe
    d = launch(client, a, b).json()["params"]
    assert (d["ci_target_pct"], d["max_rounds"], d["noise_floor_calls"]) == (5.0, 1, 200)
    # 0: no target, so one round whatever max_rounds says, and no room kept for more
    off = launch(client, a, b, ci_target_pct=0, max_rounds=5, calls=10, warmup_calls=0).json()
    assert off["params"]["max_rounds"] == 1 and off["calls_total"] == off["params"]["call_no_limit"] == 10


def _start(client, a, b, **over):
    run = launch(client, a, b, **over).json()
    [server_cmd] = b.commands()
    b.status(server_cmd["job"]["job_id"], "ready", port=40123)
    [client_cmd] = a.commands()
    return run, server_cmd["job"]["job_id"], client_cmd["job"]["job_id"]


NOISE = {"procedure": "null", "request_bytes": 0, "threads": 1, "protection": "none", "calls": 200,
         "warmup_calls": 10, "count": 200, "errors": 0, "mean_ns": 41_200.0, "median_ns": 40_000.0,
         "p99_ns": 90_000.0, "min_ns": 30_000.0, "max_ns": 120_000.0, "stddev_ns": 3300.0, "ci95_half_ns": 457.0,
         "cv": 0.08}


def test_a_run_whose_point_met_its_target_early_ends_at_100_percent(client, db, agents):
    a, b = agents
    run, server_job, client_job = _start(client, a, b, calls=10, warmup_calls=0, max_rounds=3, ci_target_pct=5)
    assert run["calls_total"] == 30 and run["params"]["call_no_limit"] == 30
    # the noise floor comes first, with the client still running
    assert a.status(client_job, "running", result={"noise_floor": NOISE}).status_code == 200
    live = client.get(f"/api/runs/{run['id']}").json()
    assert live["precision"]["noise_floor"]["median_ns"] == 40_000 and live["precision"]["points"] == []
    assert live["calls_total"] == 30
    # round 0 (calls 0-9), then round 1 (10-19): the interval met the target, round 2 never ran
    assert a.upload(client_job, batch(client_job, 0, make_calls(range(20), [50_000] * 20))).status_code == 200
    assert a.upload(client_job, batch(client_job, 1, make_calls([], []), last=True)).status_code == 200
    rounds = {"ci_target_pct": 5, "max_rounds": 3, "interval": "student-t", "points": [
        {"point_no": 0, "rounds": 2, "calls": 20, "measured": 19, "mean_ns": 50_000.0, "ci95_half_ns": 1000.0,
         "ci95_pct": 2.0, "met": True},
        {"point_no": 1, "rounds": 1, "calls": 0, "measured": 0, "mean_ns": "junk"}]}  # malformed: left out
    assert a.status(client_job, "done", result={"noise_floor": NOISE, "rounds": rounds, "calls_made": 20}).status_code == 200
    # the server's last steps may come after the client shrank calls_total: call numbers are checked against
    # call_no_limit, so call 25 would still be taken
    done = client.get(f"/api/runs/{run['id']}").json()
    assert done["calls_total"] == done["calls_done"] == 20
    b.status(server_job, "done")
    done = client.get(f"/api/runs/{run['id']}").json()
    assert done["status"] == "done" and done["calls_total"] == 20
    precision = done["precision"]
    assert [p["point_no"] for p in precision["points"]] == [0] and precision["points"][0]["rounds"] == 2
    assert precision["ci_target_pct"] == 5 and precision["max_rounds"] == 3 and precision["noise_floor_calls"] == 200
    assert precision["points_meeting_target"] == 1 and precision["median_ci95_pct"] == 2.0
    assert precision["noise_floor"]["cv"] == 0.08
    # lists leave it out
    assert client.get("/api/runs").json()["items"][0]["precision"] is None


def test_a_failed_client_leaves_calls_total_alone_and_a_failed_probe_says_why(client, agents):
    a, b = agents
    run, _, client_job = _start(client, a, b, calls=10, warmup_calls=0, max_rounds=3)
    floor = {"procedure": "null", "request_bytes": 0, "threads": 1, "protection": "none", "calls": 200,
             "warmup_calls": 10, "count": 0, "errors": 1, "error": "no call of the probe answered by udp:x[1] (timeout)"}
    a.status(client_job, "failed", reason="peer unreachable", result={"noise_floor": floor, "calls_made": 3})
    got = client.get(f"/api/runs/{run['id']}").json()
    assert got["status"] == "failed" and got["calls_total"] == 30
    assert got["precision"]["noise_floor"]["error"].startswith("no call of the probe answered")
    assert got["precision"]["noise_floor"]["median_ns"] is None


def test_server_steps_beyond_the_settled_total_are_still_taken(client, db, agents):
    a, b = agents
    run, server_job, client_job = _start(client, a, b, calls=10, warmup_calls=0, max_rounds=3)
    calls = make_calls(list(range(10)) + list(range(20, 25)), [50_000] * 15)  # rounds 0 and 2's first calls
    assert a.upload(client_job, batch(client_job, 0, calls, last=True)).status_code == 200
    a.status(client_job, "done", result={"calls_made": 15})
    from agent_sim import make_steps
    steps = make_steps(calls[10:], 115, 0.5)
    assert b.upload(server_job, batch(server_job, 0, make_calls([], []), steps, last=True)).status_code == 200
    bad = make_steps(make_calls([30], [1000]), 115, 0.5)  # beyond the launch's room for 3 rounds
    r = b.upload(server_job, batch(server_job, 1, make_calls([], []), bad))
    assert r.status_code == 400 and "between 0 and 29" in r.text
    with db.session() as s:
        assert s.get(Run, run["id"]).calls_total == 15
        assert s.scalar(select(func.count()).select_from(Point)) == 1
        assert s.scalar(select(func.count()).select_from(Job)) == 2


def test_runs_before_rounds_read_as_one_round_without_a_probe(client, db, agents):
    a, b = agents
    run = launch(client, a, b).json()
    with db.session() as s:  # as stored before this change
        r = s.get(Run, run["id"])
        r.params = {k: v for k, v in r.params.items()
                    if k not in ("ci_target_pct", "max_rounds", "noise_floor_calls", "noise_floor_warmup_calls",
                                 "call_no_limit")}
    got = client.get(f"/api/runs/{run['id']}").json()
    assert got["params"]["max_rounds"] == 1 and got["params"]["ci_target_pct"] == 0
    p = got["precision"]
    assert p["max_rounds"] == 1 and p["noise_floor_calls"] == 0 and p["noise_floor"] is None
    assert p["points_meeting_target"] is None and p["median_ci95_pct"] is None
