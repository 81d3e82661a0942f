"""A point's tail, told truthfully: its percentiles to p99.99 and the maximum, each with a distribution-free 95 %
interval and the number of calls it rests on; its HdrHistogram (stored encoded) and percentile spectrum; and which
step makes the tail — the excess of the slowest calls over the median call, split by the round trip path's
segments (analysis/rtp.py: per call they add up to its RTT, where naive sums of nested steps do not).

Pure: numbers in, JSON-ready dicts out. `loop` ("closed" | "open") is carried so every view says which
latency it shows: a closed loop's tail misses the calls a stalled server kept from being sent (coordinated
omission); an open loop's latency counts from each call's intended send."""

import math

import numpy as np
from scipy.stats import binom

from perflab.analysis import hdr_histogram as hdr

LEVELS = (("p50", 0.50), ("p90", 0.90), ("p99", 0.99), ("p99.9", 0.999), ("p99.99", 0.9999))
CONFIDENCE = 0.95
TAIL_LEVELS = (("p99", 0.99), ("p99.9", 0.999))
MIN_TAIL_CALLS = 10  # p99.9's tail is split only when it rests on this many calls (p99's always, with 2 or more)
MEDIAN_BAND = (0.45, 0.55)  # the "median calls" a tail is compared with
BOOTSTRAP = 400
# over this many calls a resample draws this many (m-out-of-n, as analysis/stats.py): its means shrunk towards
# the mean by sqrt(m / n) have the spread of n calls' mean, at a fraction of the draws (a median band of 10 % of a
# point's calls is thousands: its resamples were most of a run's analysis time)
BOOTSTRAP_DRAWS = 500
MAX_TAIL_CALL_NOS = 200
MAX_SEGMENTS = 6  # named in a split; the rest are summed as "other segments" (shares still add to 100 %)
SEED = 32


def order_statistic_ranks(n: int, p: float, confidence: float = CONFIDENCE) -> tuple[int, int]:
    """1-based ranks l < u with P(X(l) <= x_p < X(u)) >= confidence for any continuous distribution: the count B
    of calls below the true p-quantile is Binomial(n, p), and X(l) <= x_p < X(u) exactly when l <= B < u. Each tail
    gets at most (1 - confidence) / 2. l may be 0 (no lower bound) and u may be n + 1 (no upper bound: too few
    calls for this percentile)."""
    lower, upper = _ranks(n, np.array([p]), confidence)
    return int(lower[0]), int(upper[0])


def _ranks(n: int, p: np.ndarray, confidence: float) -> tuple[np.ndarray, np.ndarray]:
    """order_statistic_ranks of several levels p at once (one pass of scipy's binomial, element by element the
    same numbers: its per-call overhead was most of a point's percentiles)."""
    a = (1.0 - confidence) / 2.0
    # l: the largest rank with P(B < l) <= a; u: the smallest with P(B >= u) <= a
    k = binom.ppf(a, n, p).astype(np.int64)  # smallest k with P(B <= k) >= a
    lower = np.where(binom.cdf(k, n, p) > a, k, k + 1)
    # ppf rounding: step down to the last admissible rank
    lower = np.where((k > 0) & (binom.cdf(k - 1, n, p) > a), k - 1, lower)
    upper = binom.ppf(1.0 - a, n, p).astype(np.int64) + 1  # P(B <= upper - 1) >= 1 - a
    return np.maximum(lower, 0), np.minimum(upper, n + 1)


def calls_needed(p: float, confidence: float = CONFIDENCE) -> int:
    """The fewest calls for which the p-quantile has an upper bound: P(B <= n - 1) = 1 - p**n >= 1 - a."""
    a = (1.0 - confidence) / 2.0
    return math.ceil(math.log(a) / math.log(p))


def percentiles(latency_ns) -> list[dict]:
    """p50 ... p99.99 and the maximum of the calls' latency: each the nearest-rank order statistic (the call of
    rank ceil(p n), so a value some call really took), its 95 % interval from order statistics, and how many calls
    are at or above it. No interval, and a reason, when the calls are too few to bound it."""
    x = np.sort(np.asarray(latency_ns, dtype=np.int64))
    n = int(x.size)
    out = []
    ranks = _ranks(n, np.array([p for _, p in LEVELS]), CONFIDENCE) if n else None
    for i, (name, p) in enumerate(LEVELS):
        if n == 0:
            out.append({"name": name, "p": p, "value_ns": None, "ci_low_ns": None, "ci_high_ns": None,
                        "rests_on": 0, "reason": "no calls"})
            continue
        value = int(x[max(1, math.ceil(p * n)) - 1])
        lo, hi = int(ranks[0][i]), int(ranks[1][i])
        row = {"name": name, "p": p, "value_ns": value, "ci_low_ns": None, "ci_high_ns": None,
               "rests_on": int(n - np.searchsorted(x, value, side="left")), "reason": None}
        if hi > n or lo < 1:
            need = calls_needed(p) if hi > n else None
            row["reason"] = (f"{n:,} calls are too few for a 95 % interval of {name}: its upper bound would be the "
                             f"call of rank {hi:,}" + (f" (it needs at least {need:,} calls)" if need else "")
                             if hi > n else f"{n:,} calls are too few for a lower bound of {name}")
        else:
            row["ci_low_ns"], row["ci_high_ns"] = int(x[lo - 1]), int(x[hi - 1])
        out.append(row)
    if n:
        out.append({"name": "max", "p": 1.0, "value_ns": int(x[-1]), "ci_low_ns": None, "ci_high_ns": None,
                    "rests_on": int(n - np.searchsorted(x, x[-1], side="left")),
                    "reason": "the maximum is one call: no interval bounds it (a longer run may see a longer one)"})
    return out


def _bootstrap_means(values: np.ndarray, rng: np.random.Generator, reps: int) -> np.ndarray:
    """reps resampled means of the rows of values [calls, parts], each part's drawn values gathered column by
    column (reps x m of them, not a reps x calls matrix of counts). Over BOOTSTRAP_DRAWS calls, m-out-of-n:
    m = BOOTSTRAP_DRAWS drawn, the means rescaled to n calls' spread."""
    k = values.shape[0]
    m = min(k, BOOTSTRAP_DRAWS)
    draws = rng.integers(0, k, size=(reps, m))
    # every part's draws in one gather, [parts, reps, m]: each resample's m values contiguous, summed as one
    # column's were
    means = np.take(np.ascontiguousarray(np.asarray(values, dtype=np.float64).T), draws, axis=1).mean(axis=2).T
    if m == k:
        return means
    mean = values.mean(axis=0)
    return mean + (means - mean) * np.sqrt(m / k)


def attribution(latency_ns, call_no, segments: dict[str, np.ndarray], level: float, name: str,
                max_call_nos: int = MAX_TAIL_CALL_NOS) -> dict | None:
    """The calls above the level's percentile (the percentile's own call is the slowest of the rest, not of the
    tail; at or above it only where ties leave fewer than two above) against those of the median band: their mean
    latency's excess over the median, split by segment (each segment's mean over the tail less its mean over the band) plus the
    latency no segment holds ("unattributed": untimed time, and an open loop's wait before the send), so the
    shares add to 100 %; 95 % bootstrap intervals (seeded) of the excess and of each share. None with fewer
    than two tail calls."""
    lat = np.asarray(latency_ns, dtype=np.float64)
    n = lat.size
    if n < 20:
        return None
    order = np.sort(lat)
    threshold = order[max(1, math.ceil(level * n)) - 1]
    tail = lat > threshold
    if tail.sum() < 2:
        tail = lat >= threshold
    lo_v, hi_v = order[int(MEDIAN_BAND[0] * n)], order[min(n - 1, int(MEDIAN_BAND[1] * n))]
    band = (lat >= lo_v) & (lat <= hi_v) & ~tail
    if tail.sum() < 2 or band.sum() < 2:
        return None
    names = list(segments)
    parts = np.column_stack([np.nan_to_num(np.asarray(segments[s], dtype=np.float64)) for s in names] +
                            [np.zeros(n)]) if names else np.zeros((n, 1))
    parts[:, -1] = lat - parts[:, :-1].sum(axis=1)  # unattributed: what the segments leave of each call
    median = float(np.median(lat))
    delta = parts[tail].mean(axis=0) - parts[band].mean(axis=0)
    excess = float(lat[tail].mean() - median)
    # the split is of the tail's mean over the band's; the band's mean is the median up to a sliver, booked to
    # "unattributed" so the shares add up to the excess as stated
    delta[-1] += excess - float(delta.sum())
    rng = np.random.default_rng(SEED)
    tail_rows = np.column_stack([parts[tail], lat[tail]])
    band_rows = np.column_stack([parts[band], lat[band]])
    bt, bb = _bootstrap_means(tail_rows, rng, BOOTSTRAP), _bootstrap_means(band_rows, rng, BOOTSTRAP)
    b_delta = bt[:, :-1] - bb[:, :-1]
    b_excess = bt[:, -1] - bb[:, -1]  # the band's mean stands for the median in the resamples
    with np.errstate(divide="ignore", invalid="ignore"):
        b_share = b_delta / b_excess[:, None]
    share = delta / excess if excess > 0 else np.full(delta.shape, np.nan)
    finite = np.isfinite(b_share)
    if finite.all():  # nanpercentile's NaN handling goes column by column in Python: not needed without NaN
        lo_s, hi_s = np.percentile(b_share, [2.5, 97.5], axis=0)
    else:
        lo_s, hi_s = np.nanpercentile(b_share, [2.5, 97.5], axis=0) if finite.any() else (share, share)
    rows = [{"segment": s, "delta_ns": float(d), "share": _num(sh), "share_low": _num(lo), "share_high": _num(hi)}
            for s, d, sh, lo, hi in zip(names + ["unattributed"], delta, share, lo_s, hi_s)]
    rows = _top(rows)
    tail_idx = np.nonzero(tail)[0]
    slowest = tail_idx[np.argsort(-lat[tail_idx], kind="stable")[:max_call_nos]]
    out = {"level": name, "p": level, "threshold_ns": float(threshold), "tail_calls": int(tail.sum()),
           "band_calls": int(band.sum()), "median_ns": median, "tail_mean_ns": float(lat[tail].mean()),
           "excess_ns": excess, "excess_low_ns": float(np.percentile(b_excess, 2.5)),
           "excess_high_ns": float(np.percentile(b_excess, 97.5)), "segments": rows,
           "call_nos": sorted(int(c) for c in np.asarray(call_no)[slowest]),  # the slowest, in call order
           "call_nos_cut": int(tail.sum()) > len(slowest)}
    out["sentence"] = sentence(out)
    return out


def _num(v) -> float | None:
    return float(v) if v is not None and np.isfinite(v) else None


def _top(rows: list[dict]) -> list[dict]:
    """The segments with the largest shares by size, the rest summed as one row, unattributed last."""
    rest, unattributed = rows[:-1], rows[-1]
    rest.sort(key=lambda r: -abs(r["delta_ns"]))
    kept, other = rest[:MAX_SEGMENTS], rest[MAX_SEGMENTS:]
    if other:
        total = sum(r["delta_ns"] for r in other)
        share = sum(r["share"] or 0.0 for r in other) if all(r["share"] is not None for r in other) else None
        kept.append({"segment": f"other segments ({len(other)})", "delta_ns": total, "share": share,
                     "share_low": None, "share_high": None})
    return kept + [unattributed]


def _ns_words(ns: float) -> str:
    a = abs(ns)
    if a >= 1e9:
        return f"{ns / 1e9:.3g} s"
    if a >= 1e6:
        return f"{ns / 1e6:.3g} ms"
    if a >= 1e3:
        return f"{ns / 1e3:.3g} µs"
    return f"{ns:.0f} ns"


def _pct(v: float | None) -> str:
    return "?" if v is None else f"{100 * v:.0f} %"


def sentence(a: dict) -> str:
    """The split in words: "p99 calls ... are 2.3 ms above the median on average; 81 % (95 % CI 76–86 %) is
    c.recv, ..." — the segments holding 10 % or more (at most three), else that none does."""
    head = (f"{a['level']} calls (the {a['tail_calls']:,} above {_ns_words(a['threshold_ns'])}) are "
            f"{_ns_words(a['excess_ns'])} above the median on average")
    if a["excess_ns"] <= 0:
        return head + ": no excess to split."
    own = [r for r in a["segments"] if not r["segment"].startswith("other segments")]
    named = sorted((r for r in own if r["share"] is not None and r["share"] >= 0.10), key=lambda r: -r["share"])[:3]
    if not named:
        return head + "; no one segment holds 10 % of it: the excess is spread over the call's path."
    parts = [f"{_pct(r['share'])} (95 % CI {_pct(r['share_low'])}–{_pct(r['share_high'])}) is {r['segment']}"
             for r in named]
    return head + "; " + ", ".join(parts) + "."


def point_tails(latency_ns, call_no, segments: dict[str, np.ndarray] | None = None,
                segment_rows: np.ndarray | None = None, loop: str = "closed", spectrum_ticks: int = 5,
                max_call_nos: int = MAX_TAIL_CALL_NOS) -> dict:
    """One point's tails. latency_ns, call_no: its measured calls; segments: the round trip path's per-call
    on-path time of each segment for the calls at segment_rows (indexes into latency_ns), None when the run has no
    path (then no attribution, and the result says why). spectrum_ticks, max_call_nos: fewer on a large sweep."""
    if loop not in ("closed", "open"):
        raise ValueError(f"loop must be closed or open (got {loop!r})")
    lat = np.asarray(latency_ns, dtype=np.int64)
    calls = np.asarray(call_no, dtype=np.int64)
    h = hdr.build(lat)
    out = {"loop": loop, "calls": int(lat.size), "percentiles": percentiles(lat), "hdr": hdr.encode(h),
           "hdr_clipped": h.clipped, "spectrum": hdr.spectrum(h, spectrum_ticks), "attribution": [],
           "attribution_reason": None}
    if segments is None or segment_rows is None or len(segment_rows) == 0:
        out["attribution_reason"] = "the run has no round trip path: which step makes the tail needs both sides' steps"
        return out
    rows = np.asarray(segment_rows, dtype=np.int64)
    split = {k: np.asarray(v, dtype=np.float64) for k, v in segments.items() if "|" not in k}  # parts: no double count
    for name, level in TAIL_LEVELS:
        a = attribution(lat[rows], calls[rows], split, level, name, max_call_nos)
        if a is None or (level > 0.99 and a["tail_calls"] < MIN_TAIL_CALLS):
            if level == 0.99:
                out["attribution_reason"] = "too few calls with a round trip path to split the tail"
            continue
        out["attribution"].append(a)
    return out
