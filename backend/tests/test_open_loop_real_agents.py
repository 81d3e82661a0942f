"""Open-loop arrivals on real agents (issue 32, item 1): a TCP ping-pong on loopback at a constant 200 calls/s keeps
its rate, checked from the stored send times, and every call's latency from its intended send is at least its RTT.
Two real perflab-agent daemons against a live backend, as tests/test_agent_integration.py starts them."""

import numpy as np

from perflab.analysis.open_loop import latency_ns, schedule
from stored_steps import calls_of

from test_agent_integration import finished, lab, launch_pingpong, wait  # noqa: F401 - lab is the fixture

RATE, CALLS = 200, 400


def test_a_pingpong_at_a_constant_rate_keeps_it(lab, db):  # noqa: F811 - the imported fixture
    http, ids, _ = lab
    created = launch_pingpong(http, ids, transport="tcp", calls=CALLS, warmup_calls=0, arrival="constant",
                              rate_calls_s=RATE)
    run = wait(lambda: finished(http, created["id"]), 60, "run finished")  # 2 s of calls
    assert run["status"] == "done", run
    with db.session() as s:
        calls = calls_of(s, run["id"])
    start, rtt, lag, thread = (calls[k] for k in ("start_ns", "rtt_ns", "send_lag_ns", "thread"))
    assert len(start) == CALLS
    # the intended times (send - lag) are the schedule: one every 5 ms from the first, to the ns llround gives
    intended = start - lag
    gap_ns = 1e9 / RATE
    assert np.abs(intended - intended[0] - np.arange(CALLS) * gap_ns).max() <= 1
    # the rate, from the sends as stored: CALLS - 1 gaps between the first send and the last
    achieved = (CALLS - 1) / ((start[-1] - start[0]) / 1e9)
    kept = schedule(start, lag, thread, RATE, "constant")
    print(f"achieved {achieved:.3f} calls/s; lag median {int(np.median(lag))} ns, p99 {kept['p99_lag_ns']} ns, max {kept['max_lag_ns']} ns, "
          f"{kept['late_sends']} late")
    assert abs(achieved - RATE) <= 0.01 * RATE
    assert abs(kept["achieved_calls_s"] - achieved) < 1e-9 * RATE
    # latency from the intended send is the RTT plus a lag that is never negative
    assert (lag >= 0).all()
    assert (latency_ns(rtt, lag) >= rtt).all()
    # the client's calls never overlap: a ping-pong's next call waits for the reply (and here for its time too)
    assert (start[1:] >= start[:-1] + rtt[:-1]).all()


def test_an_rpc_load_sweep_keeps_each_rate_over_its_threads(lab, db):  # noqa: F811 - the imported fixture
    """Two rates, two caller threads each: one point per rate, each thread at half the rate, the constant schedules
    staggered so that the point's intended sends are evenly spaced; the closed-loop model base has no lag."""
    http, ids, _ = lab
    rates, per_thread = [400, 800], 150
    r = http.post("/api/runs", json={"kind": "rpc", "client_agent_id": ids["it-a"], "server_agent_id": ids["it-b"],
                                     "arrival": "constant", "rate_calls_s": rates, "threads": [2],
                                     "calls": per_thread, "warmup_calls": 0, "ci_target_pct": 0,
                                     "noise_floor_calls": 0})
    assert r.status_code == 201, r.text
    run = wait(lambda: finished(http, r.json()["id"]), 60, "run finished")  # 0.75 s + 0.375 s of calls
    assert run["status"] == "done", run
    points = run["params"]["points"]
    assert [p.get("rate_calls_s") for p in points] == [400, 800, None]  # the third: the appended model base
    with db.session() as s:
        calls = calls_of(s, run["id"])
    point_no, start, lag, thread = (calls[k] for k in ("point_no", "start_ns", "send_lag_ns", "thread"))
    assert (lag >= 0).all() and (lag[point_no == 2] == 0).all()
    for p, rate in enumerate(rates):
        mine = point_no == p
        intended = np.sort(start[mine] - lag[mine])
        n = len(intended)
        assert n == 2 * per_thread and set(thread[mine].tolist()) == {0, 1}
        assert np.abs(intended - intended[0] - np.arange(n) * 1e9 / rate).max() <= 1
        kept = schedule(start[mine], lag[mine], thread[mine], rate, "constant")
        print(f"point {p} at {rate}/s: achieved {kept['achieved_calls_s']:.2f}/s, lag p99 {kept['p99_lag_ns']} ns, "
              f"{kept['late_sends']} late")
        assert abs(kept["achieved_calls_s"] - rate) <= 0.01 * rate
