"""The scoring of bench/regress_detect.py (analysis/regression_power.py) on series drawn here with a new seed each
run (printed on failure): the noise floor it measures is the one planted, a planted shift of many noise floors is
found and named, one of a fraction of a noise floor seldom is, unchanged runs seldom raise an alarm even when the
runs swing by tens of % (the log-scale spread of regression.series_spread), and the delay the bench plants is the
shift it asks for. No lab."""

import math
import random

import numpy as np
import pytest

from perflab.analysis import regression as rg
from perflab.analysis import regression_power as rp
from perflab.links.regress_series import delay_for

from conftest import RUN_SEED as SEED

STEPS = ["c.marshal", "c.sendmsg", "c.wait", "s.dispatch", "s.sendmsg", "k.c.rx"]


@pytest.fixture
def rng():
    print(f"seed {SEED}")
    return np.random.default_rng(SEED)


def draw_series(rng, n_runs: int, sd_log: dict[str, float]) -> list[rp.Metrics]:
    """Runs whose step means swing multiplicatively between runs (a VM's load), each with a within-run interval of
    a few %; the RTT, longer than its steps together, swings on its own."""
    typical = {s: float(rng.uniform(5, 50_000)) for s in sd_log if s != rg.RTT}
    typical[rg.RTT] = sum(typical.values()) * float(rng.uniform(1, 1.5))
    runs = []
    for _ in range(n_runs):
        run = {}
        for step, sd in sd_log.items():
            mean = typical[step] * math.exp(sd * rng.standard_normal())
            run[(0, step)] = rg.Metric(mean, mean * float(rng.uniform(0.01, 0.05)))
        runs.append(run)
    return runs


def test_the_noise_floor_is_the_planted_between_run_spread(rng):
    planted = {s: float(rng.uniform(0.05, 0.8)) for s in STEPS + [rg.RTT]}
    floor = rp.noise_floor(draw_series(rng, 400, planted))
    for step, sd in planted.items():
        assert floor[(0, step)].sd_log == pytest.approx(sd, rel=0.15), step  # 400 runs: sd's own error ~3.5 %


def test_a_shift_of_level_noise_floors_is_level_sd_on_the_checks_scale(rng):
    f = rp.Floor(float(rng.uniform(0.05, 1.0)), float(rng.uniform(10, 1e5)))
    for level in (0.5, 1, 2, 4):
        assert math.log((f.typical_ns + f.shift_ns(level)) / f.typical_ns) == pytest.approx(level * f.sd_log)


def test_a_large_shift_is_found_and_named_a_small_one_seldom(rng):
    sd_log = {s: float(rng.uniform(0.05, 0.6)) for s in STEPS + [rg.RTT]}
    runs = draw_series(rng, 20, sd_log)
    scores = rp.synthetic_trials(runs, [0.5, 12.0], 300, rng)
    assert scores[12.0].rate > 0.9, scores
    assert scores[12.0].named_rate > 0.9, scores  # the planted step comes first (it moved the most)
    assert scores[0.5].rate < 0.15, scores  # about the false-alarm rate: half a noise floor is below the threshold
    assert scores["false_alarms"].rate < 0.15, scores


def test_unchanged_runs_swinging_by_tens_of_percent_seldom_raise_an_alarm(rng):
    """Between-run swings of 40-90 % (this VM's sub-microsecond steps): a threshold from the linear spread of the
    means let one unchanged run in two cross it upward; on the log scale alarms are rare and go both ways."""
    runs = draw_series(rng, 20, {s: float(rng.uniform(0.4, 0.9)) for s in STEPS})
    slower = faster = 0
    for i, run in enumerate(runs):
        for b in range(len(runs)):
            if b == i:
                continue
            changes = rg.compare(run, [runs[b]], runs[:i] + runs[i + 1:])
            slower += any(c.direction == "slower" for c in changes)
            faster += any(c.direction == "faster" for c in changes)
    checks = len(runs) * (len(runs) - 1)
    assert slower / checks < 0.1 and faster / checks < 0.1, (slower, faster, checks)


def test_judge_names_the_largest_slower_step_not_the_rtt():
    change = lambda step, pct, direction: rg.Change(0, step, 100.0, 100 + pct, pct, pct - 5, pct + 5, 3.0,  # noqa: E731
                                                    direction != "same", direction)
    j = rp.judge([change(rg.RTT, 900, "slower"), change("c.wait", 40, "slower"), change("s.sendmsg", 80, "slower"),
                  change("c.marshal", -95, "faster")])
    assert (j.regression, j.first_step, j.first_point) == (True, "s.sendmsg", 0)
    assert rp.judge([change("c.marshal", -95, "faster")]) == rp.Judged(False, None, None)
    as_json = {"changes": [rg.change_dicts([change("s.sendmsg", 80, "slower")])[0]]}
    assert rp.judge_check(as_json).first_step == "s.sendmsg"


@pytest.mark.parametrize("shift_ns", [random.Random(SEED + i).uniform(300, 200_000) for i in range(5)])
def test_the_planted_delay_is_the_shift_asked_for(shift_ns):
    delay_us, every = delay_for(shift_ns)
    assert 1 <= every <= 10 and delay_us >= 1
    # within the 1 us step of a delay, spread over `every` calls, or 10 % of a shift too small for whole delays
    assert abs(delay_us * 1000 / every - shift_ns) <= max(500 / every, 0.1 * shift_ns), (delay_us, every)
