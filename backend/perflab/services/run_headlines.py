"""A run's headline RTT for the runs list: the median RTT of each of its points, read from the run's stored
summary (services/results.py) in one query for a page of runs; the calls themselves are not read."""

from sqlalchemy import func, literal, select
from sqlalchemy.dialects.postgresql import JSONPATH
from sqlalchemy.orm import Session

from perflab.analysis.run_summary import SUMMARY_FORMAT
from perflab.models import Analysis

# the points' medians only: a summary also holds each point's exact RTTs (its ECDF), far too much for a list
_MEDIANS = func.jsonb_path_query_array(Analysis.result, literal("$.points[*].rtt.median_ns", JSONPATH))


def headlines(s: Session, run_ids: list[int]) -> dict[int, dict]:
    """{run id: {"stat": "median", "low_ns", "high_ns", "points"}} for the runs with a current summary and at
    least one measured point; a sweep's low and high are its fastest and slowest point's medians."""
    if not run_ids:
        return {}
    rows = s.execute(select(Analysis.run_id, _MEDIANS).where(
        Analysis.kind == "summary", Analysis.run_id.in_(run_ids),
        Analysis.result["format"].as_integer() == SUMMARY_FORMAT))
    out = {}
    for run_id, medians in rows:
        values = [float(m) for m in medians or [] if isinstance(m, (int, float))]
        if values:
            out[run_id] = {"stat": "median", "low_ns": min(values), "high_ns": max(values), "points": len(values)}
    return out
