"""The tables perflab exports today. Column order is a contract (docs/exports.md): add columns at the end."""

from collections.abc import Callable

import numpy as np
from sqlalchemy import text
from sqlalchemy.orm import Session

from perflab.analysis.call_flags_generated import FLAG_ERROR, FLAG_WARMUP
from perflab.analysis.stats import STAT_ROWS
from perflab.models import Analysis, Run
from perflab.services import call_store, results
from perflab.services.exports.point_params import point_cells, point_parameters
from perflab.services.exports import call_lines, step_lines
from perflab.services.exports.registry import (POINT_COLUMN_NAMES, Column, ExportTable, GeneratedSource,
                                               RowsSource, TableUnavailable, per_point, register)


# which step a row is about, in every table with a row per step
STEP_IDENTITY = (
    Column("code", "step code (agents/STEPS.md)"),
    Column("name", "step name, e.g. c.send"),
    Column("side", "client | server | kernel"),
    Column("paper_step", "nearest step of the DCE RPC paper (1995), e.g. C8"),
)

CALLS = register(ExportTable(
    name="calls",
    description="every call of the run, in call order",
    columns=(
        Column("call_no", "0-based across the run, warm-up calls first"),
        Column("point_no", "index of the run's point (parameter combination)"),
        Column("start_ns", "client send enter, client clock", "ns"),
        Column("end_ns", "client receive exit, client clock", "ns"),
        Column("rtt_ns", "round-trip time: end_ns - start_ns", "ns"),
        Column("request_bytes", "request size", "bytes"),
        Column("response_bytes", "response size", "bytes"),
        Column("flags", "raw flags: 1 warm-up, 2 first call, 4 error, 8 slow start (docs/protocol.md, the call flags)"),
        Column("warmup", "true for a warm-up call"),
        Column("first_call", "true for the run's first call"),
        Column("error", "true for a call that timed out or read short"),
        Column("retransmits", "retransmissions during the call: RPC over UDP the runtime's, over TCP the kernel's "
                              "(TCP_INFO); 0 from agents that did not count them"),
        Column("send_lag_ns", "open-loop arrivals: send start - intended send time (latency from the intended "
                              "time = rtt_ns + send_lag_ns); 0 in a closed loop and from older agents", "ns"),
    ),
    prepare=lambda s, run: GeneratedSource(csv=lambda db: call_lines.call_csv(db, run.id),
                                           rows=lambda cur, limit: call_lines.call_rows(cur, run.id, limit)),
    always_available=True,
))


def _steps_source(_: Session, run: Run) -> GeneratedSource:
    return GeneratedSource(csv=lambda db: step_lines.step_csv(db, run.id),
                           rows=lambda cur, limit: step_lines.step_rows(cur, run.id, limit))


STEPS = register(ExportTable(
    name="steps",
    description="every timed step of every call, client and server, ordered by call, code, start",
    columns=(
        Column("call_no", "the call the step belongs to"),
        *STEP_IDENTITY,
        Column("start_ns", "step start, the clock of the agent on that side", "ns"),
        Column("end_ns", "step end, same clock", "ns"),
        Column("duration_ns", "end_ns - start_ns", "ns"),
    ),
    prepare=_steps_source,
    always_available=True,
))


def _points_source(s: Session, run: Run) -> RowsSource:
    """Counts per point from the calls' blocks; the RTT of its measured calls from the run's stored summary (the numbers the
    run page shows, computed once); the point's parameters from point_params, as in every per-point table."""
    counts = s.execute(text(
        "SELECT point_no, params::text FROM points WHERE run_id = :run_id ORDER BY point_no"), {"run_id": run.id}).all()
    with call_store.cursor(s) as cur:
        calls = call_store.read_calls(cur, run.id, fields=("point_no", "flags"))
    size = max([p for p, _ in counts] + [int(calls["point_no"].max(initial=0))]) + 1
    tally = [np.bincount(calls["point_no"][mask], minlength=size).tolist()
             for mask in (slice(None), calls["flags"] & FLAG_WARMUP != 0, calls["flags"] & FLAG_ERROR != 0)]
    rtt = {pt["point_no"]: pt["rtt"] for pt in results.summary(s, run).get("points", [])}
    params = point_parameters(s, run)
    rows = []
    for point_no, params_json in counts:
        n_calls, warmup, errors = (t[point_no] for t in tally)
        st = rtt.get(point_no)
        described = ([st["count"], *(_round(st[k]) for k in _POINT_RTT_KEYS), int(st["min_ns"]), int(st["max_ns"])]
                     if st else [0, *[None] * 7])
        rows.append([point_no, *point_cells(params, point_no), n_calls, warmup, errors, *described, params_json])
    return RowsSource(rows)


_POINT_RTT_KEYS = ("mean_ns", "median_ns", "p90_ns", "p99_ns", "stddev_ns")  # then min and max, whole ns


POINTS = register(ExportTable(
    name="points",
    description="one row per point of the run's sweep: its parameters and the RTT of its measured calls (from the "
                "actual send, whatever the loop: an open-loop point's latency from the intended send is in percentiles)",
    columns=per_point(
        Column("calls", "all calls of the point (warm-up and errors included)"),
        Column("warmup_calls", "warm-up calls"),
        Column("error_calls", "calls that timed out or read short"),
        Column("measured_calls", "calls in the statistics: not warm-up, not a first call (flagged, or the point's "
                                 "first), no error"),
        Column("rtt_mean_ns", "mean RTT of the measured calls", "ns"),
        Column("rtt_median_ns", "median RTT (linear interpolation, as numpy)", "ns"),
        Column("rtt_p90_ns", "90th percentile of the RTT", "ns"),
        Column("rtt_p99_ns", "99th percentile of the RTT", "ns"),
        Column("rtt_stddev_ns", "sample standard deviation (n-1)", "ns"),
        Column("rtt_min_ns", "minimum", "ns"),
        Column("rtt_max_ns", "maximum", "ns"),
        Column("params_json", "the point's own parameters as stored, JSON (every swept one also has a column)"),
    ),
    prepare=_points_source,
    always_available=True,
))

def _round(v):
    return round(v, 3) if isinstance(v, float) else v


def stat_columns(mean_description: str) -> tuple[Column, ...]:
    """The statistics every per-step row carries, in analysis/stats.py STAT_ROWS's order."""
    return tuple(Column(name, mean_description if name == "mean_ns" else what, "" if name == "count" else "ns")
                 for name, what in STAT_ROWS)


def _step_stats_rows(s: Session, run: Run) -> RowsSource:
    summary = results.summary(s, run)
    return RowsSource([[st["code"], st["name"], st["side"], st["paper"], *(_round(st["stats"][k]) for k, _ in STAT_ROWS)]
                       for st in summary["steps"]])


STEP_STATS = register(ExportTable(
    name="step_stats",
    description="statistics of each step over the measured calls (the run page's Steps table)",
    columns=(
        *STEP_IDENTITY,
        *stat_columns("mean duration"),
    ),
    prepare=_step_stats_rows,
))


def _cell(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    return "" if v is None else _round(v)


def analysis_table(name: str, kind: str, description: str, columns: tuple[Column, ...],
                   rows: Callable[[dict], list[dict]] = lambda result: result.get("rows")) -> ExportTable:
    """A table stored by an analysis in `analyses` (kind): `rows(result)` adapts the stored result into row
    objects, each column read by its name; a run without that analysis gets a 409 saying so, as does a stored
    result without the table (its own reason or error passed on)."""

    names = {c.name for c in columns}

    def prepare(s: Session, run: Run) -> RowsSource:
        stored = s.get(Analysis, (run.id, kind))
        if stored is None:
            raise TableUnavailable(f"run {run.id} has no {kind!r} analysis: the {name} table is computed by that "
                                   f"analysis and it has not been stored for this run")
        result = stored.result if isinstance(stored.result, dict) else {}
        why = result.get("reason") or result.get("error")
        if result.get("available") is False:
            raise TableUnavailable(f"the {kind!r} analysis of run {run.id} has no {name} table: "
                                   f"{why or 'not available'}")
        try:
            table = rows(result)
        except TableUnavailable as e:  # the adapter read the result and found no table in it: its reason
            raise TableUnavailable(f"the {kind!r} analysis of run {run.id} has no {name} table: {e}") from e
        except (KeyError, TypeError, AttributeError) as e:
            table, why = None, f"its stored result has another shape ({type(e).__name__}: {e})"
        if not isinstance(table, list):
            raise TableUnavailable(f"the {kind!r} analysis of run {run.id} has no {name} table: "
                                   f"{why or 'no rows in its result'}")
        if POINT_COLUMN_NAMES[0] in names:  # a per-point table: its parameters from the run, not the analysis
            params = point_parameters(s, run)
            table = [{**row, **dict(zip(POINT_COLUMN_NAMES, point_cells(params, row.get("point_no"))))}
                     if isinstance(row, dict) else row for row in table]
        missing = sorted(names - {k for row in table if isinstance(row, dict) for k in row})
        if table and missing:  # a stored shape this entry does not know: refuse rather than export empty cells
            raise TableUnavailable(f"the {kind!r} analysis of run {run.id} stores rows without the {name} table's "
                                   f"columns {', '.join(missing)}: the export entry must follow its shape")
        return RowsSource([[_cell(row.get(c.name)) if isinstance(row, dict) else "" for c in columns]
                           for row in table])

    return ExportTable(name=name, description=description, columns=columns, prepare=prepare)
