"""A run's Results per point: each point of a sweep described on its own (a sweep's calls mixed together have
no meaningful mean), with the distribution views netperf/Flent users expect, the CDF and the box plot.

Every call of a point falls in exactly one category (error, first, warmup, measured: analysis/measured_calls.py),
so the counts add up to the point's calls and every view that shows them (text, legend, table) can show the
same numbers.

An open-loop point (analysis/open_loop.py) is described by each call's latency from its intended send (RTT plus
send lag: no coordinated omission), as its tails are: `latency` holds those statistics and the CDF and box plot are
of it, with `rtt` (from the actual send) kept beside; a closed-loop point's latency is its RTT (`latency` None).
"""

import numpy as np

from perflab.analysis.measured_calls import categories
from perflab.analysis.open_loop import latency_ns
from perflab.analysis.stats import describe

CDF_POINTS = 400  # ranks kept of a larger point's sorted calls; a smaller point sends every call
TAIL_PS = (0.99, 0.995, 0.999, 0.9999)  # always kept: where latency users read a CDF
MAX_OUTLIERS = 100  # per side of the box; more are thinned evenly by rank (their count stays exact)
VALUES_PER_RUN = 20_000  # a sweep of many points keeps fewer CDF ranks and outliers a point (at least a quarter)


def ecdf(sorted_ns: np.ndarray, max_points: int = CDF_POINTS) -> dict:
    """Points of the empirical CDF: rtt_ns[i] with p[i] the share of calls at or below it. Exact order statistics
    (no interpolation): every call for a small point, else ranks spread evenly plus the tail's and the maximum."""
    n = sorted_ns.size
    if n == 0:
        return {"rtt_ns": [], "p": []}
    if n <= max_points:
        ranks = np.arange(n)
    else:
        spread = np.linspace(0, n - 1, max_points).round().astype(np.int64)
        tail = np.ceil(np.array(TAIL_PS) * n).astype(np.int64) - 1
        ranks = np.unique(np.concatenate((spread, tail, [n - 1])))
    return {"rtt_ns": [int(v) for v in sorted_ns[ranks]], "p": [round(float(r), 7) for r in (ranks + 1) / n]}


def box(sorted_ns: np.ndarray, max_outliers: int = MAX_OUTLIERS) -> dict | None:
    """Tukey's box plot: quartiles (type 7, as analysis/stats.py), whiskers at the furthest calls within 1.5 IQR
    of the box, the calls beyond them as outliers (counts exact, values thinned to MAX_OUTLIERS a side)."""
    n = sorted_ns.size
    if n == 0:
        return None
    x = sorted_ns.astype(np.float64)
    q1, med, q3 = (float(v) for v in np.percentile(x, [25, 50, 75]))
    iqr = q3 - q1
    lo_fence, hi_fence = q1 - 1.5 * iqr, q3 + 1.5 * iqr
    inside = x[(x >= lo_fence) & (x <= hi_fence)]
    low, high = x[x < lo_fence], x[x > hi_fence]
    return {"q1_ns": q1, "median_ns": med, "q3_ns": q3, "mean_ns": float(x.mean()),
            "whisker_low_ns": float(inside.min()), "whisker_high_ns": float(inside.max()),
            "outliers_low": int(low.size), "outliers_high": int(high.size),
            "outlier_ns": [float(v) for v in np.concatenate((_thin(low, max_outliers), _thin(high, max_outliers)))]}


def _thin(values: np.ndarray, most: int) -> np.ndarray:
    if values.size <= most:
        return values
    return values[np.linspace(0, values.size - 1, most).round().astype(np.int64)]


def point_summaries(call_no, point_no, flags, rtt_ns, retransmits=None, send_lag_ns=None,
                    open_points=()) -> list[dict]:
    """One entry per point present, ascending: its loop, its call counts by category, the statistics of its
    measured calls, its first calls described apart, its CDF and box plot, and the retransmissions of all its calls
    (summed, and the calls with at least one: loss shows in every category, an error call's included).
    open_points: the points run open loop; their CDF, box and `latency` count from each call's intended send
    (rtt_ns + send_lag_ns)."""
    call_no, point_no, flags, rtt = (np.asarray(a, dtype=np.int64) for a in (call_no, point_no, flags, rtt_ns))
    retx = np.zeros_like(call_no) if retransmits is None else np.asarray(retransmits, dtype=np.int64)
    lag = np.zeros_like(call_no) if send_lag_ns is None else np.asarray(send_lag_ns, dtype=np.int64)
    opened = {int(p) for p in open_points}
    cat = categories(call_no, point_no, flags)
    points = np.unique(point_no)
    share = VALUES_PER_RUN // max(1, points.size)  # a 256-point sweep's summary stays a few hundred KB
    cdf_points = max(CDF_POINTS // 4, min(CDF_POINTS, share))
    outliers = max(MAX_OUTLIERS // 4, min(MAX_OUTLIERS, share // 4))
    out = []
    for p in points:
        in_p = point_no == p
        sel = in_p & cat["measured"]
        measured = np.sort(rtt[sel])
        stats = describe(measured)
        is_open = int(p) in opened
        shown = np.sort(latency_ns(rtt[sel], lag[sel])) if is_open else measured
        lat_stats = describe(shown) if is_open else None
        first = np.sort(rtt[in_p & cat["first"]])
        out.append({
            "point_no": int(p),
            "loop": "open" if is_open else "closed",
            "calls": int(in_p.sum()),
            "counts": {k: int((in_p & m).sum()) for k, m in cat.items()},
            "rtt": stats.as_dict() if stats else None,
            "latency": lat_stats.as_dict() if lat_stats else None,
            "first_calls": {"count": int(first.size), "median_ns": float(np.median(first)),
                            "min_ns": float(first[0]), "max_ns": float(first[-1])} if first.size else None,
            "cdf": ecdf(shown, cdf_points),
            "box": box(shown, outliers),
            "retransmits": int(retx[in_p].sum()),
            "calls_retransmitted": int(np.count_nonzero(retx[in_p])),
        })
    return out
