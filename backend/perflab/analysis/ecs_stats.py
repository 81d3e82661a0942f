"""The ECS and DCE papers' statistics: throughput in calls/s and Mbit/s against caller threads (DCE paper,
Table 1), one-way ANOVA of RTT across sizes and a linear regression of RTT on size (ECS paper), and ratio tables
(socket : RPC : protection levels)."""

from dataclasses import dataclass

import numpy as np
from scipy import stats as sps

from perflab.analysis.plain import as_plain
from perflab.analysis.words import duration_text


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
    slope_ci95: tuple[float, float] | None = None  # ns per byte, Student's t on the slope's standard error
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
    t95 = float(sps.t.ppf(0.975, x.size - 2))
    half = t95 * float(r.intercept_stderr)
    ci = (float(r.intercept) - half, float(r.intercept) + half)
    slope_ci = (float(r.slope) - t95 * float(r.stderr), float(r.slope) + t95 * float(r.stderr))
    caveats = []
    if ci[1] < 0:
        # the line crosses 0 B below zero: RTT grows faster than linearly over these sizes (more packets, copies)
        caveats.append(f"its intercept ({duration_text(r.intercept)} at 0 B, 95% CI {duration_text(ci[0])} to "
                       f"{duration_text(ci[1])}) is below zero, which no round trip can be: RTT does not grow "
                       f"linearly from 0 B, so read the slope only as the average growth between the sizes measured")
    if sizes < 3:
        caveats.append("two request sizes only: the line joins their means, and R² measures how closely the calls "
                       "gather around those two means, not whether RTT grows linearly")
    if r.pvalue >= 0.05:
        caveats.append(f"the slope is not significant (p = {r.pvalue:.3g})")
    return Regression(float(r.slope), float(r.intercept), float(r.rvalue ** 2), float(r.pvalue), int(x.size),
                      sizes, ci, slope_ci, "; ".join(caveats) or None)


def regressions_by_group(points: dict[int, dict]) -> list[dict]:
    """RTT on request size fitted once per group of points that share every other swept parameter (threads, think
    time, cache...): pooling points that differ in threads makes the slope the threads' effect, not the size's (a
    sweep of 1/3/6 threads gave -214 us/KiB). points: point_no -> {"params": the point's swept parameters without
    the size, "x": sizes, "y": RTTs}. A group measured at one size has no slope: its fit is None, with the reason."""
    groups: dict[str, dict] = {}
    for no in sorted(points):
        pt = points[no]
        key = repr(sorted(pt["params"].items()))
        g = groups.setdefault(key, {"params": pt["params"], "point_nos": [], "x": [], "y": []})
        g["point_nos"].append(no)
        g["x"].append(np.asarray(pt["x"], dtype=np.float64))
        g["y"].append(np.asarray(pt["y"], dtype=np.float64))
    out = []
    for g in groups.values():
        x, y = np.concatenate(g["x"]), np.concatenate(g["y"])
        sizes = int(np.unique(x).size)
        fit, reason = None, None
        if sizes < 2:
            reason = f"one request size only ({int(x[0]) if x.size else 0} B): no slope can be fitted"
        elif x.size < 3:
            reason = "fewer than three calls"
        else:
            fit = regression(x, y).as_dict()
        out.append({"params": g["params"], "point_nos": g["point_nos"], "sizes": sizes, "n": int(x.size),
                    "fit": fit, "reason": reason})
    return out


def ratio_table(means: dict[str, float], base: str) -> dict[str, float]:
    """Each label's mean divided by the base label's (the ECS paper's ratio tables)."""
    if base not in means:
        raise ValueError(f"base {base!r} is not one of {sorted(means)}")
    if means[base] <= 0:
        raise ValueError("the base mean must be positive")
    return {k: v / means[base] for k, v in means.items()}
