"""Anomaly notes for a report: plain sentences about what in a run deserves a second look.

Rules on the summary and the run itself, plus any notes an analysis stored (a list of strings under "notes"
or "anomalies" in its result), so analyses added later show up in the report without a change here."""

from sqlalchemy import select
from sqlalchemy.orm import Session

from perflab.models import Analysis, Run

# a flagged point's reason codes (analysis/model_vs_measured.py) as the report prints them, not "(above_model_band)"
REASON_WORDS = {"above_model_band": "above the model's band", "below_model_band": "below the model's band",
                "slow_start": "calls through slow-start"}
HEAVY_TAIL = 10.0  # p99.9 or the first call this many times the median is worth a sentence


def _us(ns: float) -> str:
    return f"{ns / 1000:,.1f} µs"


def notes_for(s: Session, run: Run, summary: dict) -> list[dict]:
    notes: list[dict] = []

    def add(kind: str, text: str) -> None:
        notes.append({"kind": kind, "text": text})

    if run.status != "done":
        add("failure", f"The run {'was ' if run.status == 'cancelled' else ''}{run.status}: "
                       f"{run.reason or 'no reason recorded'}. The report shows what was measured before.")
    if run.calls_done < run.calls_total:
        add("incomplete", f"{run.calls_done:,} of {run.calls_total:,} calls were recorded.")
    total = run.calls_done or 0
    if summary.get("error_calls"):
        pct = 100 * summary["error_calls"] / total if total else 0
        n = summary["error_calls"]
        add("errors", f"{n:,} call{'s' if n != 1 else ''} ({pct:.2f} %) timed out or read short; "
                      f"{'they are' if n != 1 else 'it is'} left out of the statistics.")
    rtt = summary.get("rtt")
    first = summary.get("first_call")
    if rtt and first and rtt["median_ns"] > 0 and first["rtt_ns"] > HEAVY_TAIL * rtt["median_ns"]:
        add("first-call", f"The first call took {_us(first['rtt_ns'])}, {first['rtt_ns'] / rtt['median_ns']:.0f}× "
                          "the median (connection set-up, cold caches); it is reported apart.")
    if rtt and rtt["median_ns"] > 0 and rtt["p999_ns"] > HEAVY_TAIL * rtt["median_ns"]:
        add("tail", f"Heavy tail: p99.9 is {_us(rtt['p999_ns'])}, {rtt['p999_ns'] / rtt['median_ns']:.0f}× the "
                    f"median ({_us(rtt['median_ns'])}); look for scheduling or interrupt interference.")
    elif rtt and rtt["median_ns"] > 0 and (rtt.get("max_ns") or 0) > HEAVY_TAIL * rtt["median_ns"]:
        # a few outliers above a quiet p99.9: said, so "no heavy tail" never stands beside a 148 ms max
        add("tail", f"Outliers: the slowest call took {_us(rtt['max_ns'])}, {rtt['max_ns'] / rtt['median_ns']:.0f}× "
                    f"the median ({_us(rtt['median_ns'])}), though p99.9 is {_us(rtt['p999_ns'])}: a few stalls, "
                    "not a heavy tail.")
    if rtt and rtt["count"] < 30:
        add("sample", f"Only {rtt['count']} measured calls: percentiles above p90 rest on very few calls.")
    stored = s.scalars(select(Analysis).where(Analysis.run_id == run.id).order_by(Analysis.kind)).all()
    for a in stored:
        if a.kind == "model_vs_measured":  # the model's verdicts: each flagged point explains itself
            for v in a.result.get("rows") or []:
                if isinstance(v, dict) and v.get("anomaly") and v.get("explanation"):
                    add("model", f"{v['explanation']} ({' and '.join(REASON_WORDS.get(r, r) for r in v.get('reasons') or [])})")
        for key in ("notes", "anomalies"):
            for item in a.result.get(key) or []:
                text = item if isinstance(item, str) else (item.get("text") if isinstance(item, dict) else None)
                if text:
                    add(a.kind, str(text))
    return notes
