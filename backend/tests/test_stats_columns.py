"""analysis.stats' batched bootstrap (describe_columns, mean_ci95_columns) against the per-sample path and against
the bootstrap's definition: the mean of m calls drawn from the sample, the same draws for every sample of size n."""

import numpy as np
import pytest

from perflab.analysis import stats
from perflab.analysis.stats import describe, describe_columns, mean_ci95, mean_ci95_columns
from perflab.analysis.step_stats import step_statistics
from perflab.analysis.trace import build


@pytest.fixture(autouse=True)
def _forget_intervals():
    """Every test computes its intervals afresh (none answered from what an earlier test asked)."""
    stats._known.clear()
    yield
    stats._known.clear()


def _reference_ci95(x: np.ndarray) -> tuple[float, float]:
    """The interval as the bootstrap defines it, written out: 1000 resamples of m = min(n, 2000) calls drawn with
    default_rng(18) in blocks of 500,000 // m resamples from the values in ascending order, each resample's mean
    gathered call by call."""
    x = np.sort(x)
    n = x.size
    m = min(n, 2000)
    rng = np.random.default_rng(18)
    rows = max(1, 500_000 // m)
    means = np.concatenate([x[rng.integers(0, n, size=(min(rows, 1000 - i), m))].mean(axis=1)
                            for i in range(0, 1000, rows)])
    mean = float(x.mean())
    low, high = mean + (np.percentile(means, [2.5, 97.5]) - mean) * np.sqrt(m / n)
    return min(float(low), mean), max(float(high), mean)


@pytest.mark.parametrize("n", [7, 2001, 16_667])
def test_one_sample_has_one_interval_whatever_the_order_of_its_calls(n):
    """The summary and the step statistics read a point's calls in different orders: one mean, one interval."""
    x = np.random.default_rng(n).lognormal(10, 0.5, n)
    shuffled = np.random.default_rng(1).permutation(x)
    assert mean_ci95(x) == mean_ci95(shuffled)
    stats._known.clear()
    assert mean_ci95_columns([shuffled, x[::-1].copy()]) == [mean_ci95(x)] * 2


@pytest.mark.parametrize("n", [2, 7, 1999, 2000, 2001, 16_667])
def test_interval_is_the_bootstrap_of_its_definition(n):
    rng = np.random.default_rng(n)
    for x in (rng.lognormal(9, 1.3, n), rng.exponential(3000, n).round()):
        low, high = mean_ci95(x)
        ref = _reference_ci95(x)
        assert low == pytest.approx(ref[0], rel=1e-9) and high == pytest.approx(ref[1], rel=1e-9)
        assert x.min() <= low <= x.mean() <= high <= x.max()


@pytest.mark.parametrize("n", [1, 2, 50, 2000, 9_001])
def test_columns_described_together_equal_each_described_alone(n):
    rng = np.random.default_rng(100 + n)
    columns = [rng.lognormal(8, 1.0, n), rng.exponential(500, n), np.full(n, 42.0), rng.normal(1e4, 10, n)]
    alone = []
    for x in columns:
        stats._known.clear()  # each on its own, not remembered from the one before
        alone.append(describe(x))
    stats._known.clear()
    together = describe_columns(columns)
    assert together == alone  # the same draws, the same sums: exactly the same numbers
    if n > 1:
        assert len({s.ci95_low_ns for s in together[:2]}) == 2  # each column its own interval


def test_a_sample_asked_again_gets_its_interval_and_another_sample_its_own():
    rng = np.random.default_rng(4)
    x = rng.exponential(1000, 3000)
    first = mean_ci95(x)
    assert mean_ci95(x.copy()) == first
    y = x.copy()
    y[0] += 1e6  # the same size, other values: not answered from x's interval
    assert mean_ci95(y) != first
    assert mean_ci95(y) == pytest.approx(_reference_ci95(y), rel=1e-9)


def test_columns_of_different_sizes_or_shapes_are_rejected():
    with pytest.raises(ValueError, match="one size"):
        mean_ci95_columns([np.arange(10.0), np.arange(11.0)])
    with pytest.raises(ValueError, match="empty"):
        describe_columns([np.arange(3.0), []])
    with pytest.raises(ValueError, match=r"columns\[1\] must be one-dimensional"):
        describe_columns([np.arange(4.0), np.ones((2, 2))])
    with pytest.raises(ValueError, match=r"columns\[0\] must be finite"):
        describe_columns([[1.0, float("inf")]])


def test_step_rows_equal_each_step_described_alone():
    # 3 points of 2,500 calls; step 2 runs in every call, step 3 in two calls of three (described alone)
    rng = np.random.default_rng(11)
    n = 7_500
    call_no = np.arange(n)
    start = call_no * 100_000
    d1, d2, d3 = (rng.exponential(s, n).astype(np.int64) + 100 for s in (3000, 800, 5000))
    has3 = call_no % 3 != 0
    calls = {"call_no": call_no, "point_no": call_no * 3 // n, "flags": np.zeros(n, np.int64), "start_ns": start,
             "rtt_ns": d1 + d2 + d3, "request_bytes": np.full(n, 64), "response_bytes": np.full(n, 64)}
    steps = {"call_no": np.r_[call_no, call_no, call_no[has3]], "code": np.repeat([1, 2, 3], [n, n, has3.sum()]),
             "start_ns": np.r_[start, start + d1, (start + d1 + d2)[has3]],
             "end_ns": np.r_[start + d1, start + d1 + d2, (start + d1 + d2 + d3)[has3]]}
    tr = build(calls, steps)
    result = step_statistics(tr, 0.0)
    for point in result.points:
        sel = tr.measured & (tr.point_no == point.point_no)
        stats._known.clear()
        assert point.rtt == describe(tr.rtt_ns[sel]).as_dict()
        assert [r.code for r in point.steps] == [1, 2, 3]
        for row in point.steps:
            j = tr.col(row.code)
            ran = sel & (tr.count[:, j] > 0)
            stats._known.clear()
            assert row.stats == describe(tr.duration[ran, j]).as_dict()
