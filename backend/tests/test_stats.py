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


@pytest.mark.parametrize("n, t975", [(10, 2.262), (30, 2.045), (5, 2.776)])
def test_confidence_interval_uses_students_t(n, t975):
    # t(0.975, n-1) from the standard published table (e.g. NIST/SEMATECH e-Handbook, 1.3.6.7.2)
    x = np.arange(n, dtype=float) * 3.0 + 100
    st = describe(x)
    half = (st.ci95_high_ns - st.ci95_low_ns) / 2
    assert half == pytest.approx(t975 * statistics.stdev(x) / np.sqrt(n), rel=2e-4)
    assert (st.ci95_low_ns + st.ci95_high_ns) / 2 == pytest.approx(statistics.fmean(x))


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
