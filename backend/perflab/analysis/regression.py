"""Noise-aware change detection: one run against a baseline (one run or several), per point and per step, and
change points over a series of runs. Pure functions on the stored step statistics (analysis/step_stats.py: each
point's RTT and each step's mean with its bootstrap 95 % interval); docs/analysis.md "Regressions".

The decision threshold is the series' own noise, not a global z-score: with three or more earlier runs it is the
between-run spread of the log of that point's step mean (how far a run that changed nothing lands from the
baseline, on the scale of the ratio judged), and a change is significant when its whole 95 % interval lies beyond
it; else the noise is the two runs' within-run intervals and the change must exceed it."""

import math
from dataclasses import asdict, dataclass

import numpy as np
from scipy.stats import norm, t as student_t

RTT = "rtt"  # the whole call, beside the steps
MIN_RUNS_FOR_SPREAD = 3
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Metric:
    mean_ns: float
    se_ns: float  # standard error of the mean (from the 95 % interval's half-width)


@dataclass(frozen=True)
class Change:
    point_no: int
    step: str
    baseline_ns: float
    value_ns: float
    change_pct: float
    ci_low_pct: float
    ci_high_pct: float
    noise_pct: float
    significant: bool
    direction: str  # slower | faster | same


def metrics_of(points: list[dict]) -> dict[tuple[int, str], Metric]:
    """(point_no, step) -> mean and its standard error, from a step_stats result's points."""
    out = {}
    for p in points or []:
        rows = [(RTT, p.get("rtt"))] + [(s["name"], s.get("stats")) for s in p.get("steps") or []]
        for name, st in rows:
            if not st or st.get("count", 0) < 2 or not st.get("mean_ns"):
                continue
            half = (st["ci95_high_ns"] - st["ci95_low_ns"]) / 2
            out[(p["point_no"], name)] = Metric(float(st["mean_ns"]), max(half, 0.0) / Z95)
    return out


def series_spread(means) -> float:
    """The series' noise of one (point, step): the between-run standard deviation of the log of its mean (for a
    quiet series, the relative standard deviation). On the log scale because a check judges a ratio: a step whose
    runs swing by tens of % (a shared VM's sub-microsecond steps swing 3x) lands far more often far above its
    baseline than far below, and a threshold from the linear spread was crossed upward by one unchanged run in
    two (bench/regress_detect.py). The check's threshold and the bench's noise floor are this one definition."""
    x = np.log(np.asarray(means, dtype=float))
    return float(np.std(x, ddof=1))


def _family_z(n_metrics: int) -> float:
    """The z of a two-sided 95 % decision over all the metrics of one check (Bonferroni): with ten steps a
    check does not raise a false alarm one time in two."""
    return float(norm.ppf(1 - 0.05 / (2 * max(n_metrics, 1))))


def compare(run: dict[tuple[int, str], Metric], baselines: list[dict[tuple[int, str], Metric]],
            history: list[dict[tuple[int, str], Metric]] = ()) -> list[Change]:
    """Each (point, step) the run shares with every baseline. history: the series' earlier runs (the baselines
    may be among them); with >= 3 of them holding a metric its noise is their between-run spread."""
    keys = sorted(k for k in run if all(k in b for b in baselines)) if baselines else []
    z = _family_z(len(keys))
    changes = []
    for key in keys:
        r = run[key]
        base_means = np.array([b[key].mean_ns for b in baselines])
        m_b = float(base_means.mean())
        # the baseline mean's error: the runs' own intervals, or their spread when several disagree more
        se_b = math.sqrt(sum(b[key].se_ns ** 2 for b in baselines)) / len(baselines)
        if len(baselines) > 1:
            se_b = max(se_b, float(base_means.std(ddof=1)) / math.sqrt(len(baselines)))
        ratio = r.mean_ns / m_b
        rel_se = math.sqrt((r.se_ns / r.mean_ns) ** 2 + (se_b / m_b) ** 2)  # of log(ratio), delta method
        lo, hi = ratio * math.exp(-Z95 * rel_se), ratio * math.exp(Z95 * rel_se)
        earlier = [h[key].mean_ns for h in history if key in h]
        # the threshold on |log ratio|, the scale of the ratio's interval
        if len(earlier) >= MIN_RUNS_FOR_SPREAD:
            # a new run against a k-run baseline mean wanders by sd * sqrt(1 + 1/k)
            noise = z * series_spread(earlier) * math.sqrt(1 + 1 / len(baselines))
            noise = max(noise, z * rel_se)  # never below what the two runs themselves can resolve
            # the whole interval beyond the series' noise: a run whose step mean one slow call makes (a preempted
            # call in a 10 ns step) has a wide interval and raises no alarm on that call alone
            significant = math.log(lo) > noise or math.log(hi) < -noise
        else:
            noise = z * rel_se  # the runs' own intervals are the noise: the estimate beyond them
            significant = abs(math.log(ratio)) > noise
        direction = "same" if not significant else ("slower" if ratio > 1 else "faster")
        # in % the threshold of the change's own direction: +e^n - 1 slower, 1 - e^-n faster
        noise_pct = 100 * (math.exp(noise) - 1 if ratio >= 1 else 1 - math.exp(-noise))
        changes.append(Change(key[0], key[1], m_b, r.mean_ns, 100 * (ratio - 1), 100 * (lo - 1), 100 * (hi - 1),
                              noise_pct, significant, direction))
    return changes


def verdict(changes: list[Change]) -> str:
    """regression: something got significantly slower (it wins over an improvement elsewhere: CI fails on it);
    improvement: only faster; no_change: compared and nothing moved beyond the noise; inconclusive: nothing to
    compare (no common point and step)."""
    if not changes:
        return "inconclusive"
    if any(c.direction == "slower" for c in changes):
        return "regression"
    if any(c.direction == "faster" for c in changes):
        return "improvement"
    return "no_change"


def sentence(changes: list[Change], noise_source: str) -> str:
    """One sentence a CI log can show: the largest significant change first."""
    moved = sorted((c for c in changes if c.significant), key=lambda c: -abs(c.change_pct))
    if not changes:
        return "Nothing to compare: the run and its baseline share no point and step with statistics."
    if not moved:
        worst = max(changes, key=lambda c: abs(c.change_pct))
        return (f"No change beyond the {noise_source} noise: the largest, {_name(worst)}, is {worst.change_pct:+.1f} % "
                f"(95 % CI {worst.ci_low_pct:+.1f} to {worst.ci_high_pct:+.1f} %, noise {worst.noise_pct:.1f} %).")
    parts = [f"{_name(c)} is {abs(c.change_pct):.0f} % {c.direction} (95 % CI {abs(c.ci_low_pct):.0f}–"
             f"{abs(c.ci_high_pct):.0f} %), beyond the {noise_source} noise of {c.noise_pct:.0f} %"
             if c.direction == "slower" else
             f"{_name(c)} is {abs(c.change_pct):.0f} % faster (95 % CI {abs(c.ci_high_pct):.0f}–"
             f"{abs(c.ci_low_pct):.0f} %), beyond the {noise_source} noise of {c.noise_pct:.0f} %"
             for c in moved[:3]]
    more = f"; {len(moved) - 3} more moved" if len(moved) > 3 else ""
    return "; ".join(parts) + more + "."


def _name(c: Change) -> str:
    return f"{c.step} (point {c.point_no})" if c.point_no else c.step


def noise_source(run: dict, history: list[dict]) -> str:
    return "series'" if len(history) >= MIN_RUNS_FOR_SPREAD else "runs' own"


def robust_noise(values) -> float:
    """The run-to-run noise of a series that may hold level shifts: the median absolute successive difference
    over sqrt(2) and 0.6745 (a shift moves one difference, not the median)."""
    x = np.asarray(values, dtype=float)
    if len(x) < 3:
        return 0.0
    d = np.abs(np.diff(x))
    return float(np.median(d) / (0.6744897501960817 * math.sqrt(2)))


def detect_change_points(values, noise: float, min_size: int = 2) -> list[int]:
    """Indices where a series' level changes (the first value of each new segment): PELT (ruptures, exact
    optimal segmentation under a penalty) with the l2 cost and a BIC penalty from the measured noise, 2 sd² log n:
    a shift must explain more than the noise would by chance to be kept."""
    import ruptures  # imported here: only series trends need it

    x = np.asarray(values, dtype=float)
    if len(x) < 2 * min_size or noise <= 0:
        return []
    penalty = 2 * noise ** 2 * math.log(len(x)) * 2  # ×2: two parameters (the new mean and its place)
    breaks = ruptures.Pelt(model="l2", min_size=min_size, jump=1).fit(x.reshape(-1, 1)).predict(pen=penalty)
    return [int(b) for b in breaks if b < len(x)]


def series_change_points(metrics: list[Metric], n_metrics: int = 1, min_size: int = 2) -> list[int]:
    """A trend's change points of one (point, step), judged as the check judges a run: on the log of the means
    (a ratio), with a noise that is the larger of the series' robust run-to-run spread and the runs' own typical
    relative error (a run's mean that one preempted call made has a wide interval, and a step of a few ns swings
    by its clock's resolution), and each break PELT proposes kept only when the shift between the segments on
    either side clears that noise at the family's z over `n_metrics` series and the places a break could take
    (Bonferroni, like the check): on a shared VM unchanged runs had shown "changes" of ×12 in 3 ns steps."""
    means = np.array([m.mean_ns for m in metrics], dtype=float)
    if len(means) < 2 * min_size or (means <= 0).any():
        return []
    x = np.log(means)
    own = float(np.median([m.se_ns / m.mean_ns for m in metrics]))
    bounds = [0, *detect_change_points(x, max(robust_noise(x), own), min_size), len(x)]
    # the noise each break is judged by: the runs' spread about their own segment's level (pooled, so a shift
    # does not count as noise and a short series is not trusted beyond its degrees of freedom), at least `own`
    resid = np.concatenate([x[a:b] - x[a:b].mean() for a, b in zip(bounds, bounds[1:])])
    dof = len(x) - (len(bounds) - 1)
    if dof < 2:
        return []
    noise = max(float(np.sqrt((resid ** 2).sum() / dof)), own)
    # PELT picked each break as the best of the places it could be: the test is corrected for them too
    tests = n_metrics * max(1, len(x) - 2 * min_size + 1)
    crit = float(student_t.ppf(1 - 0.05 / (2 * tests), dof))
    kept = []
    for lo, i, hi in zip(bounds, bounds[1:], bounds[2:]):
        shift = abs(x[i:hi].mean() - x[lo:i].mean())
        if shift > crit * noise * math.sqrt(1 / (i - lo) + 1 / (hi - i)):
            kept.append(i)
    return kept


def change_dicts(changes: list[Change]) -> list[dict]:
    return [asdict(c) for c in changes]
