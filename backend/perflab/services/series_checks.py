"""A run checked against its series' baseline or another run, and a series' trend with its change points: the
stored step statistics read here, the decisions made by analysis/regression.py."""

from sqlalchemy.orm import Session

from perflab.analysis import regression as rg
from perflab.analysis.environment import environment_diff
from perflab.models import Run, RunStatus, SeriesBaseline
from perflab.services.errors import Conflict, FieldError, NotFound
from perflab.services.series import baseline_range, done_runs_before, environment_of, series_runs, step_points


def _metrics(s: Session, run: Run) -> dict:
    """A done run's step statistics as check metrics (409 for a run not done or not analysed)."""
    if run.status != RunStatus.done.value:
        raise Conflict(f"run {run.id} is {run.status}: only a done run can be checked or be a baseline")
    points = step_points(s, run.id)
    if points is None:
        raise Conflict(f"run {run.id} has no step statistics yet (its analysis has not run)")
    return rg.metrics_of(points)


MAX_REPEATS = 50


def _run_id(text: str) -> int | None:
    """A run id as a query gives it (decimal digits, a 32-bit key), else None."""
    return int(text) if text.isascii() and text.isdigit() and 0 < int(text) < 2**31 else None


def parse_repeats(text: str | None) -> list[int]:
    """repeats=ID,ID,...: the other runs of a repeated launch, judged with the checked run as one group."""
    if not text:
        return []
    ids = []
    for part in text.split(","):
        rid = _run_id(part.strip())
        if rid is None:
            raise FieldError("repeats", f"repeats must be run ids separated by commas (got {part.strip()[:20]!r})")
        ids.append(rid)
    if len(ids) > MAX_REPEATS:
        raise FieldError("repeats", f"repeats holds at most {MAX_REPEATS} run ids (got {len(ids)})")
    return ids


def check(s: Session, run: Run, against: str, repeats: list[int] = ()) -> dict:
    """against: "baseline" (the series' baseline run or range) or a run id; repeats: runs of the same series judged
    with `run` as one group (a launch repeated)."""
    group = [run]
    for rid in dict.fromkeys(repeats):
        other = s.get(Run, rid)
        if other is None:
            raise NotFound(f"run {rid} not found")
        if other.id != run.id and other.series_key != run.series_key:
            raise Conflict(f"run {rid} is not of run {run.id}'s series: a group is one launch repeated")
        if other.id != run.id:
            group.append(other)
    if against == "baseline":
        row = s.get(SeriesBaseline, run.series_key) if run.series_key else None
        if row is None:
            raise Conflict(f"run {run.id}'s series has no baseline: set one with PUT /api/series/{{key}}/baseline"
                           if run.series_key else f"run {run.id} belongs to no series (launched before series)")
        bases = baseline_range(s, row)
    elif (base_id := _run_id(against)) is not None:
        base = s.get(Run, base_id)
        if base is None:
            raise NotFound(f"run {against} not found")
        bases = [base]
    else:
        raise FieldError("against", f"against must be baseline or a run id (got {against[:40]!r})")
    if overlap := {r.id for r in group} & {b.id for b in bases}:
        raise FieldError("against", f"run {min(overlap)} cannot be checked against itself (it is in the baseline)")
    group_m = [_metrics(s, r) for r in group]
    base_m = [_metrics(s, b) for b in bases]
    same_series = bool(run.series_key) and all(b.series_key == run.series_key for b in bases)
    # the noise: the baseline range's own spread, else the series' done runs before the group (not the group's)
    history = base_m if len(bases) >= rg.MIN_RUNS_FOR_SPREAD else []
    if not history and same_series:
        ids = {r.id for r in group}
        earliest = min(group, key=lambda r: (r.created_at, r.id))
        history = [m for r in done_runs_before(s, earliest) if r.id not in ids and (m := _metrics_or_none(s, r))]
    changes = rg.compare(group_m, base_m, history)
    source = rg.noise_source(history)
    return {"run_id": run.id, "run_ids": [r.id for r in group], "verdict": rg.verdict(changes),
            "baseline_run_ids": [b.id for b in bases], "noise_runs": len(history),
            "noise_source": "series" if source == "series'" else "runs",
            "changes": rg.change_dicts(changes),
            "environment_diff": environment_diff(environment_of(s, bases[0]), environment_of(s, run)),
            "same_series": same_series,
            "sentence": rg.sentence(changes, source, len(group), len(bases))}


def _metrics_or_none(s: Session, run: Run) -> dict | None:
    points = step_points(s, run.id)
    return rg.metrics_of(points) if points else None


def _stat(st: dict | None) -> dict | None:
    if not st:
        return None
    return {"mean_ns": st["mean_ns"], "ci95_low_ns": st["ci95_low_ns"], "ci95_high_ns": st["ci95_high_ns"]}


def trend(s: Session, key: str) -> dict:
    """Every done run of the series with its analysis: each point's RTT (mean, p50, p99 and the mean's interval)
    and each step's mean with its interval; change points per (point, step), grouped by the run they start at."""
    runs = [r for r in series_runs(s, key) if r.status == RunStatus.done.value]
    rows, metrics = [], []
    for r in runs:
        points = step_points(s, r.id)
        if points is None:
            continue
        metrics.append(rg.metrics_of(points))
        rows.append({"run_id": r.id, "created_at": r.created_at, "tags": r.tags, "points": [
            {"point_no": p["point_no"],
             "rtt": {**_stat(p["rtt"]), "median_ns": p["rtt"]["median_ns"], "p99_ns": p["rtt"]["p99_ns"]}
             if p.get("rtt") else None,
             "steps": [{"step": st["name"], **_stat(st["stats"])} for st in p.get("steps") or [] if st.get("stats")]}
            for p in points]})
    by_index: dict[int, list[dict]] = {}
    keys = [k for k in sorted({k for m in metrics for k in m}) if all(k in m for m in metrics)]
    # (a step some runs lack has holes in its series: no change point is found on it)
    for k in keys:
        values = [m[k].mean_ns for m in metrics]
        for i in rg.series_change_points([m[k] for m in metrics], len(keys)):
            before, after = sum(values[:i]) / i, sum(values[i:]) / (len(values) - i)
            by_index.setdefault(i, []).append({"point_no": k[0], "step": k[1], "before_ns": before,
                                               "after_ns": after, "change_pct": 100 * (after / before - 1)})
    change_points = [{"index": i, "run_id": rows[i]["run_id"], "previous_run_id": rows[i - 1]["run_id"],
                      "steps": sorted(moved, key=lambda m: -abs(m["change_pct"]))}
                     for i, moved in sorted(by_index.items())]
    return {"key": key, "runs": rows, "change_points": change_points}
