"""Rounds and the noise floor with the real perflab-agent daemons through a live backend: a target no point can
meet in one round makes points repeat, every call number stays unique and in its point's block, what the agent
says it reached is what the stored calls give, and the idle null RPC is stored with the run but not as a point."""

import math
import statistics

from sqlalchemy import text

from stored_steps import calls_table, steps_table

from test_agent_integration import finished, lab, wait  # noqa: F401 - the fixture is used by name

FLAG_WARMUP, FLAG_FIRST, FLAG_ERROR = 1, 2, 4
T95 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
       2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042]


def half_width(rtts: list[int]) -> float:
    """The agent's interval (agents/src/core/stats.c): Student t up to 31 calls, 1.96 beyond."""
    n = len(rtts)
    t = T95[n - 2] if n <= 31 else 1.96
    return t * statistics.stdev(rtts) / math.sqrt(n)


def test_points_repeat_until_the_target_or_the_cap_and_the_noise_floor_is_stored(lab, db):  # noqa: F811
    http, ids, _ = lab
    calls, warmup, max_rounds = 30, 2, 3
    # 0.5 % of the mean from 30 loopback calls needs a CV under 0.014: not on a shared machine, so points repeat
    r = http.post("/api/runs", json={
        "kind": "rpc", "client_agent_id": ids["it-a"], "server_agent_id": ids["it-b"], "procedure": "echo",
        "request_bytes": [0, 3000], "threads": [1, 2], "calls": calls, "warmup_calls": warmup,
        "ci_target_pct": 0.5, "max_rounds": max_rounds, "noise_floor_calls": 150, "noise_floor_warmup_calls": 5})
    assert r.status_code == 201, r.text
    launched = r.json()
    worst = 2 * (1 + 2) * (warmup + calls * max_rounds)
    assert launched["calls_total"] == worst
    run = wait(lambda: finished(http, launched["id"]), 120, "rpc run finished")
    assert run["status"] == "done", run
    precision = run["precision"]
    rounds = {p["point_no"]: p for p in precision["points"]}
    points = run["params"]["points"]
    assert sorted(rounds) == [p["point_no"] for p in points] == [0, 1, 2, 3]
    for p in rounds.values():  # a point stops at the cap or having met the target, never earlier
        assert 1 <= p["rounds"] <= max_rounds
        assert p["rounds"] == max_rounds or p["met"], p
        assert p["met"] == (p["ci95_pct"] <= 0.5)
    assert any(p["rounds"] > 1 for p in rounds.values()), rounds
    # progress ends at the calls made: each point's warm-up once, then its rounds
    made = sum(pt["threads"] * (warmup + calls * rounds[pt["point_no"]]["rounds"]) for pt in points)
    assert run["calls_done"] == run["calls_total"] == made

    with db.session() as s:
        steps_table(s, run["id"])
        calls_table(s, run["id"])
        rows = s.execute(text("SELECT point_no, call_no, thread, flags, rtt_ns FROM calls WHERE run_id = :r "
                              "ORDER BY call_no"), {"r": run["id"]}).all()
        step_calls = {c for (c,) in s.execute(text(
            "SELECT DISTINCT call_no FROM steps WHERE run_id = :r AND code = 115"), {"r": run["id"]})}
        beyond = s.execute(text("SELECT count(*) FROM steps WHERE run_id = :r AND call_no >= :n"),
                           {"r": run["id"], "n": worst}).scalar()
    call_nos = [row.call_no for row in rows]
    assert len(call_nos) == len(set(call_nos)) == made  # unique, none lost, none twice
    assert step_calls == set(call_nos)  # both sides joined by call number in every round
    assert beyond == 0  # the noise floor's calls never reached the trace (their numbers are beyond it)
    base = 0
    for pt in points:
        n = pt["point_no"]
        mine = [row for row in rows if row.point_no == n]
        block = pt["threads"] * (warmup + calls * max_rounds)
        assert all(base <= row.call_no < base + block for row in mine), n  # inside the point's room
        assert sum(1 for row in mine if row.flags & FLAG_WARMUP) == pt["threads"] * warmup  # warm-up only once
        assert sum(1 for row in mine if row.flags & FLAG_FIRST) == pt["threads"]  # one new handle per thread
        measured = [row.rtt_ns for row in mine if not row.flags & (FLAG_WARMUP | FLAG_FIRST | FLAG_ERROR)]
        got = rounds[n]
        # what the agent decided on is what the stored calls give
        assert got["measured"] == len(measured)
        assert math.isclose(got["mean_ns"], statistics.fmean(measured), rel_tol=1e-9)
        assert math.isclose(got["ci95_half_ns"], half_width(measured), rel_tol=1e-3)
        base += block

    floor = precision["noise_floor"]
    assert floor["error"] is None, floor
    assert floor["procedure"] == "null" and floor["request_bytes"] == 0 and floor["threads"] == 1
    assert floor["calls"] == 150 and floor["count"] == 150 and floor["errors"] == 0
    assert 0 < floor["min_ns"] <= floor["median_ns"] <= floor["p99_ns"] <= floor["max_ns"]
    assert floor["mean_ns"] > 0 and floor["stddev_ns"] > 0
    # the agent's interval from its own spread (one stall on a busy machine may make it wider than the mean)
    assert math.isclose(floor["ci95_half_ns"], 1.96 * floor["stddev_ns"] / math.sqrt(floor["count"]), rel_tol=1e-6)
    assert math.isclose(floor["cv"], floor["stddev_ns"] / floor["mean_ns"], rel_tol=1e-9)
    assert precision["median_ci95_pct"] == statistics.median(p["ci95_pct"] for p in rounds.values())


def test_a_loose_target_stops_after_one_round_and_progress_ends_at_100_percent(lab):  # noqa: F811
    http, ids, _ = lab
    r = http.post("/api/runs", json={
        "kind": "rpc", "client_agent_id": ids["it-a"], "server_agent_id": ids["it-b"], "calls": 300,
        "warmup_calls": 5, "ci_target_pct": 50, "max_rounds": 10, "noise_floor_calls": 0})
    run = wait(lambda: finished(http, r.json()["id"]), 60, "rpc run finished")
    assert run["status"] == "done", run
    [point] = run["precision"]["points"]
    # a loose target stops the point as soon as a round meets it: the first, unless the machine stalled for
    # milliseconds (a 50 % interval of 300 calls needs a spread over 4x the mean), never the cap's ten
    assert point["met"] is True and point["ci95_pct"] <= 50 and point["rounds"] < 10, point
    assert r.json()["calls_total"] == 5 + 300 * 10  # launched with room for ten rounds
    assert run["calls_done"] == run["calls_total"] == 5 + 300 * point["rounds"]  # not stuck at 10 %
    assert run["precision"]["noise_floor"] is None  # switched off
