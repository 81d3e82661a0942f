"""The tails analysis (analysis/tails.py) as exports: the percentile table as CSV (a registered table, so the
Export menu and docs/exports.md list it) and the points' HDR histograms as one HdrHistogram log (.hlog), each
point an interval tagged `point=N`, then each step of each point (the step's summed time per measured call) tagged
`point=N;step=NAME`, for HistogramLogAnalyzer and HdrHistogram's own tools."""

from sqlalchemy.orm import Session

import numpy as np

from perflab.analysis import hdr_histogram as hdr
from perflab.analysis.step_codes import describe_code
from perflab.models import Analysis, Run
from perflab.services.analyses import read_trace
from perflab.services.exports.registry import Column, TableUnavailable, per_point, register
from perflab.services.exports.tables import analysis_table


def percentile_rows(result: dict) -> list[dict]:
    return [{"point_no": p["point_no"], "loop": p.get("loop", result.get("loop", "closed")), "percentile": r["name"],
             "p": format(r["p"], "g"), "value_ns": r["value_ns"], "ci95_low_ns": r["ci_low_ns"], "ci95_high_ns": r["ci_high_ns"],
             "rests_on_calls": r["rests_on"], "calls": p["calls"], "no_interval_reason": r["reason"] or ""}
            for p in result["points"] for r in p["percentiles"]]


PERCENTILES = register(analysis_table(
    "percentiles", "tails", "per point p50, p90, p99, p99.9, p99.99 and the maximum of the measured calls' latency, "
    "with distribution-free 95% intervals (order statistics)", per_point(
        Column("loop", "closed (the next call waits for the last: a stall hides the calls it kept from being "
                       "sent) | open (latency from each call's intended send)"),
        Column("percentile", "p50 | p90 | p99 | p99.9 | p99.99 | max"),
        Column("p", "the percentile as a fraction (max: 1), all its digits"),
        Column("value_ns", "the call of rank ceil(p × calls) in latency order (nearest rank)", "ns"),
        Column("ci95_low_ns", "95% interval, low end: an order statistic from Binomial(calls, p); empty when the "
                              "calls are too few", "ns"),
        Column("ci95_high_ns", "95% interval, high end", "ns"),
        Column("rests_on_calls", "calls at or above value_ns"),
        Column("calls", "measured calls of the point"),
        Column("no_interval_reason", "why there is no interval, when there is none"),
    ), rows=percentile_rows))


def hlog(s: Session, run: Run) -> str:
    """The run's points' HDR histograms as an HdrHistogram log; TableUnavailable when the run has no tails."""
    stored = s.get(Analysis, (run.id, "tails"))
    result = stored.result if stored is not None and isinstance(stored.result, dict) else None
    if result is None:
        raise TableUnavailable(f"run {run.id} has no 'tails' analysis stored: its HDR histograms are computed by it")
    if result.get("available") is False:
        raise TableUnavailable(f"the 'tails' analysis of run {run.id} has no histograms: "
                               f"{result.get('reason') or result.get('error') or 'not available'}")
    points = [(f"point={p['point_no']}", p["hdr"]) for p in result.get("points", []) if p.get("hdr")]
    if not points:
        raise TableUnavailable(f"run {run.id} has no measured calls to histogram")
    start = run.started_at.timestamp() if getattr(run, "started_at", None) else 0.0
    comment = (f"perflab run {run.id}: latency in ns of each point's measured calls, "
               f"{result.get('loop', 'closed')} loop; one interval per point, tagged point=N, then one per step of "
               f"each point, tagged point=N;step=NAME (the step's time per call, summed where it ran more than once)")
    return hdr.log_text(points + step_histograms(s, run.id), start, comment)


def step_histograms(s: Session, run_id: int) -> list[tuple[str, str]]:
    """Each point's steps as histograms of their per-call time over the measured calls that ran them, built from
    the stored steps when asked (a run's steps would be a few hundred histograms to store for an export)."""
    tr = read_trace(s, run_id)
    out = []
    for p in tr.points:
        rows = tr.measured & (tr.point_no == p)
        for j, code in enumerate(tr.codes):
            ran = rows & (tr.count[:, j] > 0)
            if np.any(ran):
                out.append((f"point={p};step={describe_code(int(code)).name}", hdr.encode(hdr.build(tr.duration[ran, j]))))
    return out
