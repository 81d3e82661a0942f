"""analysis/regression.py on synthetic runs: a change planted in one step at 2x the series' noise is found and
named, at 0.5x it is not, no change gives no_change; change points on a seeded noisy series. The noise each
test expects is computed here from the planted numbers, not by the module."""

import math

import numpy as np
import pytest
from scipy.stats import norm, t as student_t

from perflab.analysis import regression as rg
from perflab.analysis.regression import Metric

STEPS = ("rtt", "c.marshal", "c.send", "s.dispatch")
BASE_NS = {"rtt": 50_000.0, "c.marshal": 4_000.0, "c.send": 9_000.0, "s.dispatch": 6_000.0}
SPREAD = (-0.02, -0.01, 0.0, 0.01, 0.02)  # the earlier runs' relative offsets: sd 1.58 %


def run_metrics(offset: dict[str, float] | float = 0.0, se_rel: float = 0.001) -> dict:
    out = {}
    for step in STEPS:
        o = offset.get(step, 0.0) if isinstance(offset, dict) else offset
        mean = BASE_NS[step] * (1 + o)
        out[(0, step)] = Metric(mean, mean * se_rel)
    return out


def expected_noise_pct(group: int = 1, baselines: int = 1) -> float:
    sd = float(np.std([math.log(1 + d) for d in SPREAD], ddof=1))  # of the log: a check judges a ratio
    # Bonferroni over the check's four metrics, Student t of the spread's 4 degrees of freedom
    t = student_t.ppf(1 - 0.05 / (2 * len(STEPS)), len(SPREAD) - 1)
    return 100 * (math.exp(t * sd * math.sqrt(1 / group + 1 / baselines)) - 1)  # slower


@pytest.fixture
def history():
    return [run_metrics(d) for d in SPREAD]


def test_a_change_of_twice_the_noise_in_one_step_is_found_and_named(history):
    noise = expected_noise_pct()
    baseline = history[2]
    changes = rg.compare(run_metrics({"c.marshal": 2 * noise / 100}), [baseline], history)
    moved = [c for c in changes if c.significant]
    assert [(c.step, c.direction) for c in moved] == [("c.marshal", "slower")]
    c = moved[0]
    assert c.noise_pct == pytest.approx(noise, rel=1e-6)
    assert c.change_pct == pytest.approx(2 * noise, rel=1e-6)
    assert c.ci_low_pct < c.change_pct < c.ci_high_pct
    assert rg.verdict(changes) == "regression"
    text = rg.sentence(changes, "series'")
    assert text.startswith("c.marshal is ") and "slower" in text and f"noise of {noise:.0f} %" in text


def test_half_the_noise_is_not_flagged(history):
    noise = expected_noise_pct()
    changes = rg.compare(run_metrics({"c.marshal": 0.5 * noise / 100}), [history[2]], history)
    assert not any(c.significant for c in changes)
    assert rg.verdict(changes) == "no_change"


def test_no_change_and_an_improvement(history):
    assert rg.verdict(rg.compare(run_metrics(0.004), [history[2]], history)) == "no_change"
    faster = rg.compare(run_metrics({"c.send": -0.2}), [history[2]], history)
    assert rg.verdict(faster) == "improvement"
    assert [c.step for c in faster if c.significant] == ["c.send"]


def test_without_a_history_the_runs_own_intervals_decide():
    # se 1 % each: the ratio's relative se is sqrt(2) %, the threshold z * that
    z = norm.ppf(1 - 0.05 / (2 * len(STEPS)))
    threshold = 100 * (math.exp(z * math.sqrt(2) * 0.01) - 1)
    small = rg.compare(run_metrics({"c.marshal": 0.5 * threshold / 100}, 0.01), [run_metrics(0, 0.01)])
    big = rg.compare(run_metrics({"c.marshal": 2 * threshold / 100}, 0.01), [run_metrics(0, 0.01)])
    assert rg.verdict(small) == "no_change"
    assert [c.step for c in big if c.significant] == ["c.marshal"]
    assert big[0].noise_pct == pytest.approx(threshold, rel=0.02)


def test_nothing_in_common_is_inconclusive():
    assert rg.verdict(rg.compare(run_metrics(), [{}])) == "inconclusive"
    assert rg.verdict(rg.compare(run_metrics(), [])) == "inconclusive"


def test_a_group_of_runs_against_a_range_has_a_narrower_threshold(history):
    """Four runs of a repeated launch against a baseline of three: the noise is t * sd * sqrt(1/4 + 1/3), and a
    shift the one-run check misses is found."""
    noise = expected_noise_pct(group=4, baselines=3)
    assert noise < 0.8 * expected_noise_pct()
    shift = 1.5 * noise / 100
    group = [run_metrics({"c.marshal": shift + d}) for d in (-0.001, 0.0, 0.001, 0.0)]
    changes = rg.compare(group, history[1:4], history)
    moved = [c for c in changes if c.significant]
    assert [(c.step, c.direction) for c in moved] == [("c.marshal", "slower")]
    assert moved[0].noise_pct == pytest.approx(noise, rel=1e-6)
    assert not any(c.significant for c in rg.compare(group[:1], history[2:3], history))
    text = rg.sentence(changes, "series'", 4, 3)
    assert "(4 runs against a baseline of 3 runs)" in text


def test_a_minor_step_alarms_only_when_it_moves_the_call(history):
    """c.copy, 10 ns of a 50 us call, swinging 3x between runs (its clock): ten times slower is 90 ns, under 1 % of
    the call, and raises no alarm; 200 us planted in it is a regression named c.copy."""
    rng = np.random.default_rng(5)
    swings = [{**m, (0, "c.copy"): Metric(10.0 * math.exp(rng.normal(0, 1.1)), 1.0)} for m in history]
    base = swings[2]
    tenfold = {c.step: c for c in rg.compare({**run_metrics(), (0, "c.copy"): Metric(100.0, 1.0)}, [base], swings)}
    assert tenfold["c.copy"].minor and not tenfold["c.marshal"].minor
    assert not tenfold["c.copy"].significant and rg.verdict(list(tenfold.values())) == "no_change"
    planted = {**run_metrics({"rtt": 200_000 / 50_000}), (0, "c.copy"): Metric(200_010.0, 500.0)}
    jump = {c.step: c for c in rg.compare(planted, [base], swings)}
    assert jump["c.copy"].significant and jump["c.copy"].direction == "slower"
    assert rg.verdict(list(jump.values())) == "regression"


def test_a_minor_step_whose_history_met_a_stall_still_names_a_planted_delay(history):
    """CI 2026-11-29: a null call's 7 ns c.marshal, one earlier run with a preempted call in it (mean 16 us: a
    between-run spread of e^4 in the log), 10 ms planted: the call moved far beyond its noise and so did the step's
    ns, which the step's own spread had hidden. An unchanged run with one such stall (its interval as wide as its
    shift) is not named."""
    calm = [{**m, (0, "c.copy"): Metric(7.0, 0.05)} for m in history]
    calm[1][(0, "c.copy")] = Metric(16_000.0, 16_000.0 / 1.96)
    base = calm[2]
    planted = {**run_metrics({"rtt": 10_000_000 / 50_000}), (0, "c.copy"): Metric(10_000_007.0, 20_000.0)}
    jump = {c.step: c for c in rg.compare(planted, [base], calm)}
    assert jump["c.copy"].minor and jump["c.copy"].significant and jump["c.copy"].direction == "slower"
    stalled = {**run_metrics(), (0, "c.copy"): Metric(16_000.0, 16_000.0 / 1.96)}
    same = {c.step: c for c in rg.compare(stalled, [base], calm)}
    assert not same["c.copy"].significant and rg.verdict(list(same.values())) == "no_change"


def test_a_minor_step_carrying_a_significant_move_of_the_call_is_named():
    """A loaded host: the call's mean swings e^0.5 a run between runs, so its threshold in ns is ~6 ms. 10 ms
    planted in a 7 ns step whose calls slept unevenly (+-6 ms): by its whole interval it moved 4 ms, under the call's
    threshold, yet the call moved beyond its noise and the step carries far more than a quarter of that move: it is
    named. 1 ms +-0.6 ms in another minor step of the same call is not."""
    offsets = (-1.0, -0.5, 0.0, 0.5, 1.0)  # the log of each earlier run's call mean
    history = [{**run_metrics(), (0, "rtt"): Metric(BASE_NS["rtt"] * math.exp(o), 5.0),
                (0, "c.copy"): Metric(7.0, 0.05), (0, "c.bind"): Metric(9.0, 0.05)} for o in offsets]
    t = student_t.ppf(1 - 0.05 / (2 * 4), len(offsets) - 1)  # Bonferroni over the four major metrics
    call_noise_ns = BASE_NS["rtt"] * math.expm1(t * float(np.std(offsets, ddof=1)) * math.sqrt(2))
    rtt_ns = BASE_NS["rtt"] + 11_000_000
    planted = {**run_metrics(), (0, "rtt"): Metric(rtt_ns, 5_000.0), (0, "c.copy"): Metric(10_000_007.0, 3_000_000.0),
               (0, "c.bind"): Metric(1_000_009.0, 300_000.0)}
    low_ns = 10_000_000 - 1.959964 * 3_000_000
    assert rtt_ns - BASE_NS["rtt"] > call_noise_ns > low_ns  # the call moved beyond a threshold the step did not
    moved = {c.step: c for c in rg.compare(planted, [history[2]], history)}
    assert moved["rtt"].significant and moved["c.copy"].minor and moved["c.bind"].minor
    assert moved["c.copy"].significant and moved["c.copy"].direction == "slower"
    assert not moved["c.bind"].significant


def test_groups_of_gaussian_runs_find_two_noise_floors_and_stay_quiet():
    """An independent check of the decision's power: runs drawn with a known between-run sd of the log mean,
    10 against a range of 20 (the bench's design); 2 sd planted in one step of every run of the group is found
    (the normal theory: t(19) at 4 metrics about 2.9, threshold 2.9 * sqrt(1/10 + 1/20) = 1.12 sd, so about 99 %),
    and unchanged groups raise an alarm under the 5 % the family's level allows."""
    seed = int(np.random.SeedSequence().entropy % 2**32)
    rng = np.random.default_rng(seed)
    print(f"seed {seed}")
    sd = 0.05

    def draw(n, shift=0.0):
        runs = []
        for _ in range(n):
            noise = rng.normal(0, sd, len(STEPS))
            runs.append({(0, st): Metric(BASE_NS[st] * math.exp(e + (shift if st == "c.send" else 0)), 1.0)
                         for st, e in zip(STEPS, noise)})
        return runs
    found = alarms = 0
    trials = 200
    for _ in range(trials):
        base = draw(20)
        alarms += rg.verdict(rg.compare(draw(10), base, base)) == "regression"
        changes = rg.compare(draw(10, 2 * sd), base, base)
        found += [c.step for c in changes if c.significant and c.direction == "slower"] == ["c.send"]
    assert found >= 0.9 * trials, (found, seed)
    assert alarms <= 0.05 * trials, (alarms, seed)


def test_metrics_from_stored_step_statistics():
    stats = {"count": 100, "mean_ns": 1000.0, "ci95_low_ns": 980.4, "ci95_high_ns": 1019.6}
    points = [{"point_no": 1, "rtt": stats, "steps": [{"name": "c.marshal", "stats": {**stats, "mean_ns": 200.0}},
                                                      {"name": "empty", "stats": None}]}]
    m = rg.metrics_of(points)
    assert set(m) == {(1, "rtt"), (1, "c.marshal")}
    assert m[(1, "rtt")].se_ns == pytest.approx(19.6 / 1.96, rel=1e-4)


SEED = 20261128


def test_change_points_on_a_seeded_noisy_series():
    rng = np.random.default_rng(SEED)
    print(f"seed {SEED}")
    sd = 1.0
    flat = 100 + rng.normal(0, sd, 40)
    assert rg.detect_change_points(flat, sd) == []
    shifted = flat.copy()
    shifted[25:] += 4 * sd  # a level shift of four sd at run 25
    found = rg.detect_change_points(shifted, sd)
    assert len(found) == 1 and abs(found[0] - 25) <= 1, found
    # the robust noise ignores the shift: near the planted sd
    assert 0.6 * sd < rg.robust_noise(shifted) < 1.5 * sd
    # half a sd is below what the penalty keeps
    small = flat.copy()
    small[25:] += 0.5 * sd
    assert rg.detect_change_points(small, sd) == []


def test_a_trend_finds_a_planted_step_and_not_a_vms_swings_of_a_few_ns():
    """series_change_points on the scale the check judges: unchanged runs measured on this VM (2026-11-28) raise
    nothing; a shift of the seed's draw does."""
    seed = int(np.random.SeedSequence().entropy % 2**32)
    rng = np.random.default_rng(seed)
    print(f"seed {seed}")
    # s.end of a dev lab's unchanged runs: the first run's interval 33-145 ns held the later ~25 ns (the others'
    # half-widths here are of the same relative size as that lab's)
    means, half = [72, 22, 18, 28, 24, 32, 30, 23], [56, 8, 6, 9, 7, 10, 9, 8]
    metrics = [rg.Metric(float(m), h / rg.Z95) for m, h in zip(means, half)]
    assert rg.detect_change_points(means, rg.robust_noise(means)) == [2]  # the linear rule's false alarm
    assert rg.series_change_points(metrics, 20) == [], means
    # 200 series of 12 runs swinging by 20 % (log-normal) with their own 5 % intervals, each then shifted 3-5x at a
    # drawn run: judged as a family (a rate, not one draw). Measured over 2,400 series (seeds 0-39, 2026-11-29):
    # 99.0 % found, 1.0 % false alarms. So 2 misses and 2 alarms are expected here; past 10 of either happens
    # once in ~10^5 draws for this rule, and nearly always for one that errs 10 % of the time
    hits = alarms = 0
    for _ in range(200):
        n, at, factor = 12, int(rng.integers(4, 9)), float(rng.uniform(3, 5))
        means = 1e4 * np.exp(rng.normal(0, 0.2, n))
        alarms += bool(rg.series_change_points([rg.Metric(m, 0.05 * m / rg.Z95) for m in means], 20))
        means[at:] *= factor
        hits += rg.series_change_points([rg.Metric(m, 0.05 * m / rg.Z95) for m in means], 20) == [at]
    assert hits >= 190 and alarms <= 10, (seed, hits, alarms)


def test_a_minor_steps_change_is_told_in_time_and_as_a_share_of_its_call():
    # a 9 ns c.marshal became 2.31 ms in a call of 35.5 ms: 25,666,567 % of the step says nothing; its time does
    rtt = rg.Change(2, "rtt", 33.2e6, 35.5e6, 6.9, 5.0, 8.8, 1.2, True, "slower")
    step = rg.Change(2, "c.marshal", 9.0, 2.31e6, 100 * (2.31e6 / 9 - 1), 1e7, 3e7, 100 * 400e3 / 9, True, "slower",
                     minor=True)
    text = rg.sentence([rtt, step], "runs' own")
    assert ("c.marshal (point 2) is 2.31 ms slower (9 ns → 2.31 ms, 6.5 % of the call), beyond "
            "the call's runs' own noise of 400.0 µs") in text, text
    assert "25666567" not in text and "rtt (point 2) is 7 % slower" in text
