"""Descriptive statistics of a latency sample, the numbers netperf/sockperf users expect.

Percentiles interpolate linearly between order statistics (numpy's default, Hyndman & Fan type 7);
the 95% confidence interval of the mean is a percentile bootstrap (see mean_ci95 and docs/analysis.md).
"""

import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass, fields
from functools import lru_cache

import numpy as np
from scipy import sparse


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
        # the fields are plain numbers: asdict's deep copy of each costs more than the analysis of a step
        return {name: getattr(self, name) for name in _STATS_FIELDS}


_STATS_FIELDS = tuple(f.name for f in fields(Stats))

# The statistics rows in the order every table shows them (the Steps table, its CSV, the analysis CSVs), each with
# what it is; the mean's wording is the caller's (what was subtracted from it).
STAT_ROWS: tuple[tuple[str, str], ...] = (
    ("count", "steps counted"),
    ("mean_ns", "mean duration"),
    ("median_ns", "median duration"),
    ("p90_ns", "90th percentile"),
    ("p99_ns", "99th percentile"),
    ("p999_ns", "99.9th percentile"),
    ("stddev_ns", "sample standard deviation (n-1)"),
    ("ci95_low_ns", "95% confidence interval of the mean, low end (percentile bootstrap of the calls)"),
    ("ci95_high_ns", "95% confidence interval of the mean, high end"),
    ("min_ns", "minimum"),
    ("max_ns", "maximum"),
)
assert {name for name, _ in STAT_ROWS} == set(_STATS_FIELDS), "STAT_ROWS must name every field of Stats once"


def describe(values_ns) -> Stats | None:
    """Statistics of a sample in nanoseconds; None for an empty sample."""
    x = _sample(values_ns, "values_ns")
    return _describe(x, mean_ci95(x)) if x.size else None


def describe_columns(columns) -> list[Stats]:
    """describe() of several samples of equal size, each not empty (the steps of a point, measured on the same
    calls): the same numbers, with their bootstrap intervals drawn together (mean_ci95_columns)."""
    xs = [_sample(c, f"columns[{j}]") for j, c in enumerate(columns)]
    if any(x.size == 0 for x in xs):
        raise ValueError("columns must not be empty")
    return [_describe(x, ci) for x, ci in zip(xs, mean_ci95_columns(xs))]


def _sample(values, name: str) -> np.ndarray:
    x = np.asarray(values, dtype=np.float64)
    if x.ndim != 1:
        raise ValueError(f"{name} must be one-dimensional (got shape {x.shape})")
    if not np.all(np.isfinite(x)):
        raise ValueError(f"{name} must be finite")
    return x


def _describe(x: np.ndarray, ci: tuple[float, float]) -> Stats:
    n = x.size
    mean = float(x.mean())
    p50, p90, p99, p999 = (float(v) for v in np.percentile(x, [50, 90, 99, 99.9]))
    sd = float(x.std(ddof=1)) if n > 1 else 0.0
    return Stats(
        count=int(n), mean_ns=mean, median_ns=p50, p90_ns=p90, p99_ns=p99, p999_ns=p999, stddev_ns=sd,
        ci95_low_ns=ci[0], ci95_high_ns=ci[1], min_ns=float(x.min()), max_ns=float(x.max()),
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
    """95% percentile-bootstrap interval of the mean of the values (in any order); (mean, mean) for fewer than two
    distinct values.
    Over _M calls, means of m = _M resampled calls are shrunk towards the mean by sqrt(m / n) (their spread is
    sqrt(n / m) times the mean's): the ends stay within [min, max], and the skew kept is if anything larger."""
    return mean_ci95_columns([np.asarray(values, dtype=np.float64).ravel()])[0]


def mean_ci95_columns(columns: list[np.ndarray]) -> list[tuple[float, float]]:
    """mean_ci95 of each of several float64 samples of one size n, with the same draws (they depend on n alone):
    one pass of the resample matrix over all of them. A sample asked for before (model_fit asks for the point's
    RTTs that step_statistics described) is answered from _known, the same numbers without the bootstrap again."""
    out: list = [None] * len(columns)
    todo = []  # (index, mean, key) of the samples to resample
    # the draws pick positions: sorted, a sample's interval is of its values alone, whatever order its calls were
    # read in (the summary and the step statistics read one point's calls in different orders and gave one mean
    # two intervals)
    columns = [np.sort(x) for x in columns]
    for j, x in enumerate(columns):
        mean = float(x.mean())
        if x.size < 2 or x.min() == x.max():
            out[j] = (mean, mean)
            continue
        key = _key(x)
        with _known_lock:
            out[j] = _known.get(key)
        if out[j] is None:
            todo.append((j, mean, key))
    if not todo:
        return out
    n = columns[todo[0][0]].size
    if any(columns[j].size != n for j, *_ in todo):
        raise ValueError(f"columns must have one size (got {sorted({c.size for c in columns})})")
    m = min(n, _M)
    # [resamples, n] counts @ [n, samples]: each resample's sum, gathered in compiled code without the
    # [resamples, m] copy that x[draws] makes of every sample
    sums = _resample_matrix(n) @ np.stack([columns[j] for j, *_ in todo], axis=1)
    boot = np.ascontiguousarray(sums.T) / m  # [samples, resamples]: each sample's resampled means
    for (j, mean, key), means in zip(todo, boot):
        low, high = mean + (np.percentile(means, [2.5, 97.5]) - mean) * np.sqrt(m / n)
        out[j] = (min(float(low), mean), max(float(high), mean))
        with _known_lock:
            _known[key] = out[j]
            _known.move_to_end(key)
            while len(_known) > _KNOWN:
                _known.popitem(last=False)
    return out


_KNOWN = 256  # intervals remembered: a run's points times the samples of each, a few kB
_known: OrderedDict[bytes, tuple[float, float]] = OrderedDict()
_known_lock = threading.Lock()


def _key(x: np.ndarray) -> bytes:
    """What identifies a sample's interval: its values (the draws follow from their number)."""
    return hashlib.blake2b(np.ascontiguousarray(x).data, digest_size=24).digest() + x.size.to_bytes(8, "little")


@lru_cache(maxsize=4)
def _resample_matrix(n: int) -> sparse.csr_matrix:
    """The bootstrap's draws for a sample of n as a [resamples, n] sparse matrix, row r holding resample r's m
    indices (a call drawn twice twice): the seed is fixed, so they depend on n alone, and a run's analysis asks
    for the same n again and again (every step of a point has the point's calls): drawn once, not per call.
    Drawn in blocks of about 500,000 as the bootstrap always has (the same draws); 24 MB at most."""
    m = min(n, _M)
    rng = np.random.default_rng(_SEED)
    rows = max(1, 500_000 // m)
    index = np.int32 if n < 2**31 else np.int64
    cols = np.concatenate([rng.integers(0, n, size=(min(rows, _RESAMPLES - i), m)).astype(index).ravel()
                           for i in range(0, _RESAMPLES, rows)])
    starts = np.arange(0, cols.size + 1, m, dtype=index)
    return sparse.csr_matrix((np.ones(cols.size), cols, starts), shape=(_RESAMPLES, n))
