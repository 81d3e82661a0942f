"""analysis/open_loop.py against hand-computed cases and an independent loop over a seeded random one."""

import math

import numpy as np

from perflab.analysis.open_loop import latency_ns, nearest_rank, schedule


def test_latency_counts_from_the_intended_send():
    assert latency_ns([100, 200, 300], [0, 50, 1_000]).tolist() == [100, 250, 1_300]
    assert latency_ns([7], [0]).tolist() == [7]  # closed loop: the RTT itself


def test_nearest_rank_by_hand():
    assert nearest_rank(list(range(1, 101)), 99) == 99  # ceil(0.99 * 100) = 99th smallest
    assert nearest_rank(list(range(1, 11)), 99) == 10  # ceil(9.9) = 10th
    assert nearest_rank([5, 1, 3], 50) == 3  # ceil(1.5) = 2nd smallest
    assert nearest_rank([], 99) is None


def test_a_constant_schedule_kept_by_hand():
    # one thread at 1000 calls/s: intended 0, 1, 2, 3, 4 ms; sends at lags 0, 10 µs, 0, 0, 20 µs
    lag = [0, 10_000, 0, 0, 20_000]
    start = [k * 1_000_000 + g for k, g in enumerate(lag)]
    s = schedule(start, lag, [0] * 5, 1000, "constant")
    # 5 sends over 4_020_000 ns: 4 gaps -> 4 / 0.00402 s = 995.02 calls/s, 99.5 % of 1000: kept
    assert math.isclose(s["achieved_calls_s"], 4 / 0.00402)
    assert s["offered_calls_s"] == 1000 and s["thread_gap_ns"] == 1e6
    assert (s["late_sends"], s["max_lag_ns"], s["p99_lag_ns"]) == (0, 20_000, 20_000)
    assert s["kept"] is True and s["why"] is None


def test_a_stall_makes_calls_late_and_the_rate_not_kept():
    # two threads at 2000 calls/s over the point: each thread's gap 1 ms. Thread 1's calls 2 and 3 are sent 3 ms
    # and 2.5 ms late (a stall); its 4th 0.5 ms late (not more than a gap)
    intended = {0: [0, 1_000_000, 2_000_000, 3_000_000], 1: [500_000, 1_500_000, 2_500_000, 3_500_000]}
    lags = {0: [0, 0, 0, 0], 1: [0, 3_000_000, 2_500_000, 500_000]}
    start = [i + g for t in (0, 1) for i, g in zip(intended[t], lags[t])]
    lag = lags[0] + lags[1]
    s = schedule(start, lag, [0] * 4 + [1] * 4, 2000, "constant")
    assert s["threads"] == 2 and s["thread_gap_ns"] == 1e6
    assert s["late_sends"] == 2 and s["late_share"] == 2 / 8
    # sends from 0 to 5_000_000 ns (thread 1's third, 2.5 ms + 2.5 ms): 7 gaps over 5 ms = 1400 calls/s
    assert math.isclose(s["achieved_calls_s"], 7 / 0.005)
    assert s["max_lag_ns"] == 3_000_000 and s["p99_lag_ns"] == 3_000_000  # ceil(7.92) = 8th of 8
    assert s["kept"] is False
    assert "1400 calls/s of the 2000 offered (70.0%, below 99%)" in s["why"]
    assert "2 of 8 calls (25.0%, above 1%)" in s["why"] and "largest lag 3 ms" in s["why"]


def test_closed_loop_has_no_offered_rate():
    s = schedule([0, 10, 30], [0, 0, 0], [0, 0, 0], None, "closed")
    assert s["offered_calls_s"] is None and s["kept"] is None and s["why"].startswith("closed loop")
    assert math.isclose(s["achieved_calls_s"], 2 / 30e-9)


def test_one_call_cannot_show_a_rate():
    s = schedule([5], [0], [0], 100, "poisson")
    assert s["achieved_calls_s"] is None and s["kept"] is False and "cannot show a rate" in s["why"]


def test_a_seeded_random_poisson_point_against_a_plain_loop():
    seed = 20261128
    print(f"seed {seed}")
    rng = np.random.default_rng(seed)
    threads, per, rate = 3, 400, 3000.0
    start, lag, thread = [], [], []
    for t in range(threads):
        at = 0.0
        for _ in range(per):
            at += rng.exponential(threads * 1e9 / rate)
            g = int(rng.exponential(20_000)) if rng.random() < 0.97 else int(rng.uniform(1e6, 5e6))
            start.append(int(at) + g)
            lag.append(g)
            thread.append(t)
    s = schedule(start, lag, thread, rate, "poisson")
    # independently: a loop, no numpy
    n = len(start)
    first, last = min(start), max(start)
    gap = threads * 1e9 / rate
    late = sum(1 for g in lag if g > gap)
    ordered = sorted(lag)
    assert s["calls"] == n == threads * per
    assert math.isclose(s["achieved_calls_s"], (n - 1) / ((last - first) / 1e9))
    assert s["late_sends"] == late and s["max_lag_ns"] == ordered[-1]
    assert s["p99_lag_ns"] == ordered[-(-99 * n // 100) - 1]
    assert s["kept"] == (s["achieved_calls_s"] >= 0.99 * rate and late / n <= 0.01)
    print(s)
