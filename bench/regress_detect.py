"""Does the lab's regression check find a regression of a known size, and stay quiet when nothing changed? (issue 33,
item 5). A CI job judges a launch repeated GROUP times against a baseline range of RUNS unchanged runs
(GET /api/runs/{id}/check?against=baseline&repeats=...; docs/cli.md `perflab launch --repeat`). Two sources, printed
under their own names:

Real (regress_*): RUNS unchanged runs of one small RPC launch (firefly-null, 300 calls, one round) on the lab's own
agents in a lab of its own, set as the series' baseline range; each step's noise floor is its between-run standard
deviation of the log of its mean over them (regression.series_spread, the check's own definition; L noise floors is a
delay of typical * (e^(L*sd) - 1)). Then a quiet group of GROUP more unchanged runs, and groups of GROUP runs each
with a delay planted in STEP (the launch's `inject`) of 0.5x, 1x, 2x and 4x that noise floor, in a shuffled order,
each group judged by the lab's check. Planted runs stay in the series: the noise is the baseline range's.
  regress_detect_rate_<L>x_noise   planted groups whose verdict is regression               (target at 2x: >= 0.95)
  regress_step_named_correctly     of those, the largest significant slower step is STEP    (target 1.0)
  regress_false_alarms             regression verdicts on unchanged runs: the quiet group, each of its runs alone,
                                   and each range run alone against the rest of the range     (target 0)
  regress_planted_<L>x_measured_floors  the shift the planted groups showed in STEP, in noise floors (a delay spins,
                                   and a busy host preempts the spin: the measured level can exceed the asked one)
  regress_single_run_detect_rate_<L>x_noise  each planted run judged alone against the range (what one run can do)
  regress_lab_verdicts_agree       the lab's verdicts at the time (GET .../check) against regression.compare now, by
                                   which every figure here is judged (so a recorded series is scored by today's rule)
Synthetic (regress_synth_*): TRIALS checks built from the real unchanged runs (range and quiet group together),
split at random into a range of RUNS and a group of GROUP (analysis/regression_power.py), a shift of L noise floors
planted in a judged step drawn at random each trial: the same figures over many more trials, for a group and for one
run alone.

A delay is whole microseconds: a shift smaller than a few us is planted as delay_us on every `every`-th call (its
mean is delay_us / every). --record FILE keeps the real series (step statistics and checks); --replay FILE scores a
recorded one without a lab. Seeds printed; --seed repeats the shuffling and the synthetic checks. Needs root, netns
and the built agents for the real part; about 10 minutes on the shared 2-core VM (80 runs; a replay: a minute)."""

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


def level_name(level: float) -> str:
    return f"{level:g}".replace(".", "_")


def metrics(run: dict) -> rp.Metrics:
    return rg.metrics_of(run["points"])


def planted_key(runs: list[dict], step: str) -> tuple[int, str]:
    keys = sorted(k for k in metrics(runs[0]) if k[1] == step)
    if not keys:
        raise SystemExit(f"no step {step} in the runs' statistics")
    return keys[0]


def run_group(lab, n: int, what: str, inject: dict | None = None) -> list[dict]:
    runs = []
    for i in range(n):
        runs.append(rs.run_once(lab, inject))
        rs.log(f"{what} run {i + 1}/{n}: {runs[-1]['id']}")
    return runs


def record_series(lab, n_runs: int, group: int, groups: dict[float, int], step: str, rng: random.Random) -> dict:
    baseline = run_group(lab, n_runs, "baseline range")
    key = baseline[0]["series_key"]
    if any(r["series_key"] != key for r in baseline):
        raise RuntimeError("the unchanged runs fell into different series")
    rs.set_baseline(lab, key, baseline[0]["id"], baseline[-1]["id"])
    quiet = run_group(lab, group, "quiet group")
    quiet_check = rs.check(lab, [r["id"] for r in quiet], "baseline")
    for r in quiet:
        r["check"] = rs.check(lab, [r["id"]], "baseline")
    floor = rp.noise_floor([metrics(r) for r in baseline])
    target = planted_key(baseline, step)
    plan = [lv for lv, n in groups.items() for _ in range(n)]
    rng.shuffle(plan)
    planted = []
    for lv in plan:
        delay_us, every = rs.delay_for(floor[target].shift_ns(lv))
        runs = run_group(lab, group, f"planted {lv:g}x ({delay_us} us every {every})",
                         rs.planted(step, delay_us, every))
        if any(r["series_key"] != key for r in runs):
            raise RuntimeError("a planted run left the series")
        checked = rs.check(lab, [r["id"] for r in runs], "baseline")
        planted.append({"level": lv, "shift_ns": delay_us * 1000 / every, "runs": runs, "check": checked})
        rs.log(f"planted {lv:g}x group: {checked['verdict']}: {checked['sentence']}")
    return {"series_key": key, "step": step, "baseline": baseline, "quiet": quiet, "quiet_check": quiet_check,
            "planted": planted}


def real_figures(series: dict) -> dict:
    baseline, planted = series["baseline"], series["planted"]
    ms = [metrics(r) for r in baseline]
    target = planted_key(baseline, series["step"])
    floor = rp.noise_floor(ms)
    rs.log(f"noise floor (between-run sd of the log of the step mean over {len(ms)} unchanged runs):")
    for k, f in floor.items():
        rs.log(f"  point {k[0]} {k[1]:>14}: typical {f.typical_ns / 1e3:9.3f} us  sd {100 * f.sd_log:6.1f} % "
               f"(1x: +{f.shift_ns(1) / 1e3:.3f} us)")
    figures = {}
    named = rp.Score()
    agree = checks = 0
    for lv in LEVELS:
        score, single, measured = rp.Score(), rp.Score(), []
        for g in (g for g in planted if g["level"] == lv):
            # the shift the group shows in noise floors: a planted delay spins, and a spin on a busy host is preempted
            # (on a load of 15, 10 us planted cost 17 us), so the level asked for and the level measured are both said
            shown = np.mean([np.log(metrics(r)[target].mean_ns) for r in g["runs"]])
            measured.append((shown - np.mean([np.log(m[target].mean_ns) for m in ms])) / floor[target].sd_log)
            # judged again here by regression.compare, the function behind the lab's check, so that a recorded
            # series is scored by today's rule; the lab's own verdict at the time is compared with it
            changes = rg.compare([metrics(r) for r in g["runs"]], ms, ms)
            j = rp.judge(changes)
            agree, checks = agree + (rg.verdict(changes) == g["check"]["verdict"]), checks + 1
            score.add(j, target)
            named.add(j, target)
            for r in g["runs"]:  # each planted run alone against the range
                single.add(rp.judge(rg.compare(metrics(r), ms, ms)), target)
            rs.log(f"  {lv:g}x group of {len(g['runs'])}: {rg.verdict(changes)} (the lab said "
                   f"{g['check']['verdict']}), first {j.first_step}: {rg.sentence(changes, 'series', len(g['runs']), len(ms))}")
        figures[f"regress_detect_rate_{level_name(lv)}x_noise"] = (score.rate, "ratio")
        figures[f"regress_planted_{level_name(lv)}x_measured_floors"] = (float(np.mean(measured)), "noise floors")
        figures[f"regress_single_run_detect_rate_{level_name(lv)}x_noise"] = (single.rate, "ratio")
    figures["regress_step_named_correctly"] = (named.named_rate, "ratio")
    quiet = [metrics(r) for r in series["quiet"]]
    quiet_alarm = rp.judge(rg.compare(quiet, ms, ms)).regression
    single_alarms = sum(rp.judge(rg.compare(q, ms, ms)).regression for q in quiet)
    agree, checks = agree + (rg.verdict(rg.compare(quiet, ms, ms)) == series["quiet_check"]["verdict"]), checks + 1
    loo = sum(rp.judge(rg.compare(ms[i], ms[:i] + ms[i + 1:], ms[:i] + ms[i + 1:])).regression
              for i in range(len(ms)))
    figures["regress_false_alarms"] = (quiet_alarm + single_alarms + loo, "checks")
    figures["regress_false_alarm_checks"] = (1 + len(quiet) + len(ms), "checks")
    figures["regress_lab_verdicts_agree"] = (agree / checks, "ratio")
    figures["regress_series_runs"] = (len(baseline) + len(quiet) + sum(len(g["runs"]) for g in planted), "runs")
    return figures


def synthetic_figures(series: dict, group: int, trials: int, seed: int) -> dict:
    ms = [metrics(r) for r in series["baseline"] + series["quiet"]]
    figures = {}
    for name, size in (("synth", group), ("synth_single", 1)):
        scores = rp.synthetic_trials(ms, LEVELS, trials, np.random.default_rng(seed), group=size,
                                     baselines=len(series["baseline"]))
        figures.update({f"regress_{name}_detect_rate_{level_name(lv)}x_noise": (scores[lv].rate, "ratio")
                        for lv in LEVELS})
        detected = sum(scores[lv].detected for lv in LEVELS)
        figures[f"regress_{name}_step_named_correctly"] = (
            sum(scores[lv].named for lv in LEVELS) / detected if detected else float("nan"), "ratio")
        figures[f"regress_{name}_false_alarm_rate"] = (scores["false_alarms"].rate, "ratio")
    n_judged = len(rp.major_steps(ms)) + 1
    figures["regress_threshold_in_noise_floors"] = (
        rp.threshold_in_noise_floors(n_judged, len(series["baseline"]), group, len(series["baseline"])), "ratio")
    figures["regress_synth_trials"] = (trials, "checks")
    return figures


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=8799)
    ap.add_argument("--runs", type=int, default=20, help="unchanged runs in the baseline range")
    ap.add_argument("--group", type=int, default=10, help="runs per check (a launch repeated)")
    ap.add_argument("--groups-at-2x", type=int, default=2, help="planted groups at the target's level (others: 1)")
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
            groups = {lv: args.groups_at_2x if lv == 2.0 else 1 for lv in LEVELS}
            series = record_series(lab, args.runs, args.group, groups, args.step, random.Random(seed))
        if args.record:
            args.record.write_text(json.dumps(series))
    group = len(series["quiet"])
    figures = {**real_figures(series), **synthetic_figures(series, group, args.trials, seed)}
    print(f"regress_seed: {seed} seed")
    for name, (value, unit) in figures.items():
        print(f"{name}: {value:.4g} {unit}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
