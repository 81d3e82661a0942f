"""Does the lab's regression check find a regression of a known size, and stay quiet when nothing changed? (issue 33,
item 5). Two sources, printed under their own names:

Real (regress_*): a series of RUNS unchanged runs of one small RPC launch (firefly-null, 300 calls, one round) on the
lab's own agents in a lab of its own; each step's noise floor is its between-run standard deviation of the log of
its mean over them (regression.series_spread, the check's own definition; L noise floors is a delay of
typical * (e^(L*sd) - 1)); then PER_LEVEL runs each with a delay planted in STEP
(the launch's `inject`; planted runs stay in the series) of 0.5x, 1x, 2x and 4x that noise floor, in a shuffled
order, each judged by the lab's GET /api/runs/{id}/check?against=baseline (the baseline: the series' first run) and
then tagged out of the series, so that each is judged as the first regression after the unchanged runs (left in,
the planted runs became the noise the later ones were judged by: thresholds of 2,000-13,000 %).
  regress_detect_rate_<L>x_noise   planted runs whose verdict is regression           (target at 2x: >= 0.95)
  regress_step_named_correctly     of those, the largest significant slower step is STEP   (target 1.0)
  regress_false_alarms             unchanged runs with a regression verdict, each checked leave-one-out against
                                   the baseline (history: every other unchanged run; regression.compare)  (target 0)
  regress_false_alarms_api         the same by the lab's check (history: the earlier runs only), of the runs with
                                   >= 3 earlier runs
  regress_series_runs              runs in the series
Synthetic (regress_synth_*): TRIALS series resampled from the real unchanged runs (whole runs, with replacement;
analysis/regression_power.py), a shift of L x the noise floor planted in a step drawn at random each trial (every
step, not only STEP), judged by regression.compare as the API does: the same figures over many more trials; and
regress_synth_detect_rate_<L>x_threshold, shifts of L times the check's own threshold (regress_threshold_in_noise_
floors noise floors: z * sqrt(2), a new run against one baseline run, z Bonferroni over the check's metrics). A
single run against one baseline run cannot find a shift of 2 noise floors 95 % of the time without alarms on
unchanged runs: its estimate alone wanders by sqrt(2) noise floors (docs/analysis.md "Regressions").

A delay is whole microseconds: a shift smaller than a few us is planted as delay_us on every `every`-th call (its
mean is delay_us / every). --record FILE keeps the real series (step statistics and checks); --replay FILE scores a
recorded one without a lab. Seeds printed; --seed repeats the shuffling and the synthetic series. Needs root, netns
and the built agents for the real part; about 6 minutes on the shared 2-core VM (a replay: 45 s)."""

import argparse
import json
import random
import sys
import tempfile
from pathlib import Path

import numpy as np

from perflab.analysis import regression as rg
from perflab.analysis import regression_power as rp
from perflab.links import case_study, case_study_model, regress_series as rs
from perflab.links.netns import why_not_usable

LEVELS = [0.5, 1.0, 2.0, 4.0]
PLANTED_TAG = "regress-detect-planted"


def level_name(level: float) -> str:
    return f"{level:g}".replace(".", "_")


def metrics(run: dict) -> rp.Metrics:
    return rg.metrics_of(run["points"])


def planted_key(runs: list[dict], step: str) -> tuple[int, str]:
    keys = sorted(k for k in metrics(runs[0]) if k[1] == step)
    if not keys:
        raise SystemExit(f"no step {step} in the runs' statistics")
    return keys[0]


def record_series(lab, n_runs: int, per_level: int, step: str, rng: random.Random) -> dict:
    unchanged = []
    for i in range(n_runs):
        unchanged.append(rs.run_once(lab))
        rs.log(f"unchanged run {i + 1}/{n_runs}: {unchanged[-1]['id']}")
    key = unchanged[0]["series_key"]
    if any(r["series_key"] != key for r in unchanged):
        raise RuntimeError("the unchanged runs fell into different series")
    rs.set_baseline(lab, key, unchanged[0]["id"])
    for r in unchanged[1:]:
        r["check"] = rs.check(lab, r["id"], "baseline")
    floor = rp.noise_floor([metrics(r) for r in unchanged])
    target = planted_key(unchanged, step)
    plan = [lv for lv in LEVELS for _ in range(per_level)]
    rng.shuffle(plan)
    planted = []
    for lv in plan:
        delay_us, every = rs.delay_for(floor[target].shift_ns(lv))
        run = rs.run_once(lab, rs.planted(step, delay_us, every))
        if run["series_key"] != key:
            raise RuntimeError(f"planted run {run['id']} left the series")
        checked = rs.check(lab, run["id"], "baseline")
        # judged, it leaves the series: the next planted run's noise is the unchanged runs', as the first regression
        # after a quiet series meets it (a planted run left in would count as the series' noise)
        rs.leave_series(lab, run["id"], PLANTED_TAG)
        planted.append({**run, "level": lv, "shift_ns": delay_us * 1000 / every, "check": checked})
        rs.log(f"planted {lv:g}x ({delay_us} us every {every}): run {run['id']}: {checked['verdict']}")
    return {"series_key": key, "step": step, "unchanged": unchanged, "planted": planted}


def real_figures(series: dict) -> dict:
    unchanged, planted = series["unchanged"], series["planted"]
    ms = [metrics(r) for r in unchanged]
    target = planted_key(unchanged, series["step"])
    floor = rp.noise_floor(ms)
    rs.log(f"noise floor (between-run sd of the log of the step mean over {len(ms)} unchanged runs):")
    for k, f in floor.items():
        rs.log(f"  point {k[0]} {k[1]:>14}: typical {f.typical_ns / 1e3:9.3f} us  sd {100 * f.sd_log:6.1f} % "
               f"(1x: +{f.shift_ns(1) / 1e3:.3f} us)")
    figures = {}
    for lv in LEVELS:
        score = rp.Score()
        for r in (r for r in planted if r["level"] == lv):
            j = rp.judge_check(r["check"])
            score.add(j, target)
            rs.log(f"  {lv:g}x run {r['id']}: {r['check']['verdict']}, first {j.first_step}: {r['check']['sentence']}")
        figures[f"regress_detect_rate_{level_name(lv)}x_noise"] = (score.rate, "ratio")
    named = rp.Score()
    for r in planted:
        named.add(rp.judge_check(r["check"]), target)
    figures["regress_step_named_correctly"] = (named.named_rate, "ratio")
    loo = sum(rp.judge(rg.compare(ms[i], [ms[0]], ms[:i] + ms[i + 1:])).regression for i in range(1, len(ms)))
    figures["regress_false_alarms"] = (loo, "runs")
    api = [r["check"] for r in unchanged[1:] if r["check"]["noise_source"] == "series"]
    figures["regress_false_alarms_api"] = (sum(c["verdict"] == "regression" for c in api), "runs")
    figures["regress_false_alarms_api_checks"] = (len(api), "runs")
    figures["regress_series_runs"] = (len(unchanged) + len(planted), "runs")
    return figures


def synthetic_figures(series: dict, trials: int, seed: int) -> dict:
    scores = rp.synthetic_trials([metrics(r) for r in series["unchanged"]], LEVELS, trials,
                                 np.random.default_rng(seed))
    figures = {f"regress_synth_detect_rate_{level_name(lv)}x_noise": (scores[lv].rate, "ratio") for lv in LEVELS}
    detected = sum(scores[lv].detected for lv in LEVELS)
    figures["regress_synth_step_named_correctly"] = (
        sum(scores[lv].named for lv in LEVELS) / detected if detected else float("nan"), "ratio")
    figures["regress_synth_false_alarm_rate"] = (scores["false_alarms"].rate, "ratio")
    # the same in multiples of the check's own threshold (z * sqrt(2) noise floors): what the check can promise
    ms = [metrics(r) for r in series["unchanged"]]
    unit = rp.threshold_in_noise_floors(len(rp.noise_floor(ms)))
    figures["regress_threshold_in_noise_floors"] = (unit, "ratio")
    by_threshold = rp.synthetic_trials(ms, LEVELS, trials, np.random.default_rng(seed + 1), unit=unit)
    figures.update({f"regress_synth_detect_rate_{level_name(lv)}x_threshold": (by_threshold[lv].rate, "ratio")
                    for lv in LEVELS})
    figures["regress_synth_trials"] = (trials, "series")
    return figures


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=8799)
    ap.add_argument("--runs", type=int, default=20, help="unchanged runs in the series")
    ap.add_argument("--per-level", type=int, default=4, help="planted runs per level")
    # s.sendmsg, not c.marshal: a null call's c.marshal is ~10 ns with a few ns of run-to-run noise here, below the
    # whole microsecond a delay can be unless spread over one call in hundreds, which 300 calls cannot resolve; nor
    # c.sendmsg, whose time the client's kernel steps (k.c.sched, k.c.tx: send() enter to a stamp) count again
    ap.add_argument("--step", default="s.sendmsg")
    ap.add_argument("--trials", type=int, default=2000, help="synthetic series")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--record", type=Path, help="write the real series here (JSON)")
    ap.add_argument("--replay", type=Path, help="score a recorded series instead of running one")
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    print(f"regress_detect seed: {seed} (--seed {seed} repeats it)", file=sys.stderr)
    if args.replay:
        series = json.loads(args.replay.read_text())
    else:
        reason = why_not_usable() or case_study.why_no_agent()
        if reason:
            print(f"regression detection benchmark skipped: {reason}", file=sys.stderr)
            return 0
        with tempfile.TemporaryDirectory(prefix="perflab-regress-") as tmp, \
                case_study_model.own_lab(Path(tmp), args.port) as lab:
            series = record_series(lab, args.runs, args.per_level, args.step, random.Random(seed))
        if args.record:
            args.record.write_text(json.dumps(series))
    figures = {**real_figures(series), **synthetic_figures(series, args.trials, seed)}
    print(f"regress_seed: {seed} seed")
    for name, (value, unit) in figures.items():
        print(f"{name}: {value:.4g} {unit}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
