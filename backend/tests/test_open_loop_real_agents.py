"""Open-loop arrivals on real agents (issue 32, item 1): a TCP ping-pong on loopback at a constant 200 calls/s keeps
its rate, checked from the stored send times, and every call's latency from its intended send is at least its RTT.
Two real perflab-agent daemons against a live backend, as tests/test_agent_integration.py starts them."""

import numpy as np
from sqlalchemy import select

from perflab.analysis.open_loop import latency_ns, schedule
from perflab.models import Call

from test_agent_integration import finished, lab, launch_pingpong, wait  # noqa: F401 - lab is the fixture

RATE, CALLS = 200, 400


def test_a_pingpong_at_a_constant_rate_keeps_it(lab, db):  # noqa: F811 - the imported fixture
    http, ids, _ = lab
    created = launch_pingpong(http, ids, transport="tcp", calls=CALLS, warmup_calls=0, arrival="constant",
                              rate_calls_s=RATE)
    run = wait(lambda: finished(http, created["id"]), 60, "run finished")  # 2 s of calls
    assert run["status"] == "done", run
    with db.session() as s:
        rows = s.execute(select(Call.start_ns, Call.rtt_ns, Call.send_lag_ns, Call.thread)
                         .where(Call.run_id == run["id"]).order_by(Call.call_no)).all()
    start, rtt, lag, thread = (np.array(c, dtype=np.int64) for c in zip(*rows))
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
