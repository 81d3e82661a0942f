"""Noise-aware change detection: runs against a baseline (one run or a range of runs), per point and per step, and
change points over a series of runs. Pure functions on the stored step statistics (analysis/step_stats.py: each
point's RTT and each step's mean with its bootstrap 95 % interval); docs/analysis.md "Regressions".

A check judges a group of N runs (one, or a launch repeated N times) against a baseline of k runs, on the log of each
step's mean (a ratio). The decision threshold is the series' own noise, not a global z-score: with three or more runs
to measure it (the baseline range, else the series' earlier runs) it is their between-run spread s of the log mean,
and the group's mean wanders from the baseline's by s * sqrt(1/N + 1/k) when nothing changed; the change is
significant when it lies beyond Student t (Bonferroni over the major metrics: the RTT and steps of >= 1 % of the
call) times that. A minor step (a null call's 10 ns c.marshal) is judged on the call's scale instead: its change in
ns, by its whole interval, must exceed the call's own noise: its swings of 3x between runs are its clock, a jump to
200 us is a regression.
Else the noise is the runs' own within-run intervals. One run against one run cannot tell a shift of two noise floors
from noise without false alarms; ten runs against a range of twenty can (bench/regress_detect.py)."""

import math
from dataclasses import dataclass

import numpy as np
from scipy.stats import norm, t as student_t

from perflab.analysis.plain import as_plain
from perflab.analysis.words import duration_text

RTT = "rtt"  # the whole call, beside the steps
MIN_RUNS_FOR_SPREAD = 3
Z95 = 1.959963984540054
# a step shorter than this share of its point's RTT in the baseline is minor: counting the two dozen sub-microsecond
# steps of a null call in the family would cost every check its power, and one preempted call makes a 10 ns step
# 100x; it raises an alarm only when it moves the call beyond the call's noise, its whole interval beyond its own
MAJOR_MIN_SHARE = 0.01
# a minor step is named beside a call that moved significantly when its change, by its whole interval, is at least
# this share of the call's change in ns
EXPLAINS_SHARE = 0.25


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
    minor: bool = False  # under MAJOR_MIN_SHARE of the point's RTT in the baseline (see MAJOR_MIN_SHARE)


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


def family_t(n_metrics: int, noise_runs: int) -> float:
    """The same with the noise measured on `noise_runs` runs (Student t, their degrees of freedom): twenty runs
    know their spread only to about 16 %."""
    return float(student_t.ppf(1 - 0.05 / (2 * max(n_metrics, 1)), max(noise_runs - 1, 1)))


def major_keys(keys, baselines: list[dict[tuple[int, str], Metric]]) -> set:
    """The family a check's level is shared over: each point's RTT and every step of at least MAJOR_MIN_SHARE of it."""
    def base(k):
        return float(np.mean([b[k].mean_ns for b in baselines]))
    out = set()
    for k in keys:
        rtt = (k[0], RTT)
        if k[1] == RTT or rtt not in keys or base(k) >= MAJOR_MIN_SHARE * base(rtt):
            out.add(k)
    return out


def _log_mean(runs, key) -> tuple[float, float]:
    """The mean over runs of the log of their means, and its within-run standard error (delta method)."""
    logs = [math.log(r[key].mean_ns) for r in runs]
    rel = [(r[key].se_ns / r[key].mean_ns) ** 2 for r in runs]
    return sum(logs) / len(logs), math.sqrt(sum(rel)) / len(runs)


def compare(group, baselines: list[dict[tuple[int, str], Metric]],
            history: list[dict[tuple[int, str], Metric]] = ()) -> list[Change]:
    """Each (point, step) every run of the group shares with every baseline. group: one run's metrics or a list of
    runs (a launch repeated); history: the runs whose spread is the noise (the baseline range, or the series'
    earlier runs); with >= 3 of them holding a metric its noise is their between-run spread."""
    group = [group] if isinstance(group, dict) else list(group)
    keys = sorted(k for k in group[0] if all(k in r for r in group[1:]) and all(k in b for b in baselines)) \
        if baselines and group else []
    major = major_keys(keys, baselines)
    n, k_base = len(group), len(baselines)
    z = _family_z(len(major))

    def estimate(key):
        g, se_g = _log_mean(group, key)
        b, se_b = _log_mean(baselines, key)
        se = math.hypot(se_g, se_b)  # the two means' own error: what the runs' calls alone leave uncertain
        # ... in ns, for a minor step judged on the call's scale
        se_ns = math.hypot(math.exp(g) * se_g, math.exp(b) * se_b)
        earlier = [h[key].mean_ns for h in history if key in h]
        if len(earlier) >= MIN_RUNS_FOR_SPREAD:
            # the series' spread already holds each run's own error
            noise = family_t(len(major), len(earlier)) * series_spread(earlier) * math.sqrt(1 / n + 1 / k_base)
            noise = max(noise, z * se)  # never below what the runs themselves can resolve
        else:
            noise = z * se  # the runs' own intervals are the noise: the estimate beyond them
        return g, b, se, noise, se_ns

    est = {key: estimate(key) for key in keys}
    changes = []
    for key in keys:
        g, b, se, noise, se_ns = est[key]
        d = g - b
        lo, hi = d - Z95 * se, d + Z95 * se
        significant = abs(d) > noise
        if key not in major and (rtt := est.get((key[0], RTT))) is not None:
            # a minor step is judged in the call's nanoseconds: its change, by its whole interval, must move the call
            # beyond the call's own noise. Its own between-run spread is no measure: one preempted call among 300
            # makes a 7 ns step's mean 16 us, and 10 ms planted in c.marshal hid behind such a spread (CI 2026-11-29)
            call_noise_ns = math.exp(rtt[1]) * math.expm1(rtt[3])
            delta_ns = math.exp(g) - math.exp(b)
            low_ns = abs(delta_ns) - Z95 * se_ns
            # ... or, when the call itself moved beyond its noise, the step is named if it carries a fair share of
            # that move the same way, by its whole interval: a sleep planted in a step on a loaded host widens the
            # step's interval, and the call that moved needs a step to name
            call_delta_ns = math.exp(rtt[0]) - math.exp(rtt[1])
            explains = abs(rtt[0] - rtt[1]) > rtt[3] and delta_ns * call_delta_ns > 0 \
                and low_ns >= EXPLAINS_SHARE * abs(call_delta_ns)
            significant = low_ns > call_noise_ns or explains
            noise = math.log1p(call_noise_ns / math.exp(b))  # the threshold as the step's own ratio, for the report
        elif key not in major:
            significant = False  # no call to weigh it against
        ratio = math.exp(d)
        direction = "same" if not significant else ("slower" if ratio > 1 else "faster")
        # in % the threshold of the change's own direction: +e^n - 1 slower, 1 - e^-n faster
        noise_pct = 100 * (math.exp(noise) - 1 if ratio >= 1 else 1 - math.exp(-noise))
        changes.append(Change(key[0], key[1], math.exp(b), math.exp(g), 100 * (ratio - 1),
                              100 * (math.exp(lo) - 1), 100 * (math.exp(hi) - 1), noise_pct, significant, direction,
                              key not in major))
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


def sentence(changes: list[Change], noise_source: str, runs: int = 1, baselines: int = 1) -> str:
    """One sentence a CI log can show: the largest significant change first, and what was judged against what. A
    minor step's change is told in time and as a share of its call: 25,779,222 % of a 9 ns step says nothing."""
    what = (f"{runs} runs against " if runs > 1 else "") + (f"a baseline of {baselines} runs" if baselines > 1 else "")
    what = f" ({what})" if what else ""
    calls = {c.point_no: c.value_ns for c in changes if c.step == RTT}
    moved = sorted((c for c in changes if c.significant), key=lambda c: -_weight_pct(c, calls))
    if not changes:
        return "Nothing to compare: the run and its baseline share no point and step with statistics."
    if not moved:
        worst = max((c for c in changes if not c.minor), key=lambda c: abs(c.change_pct), default=changes[0])
        return (f"No change beyond the {noise_source} noise{what}: the largest, {_name(worst)}, is "
                f"{worst.change_pct:+.1f} % (95 % CI {worst.ci_low_pct:+.1f} to {worst.ci_high_pct:+.1f} %, "
                f"noise {worst.noise_pct:.1f} %).")
    parts = [_minor_words(c, calls.get(c.point_no), noise_source) if c.minor else
             f"{_name(c)} is {abs(c.change_pct):.0f} % {c.direction} (95 % CI {abs(c.ci_low_pct):.0f}–"
             f"{abs(c.ci_high_pct):.0f} %), beyond the {noise_source} noise of {c.noise_pct:.0f} %"
             if c.direction == "slower" else
             f"{_name(c)} is {abs(c.change_pct):.0f} % faster (95 % CI {abs(c.ci_high_pct):.0f}–"
             f"{abs(c.ci_low_pct):.0f} %), beyond the {noise_source} noise of {c.noise_pct:.0f} %"
             for c in moved[:3]]
    more = f"; {len(moved) - 3} more moved" if len(moved) > 3 else ""
    return "; ".join(parts) + more + what + "."


def _weight_pct(c: Change, calls: dict[int, float]) -> float:
    """How much a change matters, in %: a major metric's own change; a minor step's change as a share of its call."""
    call = calls.get(c.point_no)
    return 100 * abs(c.value_ns - c.baseline_ns) / call if c.minor and call else abs(c.change_pct)


def _minor_words(c: Change, call_ns: float | None, noise_source: str) -> str:
    """"c.marshal is 2.31 ms slower (9 ns → 2.31 ms, 6.5 % of the call), beyond the call's runs' own noise of
    120 µs": the step's threshold is the call's noise in ns (regression.compare), told as time too."""
    share = f", {100 * abs(c.value_ns - c.baseline_ns) / call_ns:.1f} % of the call" if call_ns else ""
    r = c.noise_pct / 100
    noise_ns = c.baseline_ns * (r if c.direction == "slower" else r / (1 - r) if r < 1 else math.inf)
    return (f"{_name(c)} is {duration_text(abs(c.value_ns - c.baseline_ns))} {c.direction} "
            f"({duration_text(c.baseline_ns)} → {duration_text(c.value_ns)}{share}), beyond the call's "
            f"{noise_source} noise of {duration_text(noise_ns)}")


def _name(c: Change) -> str:
    return f"{c.step} (point {c.point_no})" if c.point_no else c.step


def noise_source(history: list[dict]) -> str:
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
    return [as_plain(c) for c in changes]
