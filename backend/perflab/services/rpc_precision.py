"""What an RPC client reports about its rounds and noise floor (agents/src/jobs/job_rpc.c), read back for the API,
and the run's calls_total settled to the calls the client made once rounds ended early."""

import statistics

from pydantic import ValidationError
from sqlalchemy import select
from sqlalchemy.orm import Session

from perflab.kinds import kind_of
from perflab.models import Job, Run, RunStatus
from perflab.services.ingest import call_no_limit
from perflab.schemas.precision import NoiseFloor, PointRounds, RunPrecision


def settle_calls_total(s: Session, job: Job, state: str, result: dict | None) -> None:
    """A done client says how many calls it made: that, not the worst case launched with (every point max_rounds),
    is what the run's progress counts to (a run whose points met their target early ends at 100 %)."""
    if job.role != "client" or state != "done" or not isinstance(result, dict):
        return
    made = result.get("calls_made")
    run = s.get(Run, job.run_id)
    if run is None or not kind_of(run.kind).rounds or not isinstance(made, int) or isinstance(made, bool):
        return
    if RunStatus(run.status) in (RunStatus.failed, RunStatus.cancelled):
        return
    if 0 <= made <= call_no_limit(run.params, run.calls_total):
        run.calls_total = made


def _valid(model, raw):
    try:
        return model.model_validate(raw)
    except ValidationError:
        return None  # an agent's malformed entry is left out rather than failing the run page


def precision_of(s: Session, run: Run) -> RunPrecision | None:
    if not kind_of(run.kind).rounds:
        return None
    params = run.params or {}
    client = s.scalars(select(Job).where(Job.run_id == run.id, Job.role == "client")).first()
    result = (client.result if client else None) or {}
    rounds = result.get("rounds") if isinstance(result.get("rounds"), dict) else {}
    points = [p for p in (_valid(PointRounds, raw) for raw in rounds.get("points") or []) if p is not None]
    floor = _valid(NoiseFloor, result["noise_floor"]) if isinstance(result.get("noise_floor"), dict) else None
    target = float(params.get("ci_target_pct") or 0)
    pcts = [p.ci95_pct for p in points if p.ci95_pct is not None]
    return RunPrecision(
        ci_target_pct=target, max_rounds=int(params.get("max_rounds") or 1),
        noise_floor_calls=int(params.get("noise_floor_calls") or 0), noise_floor=floor, points=points,
        points_meeting_target=sum(1 for p in points if p.met) if target > 0 and points else None,
        median_ci95_pct=statistics.median(pcts) if pcts else None)
