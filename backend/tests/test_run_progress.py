"""Where a running RPC run is (services/run_progress.py), through the API with simulated agents: the noise floor
probe said as such, then point i of n and round r from the call numbers the client uploads (rpc_rounds.h's layout),
a share of the estimated time that moves with the points (not calls done out of the worst case) and 100 % once
done; and the call layout itself, point by point and round by round."""

from agent_sim import batch, make_calls

from perflab.services.run_progress import locate_call

NOISE = {"procedure": "null", "request_bytes": 0, "threads": 1, "protection": "none", "calls": 20,
         "warmup_calls": 0, "count": 20, "errors": 0, "mean_ns": 41_200.0, "median_ns": 40_000.0,
         "p99_ns": 90_000.0, "min_ns": 30_000.0, "max_ns": 120_000.0, "stddev_ns": 3300.0, "ci95_half_ns": 457.0,
         "cv": 0.08}


def test_call_numbers_locate_point_round_and_share():
    # two points of 1 and 3 threads, 4 warm-up + 10 calls a thread, up to 3 rounds: point 0 holds 1 x (4 + 30)
    # numbers, point 1 3 x (4 + 30); round 0 of point 1 is 3 x 14 numbers, round 1 the next 3 x 10
    params = {"calls": 10, "warmup_calls": 4, "max_rounds": 3,
              "points": [{"threads": 1}, {"threads": 3}]}
    assert locate_call(params, 0) == (0, 0, 1 / 14)
    assert locate_call(params, 13) == (0, 0, 1.0)
    assert locate_call(params, 14) == (0, 1, 0.1)
    assert locate_call(params, 33) == (0, 2, 1.0)
    assert locate_call(params, 34) == (1, 0, 1 / 14)
    assert locate_call(params, 34 + 3 * 14 - 1) == (1, 0, 1.0)  # the last thread's last call of round 0
    assert locate_call(params, 34 + 3 * 14 + 2 * 10 + 4) == (1, 1, 0.5)  # round 1, third thread, fifth call
    assert locate_call(params, 34 + 3 * 14 + 3 * 10) == (1, 2, 0.1)


def _start(client, a, b, **over):
    body = {"kind": "rpc", "client_agent_id": a.id, "server_agent_id": b.id, **over}
    run = client.post("/api/runs", json=body).json()
    [server_cmd] = b.commands()
    b.status(server_cmd["job"]["job_id"], "ready", port=40123)
    [client_cmd] = a.commands()
    return run, server_cmd["job"]["job_id"], client_cmd["job"]["job_id"]


def test_progress_says_probe_point_and_round_not_calls_of_the_worst_case(client, agents):
    a, b = agents
    # 4 points of one thread (sizes 0, 1000, 2000, 3000), 10 calls a round, up to 5 rounds: calls_total 200
    run, server_job, client_job = _start(client, a, b, request_bytes=[0, 1000, 2000, 3000], calls=10,
                                         warmup_calls=0, max_rounds=5, ci_target_pct=5, noise_floor_calls=20)
    url = f"/api/runs/{run['id']}"
    assert client.get(url).json()["progress"]["phase"] == "noise_floor"
    a.status(client_job, "running", result={"noise_floor": NOISE})
    started = client.get(url).json()["progress"]
    assert (started["phase"], started["point"], started["points"], started["round"]) == ("measuring", 1, 4, 1)
    # point 0 ran two rounds (calls 0-19), point 1 is half through round 0 (50-54): its numbers start at 50
    calls = make_calls(list(range(20)) + list(range(50, 55)), [50_000] * 25)
    assert a.upload(client_job, batch(client_job, 0, calls)).status_code == 200
    got = client.get(url).json()
    p = got["progress"]
    assert (p["phase"], p["point"], p["points"], p["round"], p["max_rounds"], p["points_done"]) == \
        ("measuring", 2, 4, 1, 5, 1)
    # by calls it would be 25 / 200 = 12.5 %; by points it is past the first and half the second of four
    assert got["calls_done"] == 25 and got["calls_total"] == 200
    assert 0.3 < p["share"] < 0.45 and p["seconds_left"] > 0
    # point 1's second round (its numbers 50 + 10 = 60 on): the share holds, the round says 2
    assert a.upload(client_job, batch(client_job, 1, make_calls(range(60, 63), [50_000] * 3))).status_code == 200
    again = client.get(url).json()["progress"]
    assert (again["point"], again["round"]) == (2, 2) and again["share"] >= p["share"]
    a.upload(client_job, batch(client_job, 2, make_calls([], []), last=True))
    a.status(client_job, "done", result={"noise_floor": NOISE, "calls_made": 28})
    b.status(server_job, "done")
    done = client.get(url).json()
    assert done["status"] == "done"
    assert done["progress"] == {"phase": "done", "point": None, "points": 4, "round": None, "max_rounds": 5,
                                "points_done": 4, "share": 1.0, "seconds_left": None}
    assert client.get("/api/runs").json()["items"][0]["progress"] is None  # lists leave it out


def test_an_estimate_is_not_another_runs_under_the_same_id():
    """Run ids start again when a database is emptied (the tests' TRUNCATE ... RESTART IDENTITY): a cached estimate of
    an earlier run 1 of one point once made a later run 1 of four points say 100 % at its second point."""
    from datetime import timedelta

    from perflab.models import Run
    from perflab.models.base import utcnow
    from perflab.services import run_progress

    def run(points: int, created_at) -> Run:
        return Run(id=1, kind="rpc", created_at=created_at, link={}, params={
            "calls": 10, "warmup_calls": 0, "procedure": "null", "transport": "udp",
            "points": [{"point_no": i, "threads": 1, "request_bytes": 0, "response_bytes": 0, "think_time_us": 0}
                       for i in range(points)]})
    now = utcnow()
    one = run_progress._estimate_of(run(1, now - timedelta(minutes=5)))
    four = run_progress._estimate_of(run(4, now))
    assert len(one["points"]) == 1 and len(four["points"]) == 4
