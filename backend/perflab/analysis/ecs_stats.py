"""The ECS and DCE papers' statistics: throughput in calls/s and Mbit/s against caller threads (DCE paper,
Table 1), one-way ANOVA of RTT across sizes and a linear regression of RTT on size (ECS paper), and ratio tables
(socket : RPC : protection levels)."""

from dataclasses import dataclass

import numpy as np
from scipy import stats as sps

from perflab.analysis.plain import as_plain


@dataclass(frozen=True)
class Throughput:
    calls: int
    elapsed_s: float
    calls_per_s: float
    mbit_per_s: float  # payload bits moved per call (request + response) * calls/s


def throughput(calls: int, elapsed_s: float, bytes_per_call: float) -> Throughput:
    if elapsed_s <= 0:
        raise ValueError(f"elapsed_s must be positive (got {elapsed_s})")
    rate = calls / elapsed_s
    return Throughput(int(calls), float(elapsed_s), rate, rate * bytes_per_call * 8 / 1e6)


@dataclass(frozen=True)
class Anova:
    f: float
    p: float
    df_between: int
    df_within: int
    ss_between: float
    ss_within: float

    def as_dict(self) -> dict:
        return as_plain(self)


def one_way_anova(groups) -> Anova:
    """F = (SS_between / (k - 1)) / (SS_within / (N - k)); p from the F distribution."""
    gs = [np.asarray(g, dtype=np.float64) for g in groups]
    gs = [g for g in gs if g.size]
    k, n = len(gs), sum(g.size for g in gs)
    if k < 2 or n <= k:
        raise ValueError("ANOVA needs at least two groups and more observations than groups")
    grand = np.concatenate(gs).mean()
    ssb = float(sum(g.size * (g.mean() - grand) ** 2 for g in gs))
    ssw = float(sum(((g - g.mean()) ** 2).sum() for g in gs))
    dfb, dfw = k - 1, n - k
    f = (ssb / dfb) / (ssw / dfw) if ssw > 0 else float("inf")
    return Anova(f, float(sps.f.sf(f, dfb, dfw)), dfb, dfw, ssb, ssw)


@dataclass(frozen=True)
class Regression:
    slope: float  # ns per byte
    intercept: float  # ns at 0 B
    r2: float
    p: float
    n: int
    sizes: int = 0  # distinct request sizes
    intercept_ci95: tuple[float, float] | None = None  # Student's t on the fit's standard error
    caveat: str | None = None  # why the line must not be read as a fixed cost plus a cost per byte; None: it may

    def as_dict(self) -> dict:
        return as_plain(self)


def regression(x, y) -> Regression:
    """RTT (ns) on request size (bytes) by least squares, with a caveat whenever the line cannot be read as a fixed
    cost plus a cost per byte: a high R² alone does not make it one."""
    x, y = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
    if x.size < 3 or np.ptp(x) == 0:
        raise ValueError("regression needs at least three observations at two or more sizes")
    r = sps.linregress(x, y)
    sizes = int(np.unique(x).size)
    half = float(sps.t.ppf(0.975, x.size - 2) * r.intercept_stderr)
    ci = (float(r.intercept) - half, float(r.intercept) + half)
    caveats = []
    if ci[1] < 0:
        # the line crosses 0 B below zero: RTT grows faster than linearly over these sizes (more packets, copies)
        caveats.append(f"its intercept ({r.intercept / 1e3:.2f} µs at 0 B, 95% CI {ci[0] / 1e3:.2f} to "
                       f"{ci[1] / 1e3:.2f} µs) is below zero, which no round trip can be: RTT does not grow "
                       f"linearly from 0 B, so read the slope only as the average growth between the sizes measured")
    if sizes < 3:
        caveats.append("two request sizes only: the line joins their means, and R² measures how closely the calls "
                       "gather around those two means, not whether RTT grows linearly")
    if r.pvalue >= 0.05:
        caveats.append(f"the slope is not significant (p = {r.pvalue:.3g})")
    return Regression(float(r.slope), float(r.intercept), float(r.rvalue ** 2), float(r.pvalue), int(x.size),
                      sizes, ci, "; ".join(caveats) or None)


def ratio_table(means: dict[str, float], base: str) -> dict[str, float]:
    """Each label's mean divided by the base label's (the ECS paper's ratio tables)."""
    if base not in means:
        raise ValueError(f"base {base!r} is not one of {sorted(means)}")
    if means[base] <= 0:
        raise ValueError("the base mean must be positive")
    return {k: v / means[base] for k, v in means.items()}
