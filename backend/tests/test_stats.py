"""analysis.stats against independent calculations (Python's statistics module) and published t values."""

import statistics

import numpy as np
import pytest

from perflab.analysis.stats import describe


def test_matches_the_statistics_module_on_a_skewed_sample():
    rng = np.random.default_rng(7)
    x = rng.lognormal(mean=10, sigma=0.5, size=2001)
    st = describe(x)
    assert st.count == 2001
    assert st.mean_ns == pytest.approx(statistics.fmean(x), rel=1e-12)
    assert st.median_ns == pytest.approx(statistics.median(x), rel=1e-12)
    assert st.stddev_ns == pytest.approx(statistics.stdev(x), rel=1e-9)
    # statistics.quantiles(method="inclusive") is the same type-7 definition as numpy's default
    q = statistics.quantiles(x, n=1000, method="inclusive")
    assert st.p90_ns == pytest.approx(q[899], rel=1e-12)
    assert st.p99_ns == pytest.approx(q[989], rel=1e-12)
    assert st.p999_ns == pytest.approx(q[998], rel=1e-12)
    assert st.min_ns == x.min() and st.max_ns == x.max()


def test_confidence_interval_never_leaves_the_sample_even_when_students_t_would():
    # nine 10 µs calls and one 1 s stall: mean ± t·s/√n gives about −0.27 s … 0.33 s, no time can be negative
    x = np.array([10_000.0] * 9 + [1e9])
    t_low = x.mean() - 2.262 * statistics.stdev(x) / np.sqrt(x.size)
    assert t_low < 0
    st = describe(x)
    assert x.min() <= st.ci95_low_ns <= st.mean_ns <= st.ci95_high_ns <= x.max()
    assert st.ci95_low_ns > 0


def test_confidence_interval_follows_the_skew_and_agrees_with_t_on_a_large_symmetric_sample():
    rng = np.random.default_rng(3)
    skew = describe(rng.lognormal(mean=10, sigma=1.2, size=200))
    assert skew.ci95_high_ns - skew.mean_ns > skew.mean_ns - skew.ci95_low_ns  # longer above the mean
    x = rng.normal(50_000, 2_000, size=5000)
    st = describe(x)
    half = 1.9604 * statistics.stdev(x) / np.sqrt(x.size)
    assert (st.ci95_high_ns - st.ci95_low_ns) / 2 == pytest.approx(half, rel=0.1)
    assert describe(x) == st  # the same sample, the same interval (fixed seed)


def test_a_large_point_with_one_stall_stays_within_its_calls_and_costs_little():
    import time
    x = np.r_[np.full(199_999, 10_000.0), 5e9]  # one 5 s stall among 200,000 calls of 10 µs: t reaches below 0
    assert x.mean() - 1.96 * x.std(ddof=1) / np.sqrt(x.size) < 0
    began = time.perf_counter()
    st = describe(x)
    assert time.perf_counter() - began < 2.0
    assert x.min() <= st.ci95_low_ns <= st.mean_ns <= st.ci95_high_ns <= x.max()


def test_small_samples():
    assert describe([]) is None
    one = describe([42])
    assert one.count == 1 and one.mean_ns == 42 and one.stddev_ns == 0 and one.ci95_low_ns == 42
    two = describe([10, 20])
    assert two.median_ns == 15 and two.p90_ns == pytest.approx(19)


def test_bad_input_is_rejected():
    with pytest.raises(ValueError, match="one-dimensional"):
        describe([[1, 2], [3, 4]])
    with pytest.raises(ValueError, match="finite"):
        describe([1.0, float("nan")])
