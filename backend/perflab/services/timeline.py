"""A run's calls and steps for the timeline view, in columns (one list per field), read packed in binary.

Times are sent relative to `origin_ns` (the first call's start in the whole run) so they stay well inside the
exact range of a JavaScript double, whatever the agent's clock reads."""

import numpy as np
from sqlalchemy import text
from sqlalchemy.orm import Session

from perflab.analysis.step_codes import describe_code
from perflab.services.pg_copy import read_columns


def timeline(s: Session, run_id: int, from_call: int, to_call: int | None, max_calls: int) -> dict:
    bounds = s.execute(text("SELECT count(*), min(start_ns), max(call_no) FROM calls WHERE run_id = :r"),
                       {"r": run_id}).one()
    total, origin, last_call = int(bounds[0] or 0), bounds[1], bounds[2]
    end = from_call + max_calls if to_call is None else min(to_call, from_call + max_calls)
    raw = s.connection().connection.driver_connection
    with raw.cursor() as cur:
        calls = read_columns(
            cur, "calls WHERE run_id = %s AND call_no >= %s AND call_no < %s",
            [("call_no", "int4"), ("flags", "int2"), ("start_ns", "int8"), ("rtt_ns", "int8"), ("thread", "int2")],
            (run_id, from_call, end), order_by="call_no")
        steps = read_columns(
            cur, "steps WHERE run_id = %s AND call_no >= %s AND call_no < %s",
            [("call_no", "int4"), ("code", "int2"), ("start_ns", "int8"), ("end_ns", "int8")],
            (run_id, from_call, end), order_by="call_no, start_ns")
    origin = int(origin) if origin is not None else 0
    codes = sorted({int(c) for c in np.unique(steps["code"])})
    more = last_call is not None and int(last_call) >= end
    return {
        "unit": "ns",
        "origin_ns": origin,
        "from_call": from_call,
        "to_call": end,
        "total_calls": total,
        "next_call": end if more else None,
        "calls": {"call_no": calls["call_no"].tolist(), "flags": calls["flags"].tolist(),
                  "start_ns": (calls["start_ns"] - origin).tolist(), "rtt_ns": calls["rtt_ns"].tolist(),
                  "thread": calls["thread"].tolist()},  # the caller thread: the timeline's per-thread tracks
        "steps": {"call_no": steps["call_no"].tolist(), "code": steps["code"].tolist(),
                  "start_ns": (steps["start_ns"] - origin).tolist(),
                  "end_ns": (steps["end_ns"] - origin).tolist()},
        "codes": [{"code": c, "name": describe_code(c).name, "side": describe_code(c).side,
                   "paper": describe_code(c).paper} for c in codes],
    }
