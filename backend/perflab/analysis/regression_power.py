"""How well the regression check (analysis/regression.py) finds a planted regression, scored on series of runs
(bench/regress_detect.py, issue 33 item 5). Pure: runs are metrics dicts ((point_no, step) -> Metric, as
regression.metrics_of makes them from stored step statistics).

- noise_floor: each (point, step)'s between-run standard deviation of the log of its mean over unchanged runs
  (regression.series_spread, the check's own definition) and its typical mean (geometric); a shift of L noise floors
  is a delay of mean * (e^(L*sd) - 1) ns, L sd higher on the check's scale (shift_ns);
- judge: one check's outcome as a CI job sees it (regression or not) and which step it names first;
- synthetic_trials: many checks built by splitting real unchanged runs into a baseline range and a checked group
  (whole runs, so steps that move together stay together), a shift of a multiple of the noise floor planted in one
  step of every run of the group, judged by regression.compare."""

from dataclasses import dataclass, replace

import numpy as np

from perflab.analysis import regression as rg

Metrics = dict[tuple[int, str], rg.Metric]


@dataclass(frozen=True)
class Floor:
    sd_log: float  # the between-run standard deviation of log(mean)
    typical_ns: float  # the geometric mean of the runs' means

    def shift_ns(self, level: float) -> float:
        """The delay that puts a typical run `level` noise floors higher."""
        return self.typical_ns * (np.exp(level * self.sd_log) - 1)


def noise_floor(runs: list[Metrics]) -> dict[tuple[int, str], Floor]:
    """(point, step) -> its noise floor over the runs that all hold it."""
    keys = set.intersection(*(set(m) for m in runs)) if runs else set()
    out = {}
    for k in sorted(keys):
        means = [m[k].mean_ns for m in runs]
        out[k] = Floor(rg.series_spread(means), float(np.exp(np.mean(np.log(means)))))
    return out


@dataclass(frozen=True)
class Judged:
    regression: bool  # the verdict a CI job fails on
    first_step: str | None  # the largest significant slower step (not the call's RTT), in the sentence's order
    first_point: int | None


def judge(changes: list[rg.Change]) -> Judged:
    slower = sorted((c for c in changes if c.direction == "slower" and c.step != rg.RTT),
                    key=lambda c: -abs(c.change_pct))
    first = slower[0] if slower else None
    return Judged(rg.verdict(changes) == "regression", first.step if first else None,
                  first.point_no if first else None)


def judge_check(result: dict) -> Judged:
    """The same from the lab's GET /api/runs/{id}/check answer."""
    return judge([rg.Change(**c) for c in result["changes"]])


def plant(run: Metrics, key: tuple[int, str], shift_ns: float) -> Metrics:
    """The run with `shift_ns` more in one step's mean and its point's RTT (a delay in a step lengthens the call)."""
    out = dict(run)
    out[key] = replace(run[key], mean_ns=run[key].mean_ns + shift_ns)
    rtt = (key[0], rg.RTT)
    if rtt in run:
        out[rtt] = replace(run[rtt], mean_ns=run[rtt].mean_ns + shift_ns)
    return out


@dataclass
class Score:
    trials: int = 0
    detected: int = 0
    named: int = 0  # of the detected: the planted step came first

    @property
    def rate(self) -> float:
        return self.detected / self.trials if self.trials else float("nan")

    @property
    def named_rate(self) -> float:
        return self.named / self.detected if self.detected else float("nan")

    def add(self, j: Judged, key: tuple[int, str]) -> None:
        self.trials += 1
        if j.regression:
            self.detected += 1
            self.named += (j.first_point, j.first_step) == key


def threshold_in_noise_floors(n_metrics: int, baselines: int = 1, group: int = 1, noise_runs: int = 20) -> float:
    """The series' threshold of a check (regression.compare) in noise floors: t * sqrt(1/N + 1/k) for a group of N
    runs against k baseline runs, the noise measured on `noise_runs`. A group is found when it lands beyond it, so a
    shift of 2 noise floors is found about as often as an unchanged run raises an alarm when the threshold is 4.4
    (one run against one, 24 metrics), and about 95 % of the time when it is 1.3 (10 runs against 20, 10 metrics)."""
    return rg.family_t(n_metrics, noise_runs) * float(np.sqrt(1 / group + 1 / baselines))


def major_steps(runs: list[Metrics]) -> list[tuple[int, str]]:
    """The steps of a check's family (regression.major_keys over the runs), the RTT left out."""
    keys = set.intersection(*(set(m) for m in runs))
    return sorted(k for k in rg.major_keys(keys, runs) if k[1] != rg.RTT)


def synthetic_trials(runs: list[Metrics], levels: list[float], trials: int, rng: np.random.Generator,
                     group: int = 1, baselines: int | None = None, steps: list[tuple[int, str]] | None = None,
                     unit: float = 1.0) -> dict:
    """Per trial the real unchanged runs are shuffled and split: `baselines` of them (default: the rest) the baseline
    range, whose spread is the noise, and `group` others the checked runs (disjoint, as a repeated launch after a
    baseline is). The group is judged unchanged (a false alarm when it says regression) and with `level` x the noise
    floor planted in one step drawn from `steps` (default: the check's major steps) in each of its runs; unit: a
    level's size in noise floors. Returns {"false_alarms": Score, level: Score}."""
    floor = noise_floor(runs)
    steps = steps or [k for k in major_steps(runs) if floor[k].sd_log > 0]
    baselines = baselines or len(runs) - group
    if group + baselines > len(runs):
        raise ValueError(f"{group} + {baselines} runs asked of {len(runs)} unchanged runs")
    scores = {"false_alarms": Score(), **{lv: Score() for lv in levels}}
    for _ in range(trials):
        order = rng.permutation(len(runs))
        base = [runs[int(i)] for i in order[:baselines]]
        checked = [runs[int(i)] for i in order[baselines:baselines + group]]
        scores["false_alarms"].add(judge(rg.compare(checked, base, base)), (-1, ""))
        key = steps[int(rng.integers(len(steps)))]
        for lv in levels:
            shift = floor[key].shift_ns(lv * unit)
            scores[lv].add(judge(rg.compare([plant(r, key, shift) for r in checked], base, base)), key)
    return scores
