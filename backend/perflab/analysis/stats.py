"""Descriptive statistics of a latency sample, the numbers netperf/sockperf users expect.

Percentiles interpolate linearly between order statistics (numpy's default, Hyndman & Fan type 7);
the 95% confidence interval of the mean uses Student's t with n-1 degrees of freedom.
"""

from dataclasses import asdict, dataclass

import numpy as np
from scipy import stats as sps


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
    if n > 1:
        sd = float(x.std(ddof=1))
        half = float(sps.t.ppf(0.975, n - 1)) * sd / np.sqrt(n)
    else:
        sd, half = 0.0, 0.0
    return Stats(
        count=int(n), mean_ns=mean, median_ns=p50, p90_ns=p90, p99_ns=p99, p999_ns=p999, stddev_ns=sd,
        ci95_low_ns=mean - half, ci95_high_ns=mean + half, min_ns=float(x.min()), max_ns=float(x.max()),
    )
