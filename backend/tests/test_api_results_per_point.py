"""GET /api/runs/{id}/summary per point and /calls?point=N: what the Results page of a sweep reads, from a
stored two-point run whose points differ by a factor of 40 in RTT (together they would have no meaningful mean)."""

import numpy as np
import pytest

from synth_trace import pingpong
from stored_steps import calls_of, replace_calls
from trace_store import store


@pytest.fixture
def two_point_run(db):
    tr, _ = pingpong(n_calls=600, points=2, warmup=5)
    slow = tr.point_no == 1
    tr.rtt_ns[slow] *= 40
    return store(db, tr, {0: {"request_bytes": 64}, 1: {"request_bytes": 65536}}), tr


def test_summary_describes_each_point_apart(client, two_point_run):
    run_id, tr = two_point_run
    summary = client.get(f"/api/runs/{run_id}/summary").json()
    p0, p1 = summary["points"]
    assert (p0["point_no"], p1["point_no"]) == (0, 1)
    for p in (p0, p1):
        assert sum(p["counts"].values()) == p["calls"] == int((tr.point_no == p["point_no"]).sum())
        assert p["counts"]["first"] >= 1  # each point's cold first call is left out, and said so
        assert p["cdf"]["p"][-1] == 1.0 and len(p["cdf"]["rtt_ns"]) == p["counts"]["measured"]
        assert p["box"]["q1_ns"] <= p["box"]["median_ns"] <= p["box"]["q3_ns"]
    assert p1["rtt"]["mean_ns"] > 20 * p0["rtt"]["mean_ns"]
    assert p0["rtt"]["count"] + p1["rtt"]["count"] == summary["rtt"]["count"]


def test_calls_of_one_point(client, two_point_run):
    run_id, tr = two_point_run
    one = client.get(f"/api/runs/{run_id}/calls?point=1&max_points=100").json()
    n1 = int((tr.point_no == 1).sum())
    assert one["total"] == n1 and set(one["point_no"]) == {1}
    assert len(one["call_no"]) <= 100 + 1 and one["stride"] == -(-n1 // 100)
    every = client.get(f"/api/runs/{run_id}/calls?max_points=200000").json()
    assert every["total"] == len(tr.call_no) and sorted(set(every["point_no"])) == [0, 1]
    assert np.array_equal(np.array(every["point_no"]), tr.point_no[np.argsort(tr.call_no)])
    assert client.get(f"/api/runs/{run_id}/calls?point=-1").status_code == 422


def test_an_open_loop_point_summary_counts_from_the_intended_send(client, db):
    """Issue 32: the Results summary of an open-loop point describes latency from the intended send, its RTT
    beside; the closed-loop point of the same run stays RTT."""
    tr, _ = pingpong(n_calls=600, points=2, warmup=5)
    run_id = store(db, tr, {0: {"request_bytes": 64},
                            1: {"request_bytes": 64, "arrival": "poisson", "rate_calls_s": 1000}})
    with db.session() as s:
        calls = calls_of(s, run_id)
        calls["send_lag_ns"][calls["point_no"] == 1] = 2_000_000
        replace_calls(s, run_id, calls)
    p0, p1 = client.get(f"/api/runs/{run_id}/summary").json()["points"]
    assert (p0["loop"], p1["loop"]) == ("closed", "open")
    assert p0["latency"] is None and p1["latency"]["median_ns"] == pytest.approx(p1["rtt"]["median_ns"] + 2e6)
    assert p1["box"]["median_ns"] == pytest.approx(p1["latency"]["median_ns"])
