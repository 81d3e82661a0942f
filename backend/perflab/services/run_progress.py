"""Where a run is, in its own terms: waiting for the agents, probing the noise floor, point i of n in round r, done;
the share of its estimated time behind it and the time left at its own pace.

Calls done are not progress: an RPC run's calls_total is the most it may make (every point max_rounds), so a run
whose points meet their target in one round ends at a fifth of it. Its points run in the order of params["points"],
each in rounds laid out by call number (agents/src/rpc/rpc_plan.c, rpc_rounds.h): the furthest call number stored
tells the point, the round and how far into the round the client is. The estimate (services/run_estimate.py) weighs
the points by time, one round each, so the bar moves with the work, holds while a point repeats, and never waits at
a share of a worst case."""

from collections import OrderedDict
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from perflab.models import Job, Run, RunStatus
from perflab.models.base import utcnow
from perflab.kinds import estimate, kind_of
from perflab.services import call_store, run_estimate

_ESTIMATES: OrderedDict[tuple, dict] = OrderedDict()  # by run: a run's params and link never change
_ESTIMATES_KEPT = 256


def _estimate_of(run: Run) -> dict:
    # keyed by the run's creation too: ids start again after a database is emptied (the tests' TRUNCATE ... RESTART
    # IDENTITY; a lab's state removed), and another run's estimate under the same id said 100 % at its second point
    key = (run.id, run.created_at)
    guess = _ESTIMATES.get(key)
    if guess is None:
        guess = estimate(run.kind, run.params or {}, run_estimate.Link.of(run.link or {}))
        _ESTIMATES[key] = guess
        while len(_ESTIMATES) > _ESTIMATES_KEPT:
            _ESTIMATES.popitem(last=False)
    return guess


def locate_call(params: dict, call_no: int) -> tuple[int, int, float]:
    """(index of the point in run order, round from 0, share of that round's calls before call_no) of an RPC
    run's call number; a thread's calls within a round are consecutive, the last thread's last."""
    calls, warmup = int(params.get("calls") or 0), int(params.get("warmup_calls") or 0)
    rounds = max(1, int(params.get("max_rounds") or 1))
    base = 0
    points = params.get("points") or []
    for i, pt in enumerate(points):
        threads = int(pt["threads"])
        size = threads * (warmup + calls * rounds)
        if call_no < base + size or i == len(points) - 1:
            at = call_no - base
            first = threads * (warmup + calls)
            if at < first:
                per_thread = warmup + calls
                return i, 0, min(1.0, (at % per_thread + 1) / per_thread) if per_thread else 1.0
            r = 1 + (at - first) // max(1, threads * calls)
            return i, min(int(r), rounds - 1), min(1.0, ((at - first) % max(1, calls) + 1) / max(1, calls))
        base += size
    return 0, 0, 0.0


def _noise_floor_pending(s: Session, run: Run) -> bool:
    if not int((run.params or {}).get("noise_floor_calls") or 0):
        return False
    result = s.scalars(select(Job.result).where(Job.run_id == run.id, Job.role == "client")).first()
    return not (isinstance(result, dict) and "noise_floor" in result)


def _left_at_pace(done_s: float, rest_s: float, start_s: float, total_s: float, elapsed_s: float | None) -> float:
    """The estimate's time still to go scaled by how long the run took to get here against what the estimate said;
    early on (under a tenth of the points' time) the run's own pace counts only in part."""
    if elapsed_s is None or elapsed_s <= 0 or done_s <= 0:
        return rest_s
    trust = min(1.0, max(0.0, (done_s - start_s) / max(1e-9, 0.1 * (total_s - start_s))))
    return rest_s * (1 + trust * (elapsed_s / done_s - 1))


def progress_of(s: Session, run: Run, now: datetime | None = None) -> dict:
    """phase: queued | noise_floor | measuring | done | failed | cancelled; point (1-based, run order) of points,
    round (1-based) of max_rounds; share (0-1) of the points' estimated time done, one round each; seconds_left at
    the run's pace (None when unknown or finished)."""
    status = RunStatus(run.status)
    params = run.params or {}
    points = params.get("points") or []
    n_points = max(1, len(points))
    max_rounds = max(1, int(params.get("max_rounds") or 1)) if float(params.get("ci_target_pct") or 0) > 0 else 1
    out = {"phase": status.value, "point": None, "points": n_points, "round": None, "max_rounds": max_rounds,
           "points_done": 0, "share": 0.0, "seconds_left": None}
    if status.finished:
        done = status == RunStatus.done
        return {**out, "points_done": n_points if done else 0, "share": 1.0 if done else out["share"]}
    if status == RunStatus.queued:
        return out
    guess = _estimate_of(run)
    total, start = float(guess["seconds"]), float(guess["start_s"])
    est_points = guess["points"]
    elapsed = (now or utcnow()) - run.started_at if run.started_at else None
    elapsed_s = elapsed.total_seconds() if elapsed is not None else None
    if not kind_of(run.kind).rounds or not points:
        share = min(1.0, run.calls_done / run.calls_total) if run.calls_total else 0.0
        done_s = start + share * (total - start)
        return {**out, "phase": "measuring", "point": 1, "round": 1, "share": share,
                "seconds_left": _left_at_pace(done_s, total - done_s, start, total, elapsed_s) if share else None}
    furthest = call_store.bounds(s, run.id)[2]
    if furthest is None:
        noise_s = run_estimate.noise_floor_s(params, run_estimate.Link.of(run.link or {}))
        if _noise_floor_pending(s, run):
            return {**out, "phase": "noise_floor", "seconds_left": round(total - min(noise_s, elapsed_s or 0.0), 1)}
        return {**out, "phase": "measuring", "point": 1, "round": 1, "seconds_left": round(total - start, 1)}
    i, r, f = locate_call(params, int(furthest))
    seconds = [float(p["seconds"]) for p in est_points]
    current = seconds[i] if i < len(seconds) else 0.0
    points_s = sum(seconds) or 1.0
    behind = sum(seconds[:i]) + (current * f if r == 0 else current)  # the points' time done, one round each
    rest_s = max(0.0, points_s - behind)
    if r > 0 and i < len(est_points):  # the repeat under way: its calls still to make
        rest_s += float(est_points[i].get("round_seconds") or 0) * (1 - f)
    return {**out, "phase": "measuring", "point": i + 1, "round": r + 1, "points_done": i,
            "share": min(1.0, behind / points_s),
            "seconds_left": round(_left_at_pace(start + behind, rest_s, start, total, elapsed_s), 1)}
