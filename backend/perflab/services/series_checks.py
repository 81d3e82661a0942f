"""A run checked against its series' baseline or another run, and a series' trend with its change points: the
stored step statistics read here, the decisions made by analysis/regression.py."""

from sqlalchemy.orm import Session

from perflab.analysis import regression as rg
from perflab.analysis.environment import environment_diff
from perflab.models import Run, RunStatus, SeriesBaseline
from perflab.services.errors import Conflict, FieldError, NotFound
from perflab.services.series import done_runs_before, environment_of, series_runs, step_points


def _metrics(s: Session, run: Run) -> dict:
    if run.status != RunStatus.done.value:
        raise Conflict(f"run {run.id} is {run.status}: only a done run can be checked or be a baseline")
    points = step_points(s, run.id)
    if points is None:
        raise Conflict(f"run {run.id} has no step statistics yet (its analysis has not run)")
    return rg.metrics_of(points)


def check(s: Session, run: Run, against: str) -> dict:
    """against: "baseline" (the series' baseline run) or a run id."""
    if against == "baseline":
        row = s.get(SeriesBaseline, run.series_key) if run.series_key else None
        if row is None:
            raise Conflict(f"run {run.id}'s series has no baseline: set one with PUT /api/series/{{key}}/baseline"
                           if run.series_key else f"run {run.id} belongs to no series (launched before series)")
        base_id = row.run_id
    elif against.isascii() and against.isdigit() and 0 < int(against) < 2**31:
        base_id = int(against)
    else:
        raise FieldError("against", f"against must be baseline or a run id (got {against[:40]!r})")
    if base_id == run.id:
        raise FieldError("against", f"run {run.id} cannot be checked against itself")
    base = s.get(Run, base_id)
    if base is None:
        raise NotFound(f"run {base_id} not found")
    run_m, base_m = _metrics(s, run), _metrics(s, base)
    # the series' noise: its earlier done runs (the baseline among them), only when both runs are of one series
    history = []
    if run.series_key and run.series_key == base.series_key:
        history = [m for r in done_runs_before(s, run) if (m := _metrics_or_none(s, r))]
    changes = rg.compare(run_m, [base_m], history)
    source = rg.noise_source(run_m, history)
    return {"run_id": run.id, "verdict": rg.verdict(changes), "baseline_run_ids": [base.id],
            "noise_source": "series" if source == "series'" else "runs",
            "changes": rg.change_dicts(changes),
            "environment_diff": environment_diff(environment_of(s, base), environment_of(s, run)),
            "same_series": bool(run.series_key) and run.series_key == base.series_key,
            "sentence": rg.sentence(changes, source)}


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
