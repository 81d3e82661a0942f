"""The crossover of two response-time curves (analysis/crossover.py) and the RPC vs sockets study's statements,
checked against hand calculations and against the ECS paper's reading of its own Figure 4 (sockets slower on the
WAN above about 20 KB: 001_15318e11768c8d9a.txt section 2.6)."""

import random

import pytest

from perflab.analysis.crossover import crossover
from perflab.services.studies import _crossovers


def test_linear_between_the_bracketing_sizes():
    # udp - tcp: +10 at 1 KB, -10 at 20 KB: zero half way, 10.5 KB
    assert crossover([1000, 20000, 40000], [20, 40, 50], [10, 50, 70]) == pytest.approx(10500)
    assert crossover([1000, 20000], [5, 6], [6, 7]) == 1000  # faster throughout
    assert crossover([1000, 20000], [7, 8], [6, 7]) is None  # never faster
    # faster, then slower again at the largest size: no crossover to state
    assert crossover([1, 2, 3], [1, 1, 9], [2, 2, 2]) is None
    # the last change of sign decides: slower, faster, slower, faster
    assert crossover([1, 2, 3, 4], [1, 3, 3, 1], [2, 2, 4, 2]) == pytest.approx(2.5)
    with pytest.raises(ValueError):
        crossover([], [], [])


def test_random_lines_cross_where_algebra_says():
    rng = random.Random(20261128)
    print("seed 20261128")
    for _ in range(200):
        a0, a1, b0, b1 = (rng.uniform(0, 100) for _ in range(4))
        sizes = sorted(rng.sample(range(1, 100_001), 6))
        f = [a0 + a1 * x / 1000 for x in sizes]
        g = [b0 + b1 * x / 1000 for x in sizes]
        got = crossover(sizes, f, g)
        if f[-1] >= g[-1]:
            assert got is None
        elif f[0] < g[0]:
            assert got == sizes[0]
        else:  # two lines cross once: exactly where a0 + a1 x = b0 + b1 x
            assert got == pytest.approx((b0 - a0) / (a1 - b1) * 1000, rel=1e-9)


def test_the_study_states_a_crossover_per_link_and_thread_count():
    rows = [{"link_profile": link, "threads": 1, "transport": t, "request_bytes": kb * 1000, "mean_ms": ms}
            for link, t, pts in (("wan", "udp", ((1, 90), (20, 130), (40, 160))),
                                 ("wan", "tcp", ((1, 70), (20, 140), (40, 200))),
                                 ("lan-1g", "udp", ((1, 2), (20, 5), (40, 8))),
                                 ("lan-1g", "tcp", ((1, 1), (20, 3), (40, 5))))
            for kb, ms in pts]
    by = {c["link_profile"]: c for c in _crossovers(rows)}
    assert by["wan"]["crossover_kb"] == pytest.approx(1 + 19 * 20 / 30)
    assert "above about 13.7 KB" in by["wan"]["statement"]
    assert by["lan-1g"]["crossover_kb"] is None and "not faster" in by["lan-1g"]["statement"]
    assert by["wan"]["udp_faster_kb"] == [20, 40] and by["lan-1g"]["udp_faster_kb"] == []
    # faster in the middle, slower at the largest size (a lost message's timeout in a mean of few calls): said so
    rows += [{"link_profile": "x", "threads": 1, "transport": t, "request_bytes": kb * 1000, "mean_ms": ms}
             for t, pts in (("udp", ((1, 61), (20, 65), (100, 146))), ("tcp", ((1, 60), (20, 86), (100, 97))))
             for kb, ms in pts]
    x = {c["link_profile"]: c for c in _crossovers(rows)}["x"]
    assert x["crossover_kb"] is None and x["statement"] == ("on x RPC over UDP is faster than over TCP at 20 KB "
                                                            "only, not at 100 KB: no size above which it stays faster")
