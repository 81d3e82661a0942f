"""Descriptive statistics of a latency sample, the numbers netperf/sockperf users expect.

Percentiles interpolate linearly between order statistics (numpy's default, Hyndman & Fan type 7);
the 95% confidence interval of the mean is a percentile bootstrap (see mean_ci95 and docs/analysis.md).
"""

from dataclasses import asdict, dataclass
from functools import lru_cache

import numpy as np


@dataclass(frozen=True)
class Stats:
    count: int
    mean_ns: float
    median_ns: float
    p90_ns: float
    p99_ns: float
    p999_ns: float
    stddev_ns: float  # sample standard deviation (n-1)
    ci95_low_ns: float
    ci95_high_ns: float
    min_ns: float
    max_ns: float

    def as_dict(self) -> dict:
        return asdict(self)


def describe(values_ns) -> Stats | None:
    """Statistics of a sample in nanoseconds; None for an empty sample."""
    x = np.asarray(values_ns, dtype=np.float64)
    if x.ndim != 1:
        raise ValueError(f"values_ns must be one-dimensional (got shape {x.shape})")
    n = x.size
    if n == 0:
        return None
    if not np.all(np.isfinite(x)):
        raise ValueError("values_ns must be finite")
    mean = float(x.mean())
    p50, p90, p99, p999 = (float(v) for v in np.percentile(x, [50, 90, 99, 99.9]))
    sd = float(x.std(ddof=1)) if n > 1 else 0.0
    low, high = mean_ci95(x)
    return Stats(
        count=int(n), mean_ns=mean, median_ns=p50, p90_ns=p90, p99_ns=p99, p999_ns=p999, stddev_ns=sd,
        ci95_low_ns=low, ci95_high_ns=high, min_ns=float(x.min()), max_ns=float(x.max()),
    )


# Why a bootstrap and not Student's t: latency samples are positive and right-skewed (a few stalls of 100x the
# median), so mean ± t·s/√n reaches below zero for small or outlier-heavy samples, an interval no time can have.
# The percentile bootstrap resamples the calls themselves: every resampled mean lies within [min, max], so the
# interval respects the quantity, and it follows the skew (longer above the mean than below). A log-scale
# interval would bound the geometric mean, not the mean shown beside it, and fails on zero durations.
_RESAMPLES = 1000
_M = 2000  # larger samples: m-out-of-n bootstrap, so an interval costs at most 2 million draws whatever n is
_SEED = 18  # fixed: the same sample gives the same interval in every view and export


def mean_ci95(values) -> tuple[float, float]:
    """95% percentile-bootstrap interval of the mean; (mean, mean) for fewer than two distinct values.
    Over _M calls, means of m = _M resampled calls are shrunk towards the mean by sqrt(m / n) (their spread is
    sqrt(n / m) times the mean's): the ends stay within [min, max], and the skew kept is if anything larger."""
    x = np.asarray(values, dtype=np.float64)
    mean = float(x.mean())
    n = x.size
    if n < 2 or x.min() == x.max():
        return mean, mean
    m = min(n, _M)
    means = np.empty(_RESAMPLES)
    i = 0
    for block in _resample_indices(n):
        # x[block], not np.take: take copies read-only indices first (8x slower here)
        means[i:i + len(block)] = x[block].mean(axis=1)
        i += len(block)
    low, high = mean + (np.percentile(means, [2.5, 97.5]) - mean) * np.sqrt(m / n)
    return min(float(low), mean), max(float(high), mean)


@lru_cache(maxsize=4)
def _resample_indices(n: int) -> tuple[np.ndarray, ...]:
    """The bootstrap's draws for a sample of n: the seed is fixed, so they depend on n alone, and a run's analysis
    asks for the same n again and again (every step of a point has the point's calls): drawn once, not per call.
    In blocks of about 500,000 (bounded memory); kept int64, which numpy gathers faster than int32 (16 MB each)."""
    m = min(n, _M)
    rng = np.random.default_rng(_SEED)
    rows = max(1, 500_000 // m)
    blocks = []
    for i in range(0, _RESAMPLES, rows):
        block = rng.integers(0, n, size=(min(rows, _RESAMPLES - i), m))
        block.setflags(write=False)
        blocks.append(block)  # shared by every caller: nobody may change them
    return tuple(blocks)
