"""A finished run's analyses: its rows read once (calls and steps decoded from their blocks,
services/call_store.py and services/step_store.py), every analysis of
perflab.analysis.run_analyses run on them, each result stored in `analyses` under its kind, plus an index row
(kind 'analyses'). Computed once when the run ends (services/analysis_worker.py), served from storage; while a
worker process has them to compute, a read says how far it is (services/analysis_progress.py) instead."""

import logging
import math
from concurrent.futures import ThreadPoolExecutor
import time

import numpy as np
from sqlalchemy import bindparam, func, select, text
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from perflab.analysis import trace as trace_mod
from perflab.analysis.run_analyses import KINDS, compute  # noqa: F401 - KINDS is served by the API
from perflab.core import read_replica
from perflab.models import Agent, Analysis, Batch, Job, Point, Run, RunStatus
from perflab.services import analysis_progress, call_store, step_store
from perflab.services.agent_clocks import share_clock

log = logging.getLogger("perflab.analyses")
INDEX = "analyses"
# 11: the model's verdict from the run's own numbers (model_applies.run_verdict); the tail attribution's bootstrap
# draws at most 500 calls a resample
# 10: a tail's attribution takes the calls above its percentile, not the percentile's own call with them; a load
# sweep's knee is where the rise lasts to the highest rate, a blip below it named
# 12: a mean's bootstrap interval of its values in ascending order, so one point's mean has one interval
# 9: latency from the intended send (open-loop points: RTT + send lag) in the tails, each point labelled by its loop;
# the load kind (the sweep's hockey stick, knee and open-network model)
# 8: kind `tails` (analysis/tails.py): per point percentiles to p99.99 with intervals, HDR histogram, spectrum,
# which segment makes the tail
# 7: calls no single path follows (a window resent after a timeout) left out of the round trip path, their excess
# the network's segment and the demands' retransmissions delay; on a wire the transit beyond its frames is link_delay
# 6: a retransmitted request's timeout wait is the round trip path's "request retransmission wait" (the
# network's), no longer negative client gaps
# 5: the model's solver per point, bounds, one base per think time, the wire carved out of unstamped transits;
# 4: one clock read subtracted per timed segment (was probe_ns); 3: bootstrap intervals, same-clock fits at 0,
# regression caveats; 2: RPC step rows, first calls
# 13: RTT on request size fitted per group of points sharing every other swept setting, with the slope's interval
# 14: the ANOVA across sizes only when size alone varies (else withheld with the reason: it pooled unlike points)
FORMAT = 14
FINISHED = (RunStatus.done.value, RunStatus.failed.value, RunStatus.cancelled.value)


CALL_FIELDS = ("call_no", "point_no", "flags", "start_ns", "rtt_ns", "request_bytes", "response_bytes", "thread",
               "server_recv_ns", "server_send_ns", "send_lag_ns")


def read_trace(s: Session, run_id: int) -> trace_mod.Trace:
    """The calls on a connection of their own while this one reads and decodes the steps (the run is finished,
    its rows committed, so both connections see the same ones)."""
    def read_calls() -> dict:
        with s.get_bind().connect() as other, other.connection.driver_connection.cursor() as cur:
            calls = call_store.read_calls(cur, run_id, fields=CALL_FIELDS)
            other.rollback()
            return calls

    with ThreadPoolExecutor(1) as pool:
        calls_job = pool.submit(read_calls)
        with s.connection().connection.driver_connection.cursor() as cur:
            steps = step_store.read_steps(cur, run_id)
        calls = calls_job.result()
    return trace_mod.build(calls, steps)


def _json(v):
    """JSON that PostgreSQL accepts: plain numbers, no NaN or infinity (stored as null)."""
    t = type(v)  # the plain types first, by identity: a run's results are thousands of them
    if t is float:
        return v if math.isfinite(v) else None
    if t is int or t is str or t is bool or v is None:
        return v
    if t is dict:
        return {str(k): _json(x) for k, x in v.items()}
    if t is list:
        return [_json(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _json(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_json(x) for x in v]
    if isinstance(v, (float, np.floating)):
        return float(v) if np.isfinite(v) else None
    if isinstance(v, np.integer):
        return int(v)
    return v


def _probe_costs(s: Session, run_id: int) -> dict[str, float]:
    """What the probe adds to each timed segment, per side, from what its agent reported with the job status
    (jobs.probe): one clock read (`clock_read_ns`). Consecutive steps share the read at their boundary, so a
    segment holds one read, not the two of `probe_ns` (a standalone probe): a null RPC's empty steps (c.end,
    c.post_send: nothing but the read) record 9-10 ns where the agent's clock_read_ns is 11.4 and probe_ns 19.5.
    {"client": ns, "server": ns}, a side left out when unknown."""
    if not hasattr(Job, "probe"):
        return {}
    out = {}
    for job in s.scalars(select(Job).where(Job.run_id == run_id)):
        probe = getattr(job, "probe", None) or {}
        if isinstance(probe.get("clock_read_ns"), (int, float)):
            out[job.role] = float(probe["clock_read_ns"])
    return out


def _store(s: Session, run_id: int, kind: str, batches: int, result: dict) -> None:
    result = _json(result)
    s.execute(insert(Analysis).values(run_id=run_id, kind=kind, batches_seen=batches, result=result)
              .on_conflict_do_update(constraint="pk_analyses",
                                     set_={"batches_seen": batches, "result": result, "computed_at": func.now()}))


def _noise_floor(s: Session, run_id: int) -> dict | None:
    """The RPC client's idle null RPC (its job result's noise_floor): the model's verdict weighs its spread."""
    result = s.scalar(select(Job.result).where(Job.run_id == run_id, Job.role == "client"))
    floor = (result or {}).get("noise_floor") if isinstance(result, dict) else None
    return floor if isinstance(floor, dict) else None


def analyse(s: Session, run: Run, record=None) -> dict:
    """Compute and store every analysis of a run; returns the index. record(done) hears how many kinds are done as
    each completes: by default that goes to analysis_progress, where reads find it while a worker runs."""
    began = time.perf_counter()
    record = record or analysis_progress.recorder(s.get_bind(), run.id, len(KINDS))
    record(0)  # also resets what a worker killed mid-way left
    batches = _batches(s, run.id)
    client, server = s.get(Agent, run.client_agent_id), s.get(Agent, run.server_agent_id)
    same_clock = share_clock(client, server)
    points = {p.point_no: p.params for p in s.scalars(select(Point).where(Point.run_id == run.id))}
    run_params = {**(run.params or {}), "probe_cost_ns": _probe_costs(s, run.id), "link": run.link or {},
                  "server_cpus": (server.capabilities or {}).get("cpus") if server else None,
                  "noise_floor": _noise_floor(s, run.id)}
    try:
        tr = read_trace(s, run.id)
        results = compute(tr, points, run_params, same_clock, on_kind=record)
        for kind, result in results.items():
            _store(s, run.id, kind, batches, {"format": FORMAT, **result})
        index = {"format": FORMAT, "kinds": sorted(results), "error": None,
                 "seconds": round(time.perf_counter() - began, 3), "calls": int(len(tr.call_no))}
    except Exception as e:  # a run whose data no analysis can read is marked, not retried every second
        log.exception("analysis of run %s failed", run.id)
        index = {"format": FORMAT, "kinds": [], "error": f"{type(e).__name__}: {e}"}
    _store(s, run.id, INDEX, batches, index)
    analysis_progress.clear(s, run.id)
    return index


def _batches(s: Session, run_id: int) -> int:
    return s.scalar(select(func.count()).select_from(Batch).where(Batch.run_id == run_id)) or 0


def _current(s: Session, run: Run, index: Analysis | None) -> bool:
    """The stored analyses are of this format and saw every batch stored for the run (a server's last steps can
    arrive after the run was closed)."""
    return index is not None and index.result.get("format") == FORMAT and index.batches_seen == _batches(s, run.id)


def needs_analysis(s: Session, run: Run) -> bool:
    if run.status not in FINISHED:
        return False
    return not _current(s, run, s.get(Analysis, (run.id, INDEX), populate_existing=True))


# finished runs never analysed first (oldest first), then those analysed by an older format or before batches that
# arrived later: what the worker takes, so a read can leave every one of them to it
_WAITING = text("""
    SELECT r.id FROM runs r LEFT JOIN analyses a ON a.run_id = r.id AND a.kind = :index
    WHERE r.status IN :finished
      AND (a.run_id IS NULL OR (a.result ->> 'format') IS DISTINCT FROM :format
           OR a.batches_seen <> (SELECT count(*) FROM batches b WHERE b.run_id = r.id))
    ORDER BY a.run_id IS NOT NULL, r.id LIMIT :limit""").bindparams(bindparam("finished", expanding=True))


def waiting_for_analysis(s: Session, limit: int) -> list[int]:
    return list(s.scalars(_WAITING, {"index": INDEX, "finished": list(FINISHED), "format": str(FORMAT),
                                     "limit": limit}))


def stored(s: Session, run: Run, kind: str) -> dict | None:
    """A stored analysis. A finished run analysed by an older format, not yet, or before batches that arrived
    later is a worker's to analyse while one runs (Analysing: how far it is); with none running, it is analysed
    now, once."""
    if run.status not in FINISHED:
        return None
    index = s.get(Analysis, (run.id, INDEX), populate_existing=True)
    if not _current(s, run, index) and read_replica.read_primary_instead(s):
        # a replica's read: only the primary knows the workers (their advisory locks), and may store the analyses
        index = s.get(Analysis, (run.id, INDEX), populate_existing=True)
    if not _current(s, run, index):
        if analysis_progress.workers_alive(s):
            raise analysis_progress.Analysing(run.id, *analysis_progress.progress(s, run.id, len(KINDS)))
        analyse(s, run)
    row = s.get(Analysis, (run.id, kind), populate_existing=True)
    return row.result if row is not None and row.result.get("format") == FORMAT else None


def clock_of(s: Session, run: Run) -> dict:
    """The run's `clock` analysis as stored (analysed now when it is not yet and no worker runs), or why there is
    none (a worker still analysing the run, say)."""
    try:
        found = stored(s, run, "clock")
    except analysis_progress.Analysing as e:
        return {"available": False, "reason": str(e)}
    if found is not None:
        return found
    index = s.get(Analysis, (run.id, INDEX))
    error = index.result.get("error") if index is not None else None
    return {"available": False, "reason": f"the run's analyses failed ({error})" if error
            else f"run {run.id} is {run.status}: no clock analysis until it has finished"}
