"""Reading what a run measured: its summary (computed once per set of batches, then stored) and its calls."""

import numpy as np
from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from perflab.analysis.measured_calls import measured as measured_calls
from perflab.analysis.run_summary import SUMMARY_FORMAT, summarise
from perflab.analysis.open_loop import loop_of
from perflab.core import read_replica
from perflab.models import Analysis, Batch, Point, Run
from perflab.services import call_store, step_store


def summary(s: Session, run: Run) -> dict:
    batches = s.scalar(select(func.count()).select_from(Batch).where(Batch.run_id == run.id)) or 0
    cached = s.get(Analysis, (run.id, "summary"))
    if cached is not None and cached.batches_seen == batches and cached.result.get("format") == SUMMARY_FORMAT:
        return cached.result
    result = _compute_summary(s, run)
    if read_replica.reads_replica(s):
        return result  # computed where the pages read, stored by the workers or the next read on the primary
    s.execute(insert(Analysis).values(run_id=run.id, kind="summary", batches_seen=batches, result=result)
              .on_conflict_do_update(constraint="pk_analyses",
                                     set_={"batches_seen": batches, "result": result, "computed_at": func.now()}))
    return result


def _open_points(s: Session, run: Run, present) -> set[int]:
    """The present points run open loop: the run's params merged with each point's (its Point row, else its entry
    in params.points), as the analyses merge them."""
    base = run.params or {}
    own = {int(p.get("point_no", i)): p for i, p in enumerate(base.get("points") or []) if isinstance(p, dict)}
    own |= {p.point_no: p.params or {} for p in s.scalars(select(Point).where(Point.run_id == run.id))}
    return {int(p) for p in present if loop_of({**base, **own.get(int(p), {})}) == "open"}


def _compute_summary(s: Session, run: Run) -> dict:
    """The calls and the steps decoded from their blocks, straight into numpy, the join done in
    numpy: the planner has no statistics for a run's rows right after ingest, and a SQL join of millions of steps
    can go very wrong.
    An open-loop point's summary counts from each call's intended send (calls.send_lag_ns)."""
    run_id = run.id
    raw = s.connection().connection.driver_connection
    with raw.cursor() as cur:
        calls = call_store.read_calls(cur, run_id, fields=("rtt_ns", "flags", "point_no", "retransmits",
                                                           "send_lag_ns"))
        blocks = step_store.read_steps(cur, run_id)
    steps = {"call_no": blocks["call_no"], "code": blocks["code"],
             "duration_ns": blocks["end_ns"] - blocks["start_ns"]}
    # step statistics describe the same calls as the RTT statistics (analysis/measured_calls.py)
    measured = np.zeros(int(calls["call_no"].max()) + 1 if len(calls["call_no"]) else 0, dtype=bool)
    measured[calls["call_no"][measured_calls(calls["call_no"], calls["point_no"], calls["flags"])]] = True
    in_range = steps["call_no"] < len(measured)
    steps = {k: v[in_range] for k, v in steps.items()}
    keep = measured[steps["call_no"]]
    steps = {k: v[keep] for k, v in steps.items()}
    return summarise(calls["call_no"], calls["rtt_ns"], calls["flags"], steps["code"], steps["duration_ns"],
                     calls["point_no"], calls["retransmits"], calls["send_lag_ns"], _open_points(s, run, np.unique(calls["point_no"])))


def call_series(s: Session, run_id: int, max_points: int, point: int | None = None) -> dict:
    """The run's calls (or one point's), every stride-th call number so that at most about max_points come back."""
    fields = ("call_no", "rtt_ns", "flags", "point_no", "retransmits", "send_lag_ns")
    with call_store.cursor(s) as cur:
        calls = call_store.read_calls(cur, run_id, fields=fields)
    if point is not None:
        calls = {k: v[calls["point_no"] == point] for k, v in calls.items()}
    total = len(calls["call_no"])
    stride = max(1, -(-total // max_points))
    keep = calls["call_no"] % stride == 0
    return {**{k: calls[k][keep].tolist() for k in fields}, "stride": stride, "total": total}
