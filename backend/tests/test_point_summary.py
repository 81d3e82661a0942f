"""analysis/point_summary.py: a sweep's Results per point, the counts that add up, the CDF and the box plot."""

import numpy as np
import pytest

from perflab.analysis.measured_calls import FLAG_ERROR, FLAG_FIRST, FLAG_WARMUP, categories
from perflab.analysis.point_summary import box, ecdf, point_summaries
from perflab.analysis.run_summary import SUMMARY_FORMAT, summarise


def _rpc_sweep():
    """Two points as the RPC agent numbers them: 3 caller threads x (2 warm-up + 5 calls) each; every thread's
    first call is flagged warm-up and first. Point 0's calls take 100 µs + n ns, point 1's 10 ms + n ns."""
    call_no, point_no, flags, rtt = [], [], [], []
    for p, base in ((0, 100_000), (1, 10_000_000)):
        for t in range(3):
            for i in range(7):
                n = p * 21 + t * 7 + i
                call_no.append(n)
                point_no.append(p)
                flags.append((FLAG_WARMUP if i < 2 else 0) | (FLAG_FIRST if i == 0 else 0))
                rtt.append(base + n)
    flags[20] |= FLAG_ERROR  # point 0, thread 2, its last call
    return [np.array(a) for a in (call_no, point_no, flags, rtt)]


def test_every_call_in_one_category_and_the_counts_add_up():
    call_no, point_no, flags, _ = _rpc_sweep()
    cat = categories(call_no, point_no, flags)
    together = sum(m.astype(int) for m in cat.values())
    assert (together == 1).all()
    # the thread-first calls are first calls, not warm-up ones: 3 a point; the other warm-up calls 3 a point
    assert cat["first"].sum() == 6 and cat["warmup"].sum() == 6 and cat["error"].sum() == 1
    assert cat["measured"].sum() == 42 - 6 - 6 - 1


def test_each_point_described_on_its_own():
    call_no, point_no, flags, rtt = _rpc_sweep()
    pts = point_summaries(call_no, point_no, flags, rtt)
    assert [p["point_no"] for p in pts] == [0, 1]
    p0, p1 = pts
    assert p0["counts"] == {"error": 1, "first": 3, "warmup": 3, "measured": 14}
    assert p1["counts"] == {"error": 0, "first": 3, "warmup": 3, "measured": 15}
    assert sum(p0["counts"].values()) == p0["calls"] == 21
    # point 1's mean is its own calls' (about 10 ms), not a mix with point 0's 100 µs
    assert p1["rtt"]["mean_ns"] == pytest.approx(10_000_000 + np.mean([21 + t * 7 + i for t in range(3)
                                                                        for i in range(2, 7)]))
    assert p0["rtt"]["max_ns"] < 200_000
    assert p0["first_calls"] == {"count": 3, "median_ns": 100_007.0, "min_ns": 100_000.0, "max_ns": 100_014.0}


def test_run_level_counts_agree_with_the_points():
    call_no, point_no, flags, rtt = _rpc_sweep()
    s = summarise(call_no, rtt, flags, point_no=point_no)
    assert s["rtt"]["count"] == sum(p["counts"]["measured"] for p in s["points"])
    # the run's warm-up count is the agent's flag; per point the thread-first calls are counted apart
    assert s["warmup_calls"] == sum(p["counts"]["warmup"] + p["counts"]["first"] for p in s["points"])


def test_a_ping_pong_is_one_point_whose_first_call_is_call_zero():
    flags = np.array([FLAG_WARMUP | FLAG_FIRST, FLAG_WARMUP, 0, 0, 0])
    s = summarise(np.arange(5), np.array([900, 200, 100, 110, 120]), flags)
    (p,) = s["points"]
    assert p["counts"] == {"error": 0, "first": 1, "warmup": 1, "measured": 3}
    assert p["first_calls"]["max_ns"] == 900
    assert p["rtt"]["count"] == s["rtt"]["count"] == 3


def test_ecdf_small_point_sends_every_call():
    x = np.sort(np.array([5, 1, 3, 3]))
    assert ecdf(x) == {"rtt_ns": [1, 3, 3, 5], "p": [0.25, 0.5, 0.75, 1.0]}
    assert ecdf(np.array([], dtype=np.int64)) == {"rtt_ns": [], "p": []}


def test_ecdf_large_point_keeps_exact_order_statistics_and_the_tail():
    x = np.arange(1, 100_001) * 10  # the k-th smallest is 10 k
    e = ecdf(x, max_points=400)
    assert len(e["p"]) <= 400 + 5
    assert e["p"][-1] == 1.0 and e["rtt_ns"][-1] == 1_000_000
    for v, p in zip(e["rtt_ns"], e["p"]):
        assert v == round(p * 100_000) * 10  # exact: share p of the calls are at or below v
    for tail in (0.99, 0.999, 0.9999):
        assert tail in e["p"]
    assert e["rtt_ns"] == sorted(e["rtt_ns"])


def test_box_plot_follows_tukey():
    x = np.sort(np.array([10, 11, 12, 13, 14, 15, 16, 17, 18, 100], dtype=np.int64))
    b = box(x)
    q1, q3 = np.percentile(x, [25, 75])
    assert (b["q1_ns"], b["q3_ns"]) == (q1, q3)
    assert b["median_ns"] == 14.5
    assert b["whisker_low_ns"] == 10 and b["whisker_high_ns"] == 18  # 100 is beyond q3 + 1.5 IQR
    assert (b["outliers_low"], b["outliers_high"], b["outlier_ns"]) == (0, 1, [100.0])
    assert box(np.array([], dtype=np.int64)) is None


def test_box_plot_thins_many_outliers_but_counts_them_all():
    x = np.sort(np.concatenate((np.full(1000, 100), np.arange(1, 301) * 10_000)))
    b = box(x)
    assert b["outliers_high"] == 300
    assert len(b["outlier_ns"]) == 100
    assert b["outlier_ns"][0] == 10_000 and b["outlier_ns"][-1] == 3_000_000


def test_a_sweep_of_many_points_keeps_its_summary_small():
    rng = np.random.default_rng(5)
    n_points, per = 256, 3000
    point_no = np.repeat(np.arange(n_points), per)
    call_no = np.arange(point_no.size)
    rtt = rng.lognormal(11, 0.6, point_no.size).astype(np.int64)
    pts = point_summaries(call_no, point_no, np.zeros_like(call_no), rtt)
    values = sum(len(p["cdf"]["rtt_ns"]) + len(p["box"]["outlier_ns"]) for p in pts)
    assert values <= 256 * (100 + 5 + 50)  # a quarter of the ranks and outliers a point, the tail kept
    for p in pts:  # the tail's ranks stay: p99.9 is an exact order statistic, one call away at most
        assert p["cdf"]["p"][-1] == 1.0
        assert min(q for q in p["cdf"]["p"] if q >= 0.999) - 0.999 <= 1 / p["counts"]["measured"]


def test_an_open_loop_point_is_described_from_the_intended_send():
    """Issue 32: an open-loop point's summary counts each call's send lag (coordinated omission), its RTT kept
    beside; a closed-loop point's is its RTT, labelled so."""
    call_no, point_no, flags, rtt = _rpc_sweep()
    lag = np.where(point_no == 1, 5_000_000, 0)  # point 1's calls each sent 5 ms after their intended time
    closed, opened = point_summaries(call_no, point_no, flags, rtt, send_lag_ns=lag, open_points={1})
    assert (closed["loop"], opened["loop"]) == ("closed", "open")
    assert closed["latency"] is None
    assert opened["latency"]["median_ns"] == pytest.approx(opened["rtt"]["median_ns"] + 5_000_000)
    assert opened["latency"]["count"] == opened["rtt"]["count"] == opened["counts"]["measured"]
    assert min(opened["cdf"]["rtt_ns"]) >= 15_000_000 and opened["box"]["median_ns"] >= 15_000_000
    assert max(closed["cdf"]["rtt_ns"]) < 200_000
    s = summarise(call_no, rtt, flags, point_no=point_no, send_lag_ns=lag, open_points={1})
    assert s["format"] == SUMMARY_FORMAT and s["points"][1]["loop"] == "open"
    assert s["rtt"]["max_ns"] < 11_000_000  # the run's own statistics stay RTT
