"""The calls table as CSV, made from the decoded blocks (services/call_store.py): a window of calls at a time,
in call order, written as text in numpy (step_lines.joined_lines: no Python per line). The lines are those
COPY … (FORMAT CSV) wrote from the old table, byte for byte."""

from collections.abc import Iterator

import numpy as np

from perflab.analysis.call_flags_generated import FLAG_ERROR, FLAG_FIRST, FLAG_WARMUP
from perflab.core.db import Database
from perflab.services import call_store
from perflab.services.exports.step_lines import joined_lines, windowed_csv

WINDOW_CALLS = 16384  # ~1.5 MB of CSV at once
FIELDS = ("point_no", "start_ns", "rtt_ns", "request_bytes", "response_bytes", "flags", "retransmits", "send_lag_ns")
_FLAG_BITS = (FLAG_WARMUP, FLAG_FIRST, FLAG_ERROR)
# ",warmup,first_call,error," for each combination of the three flags (bit k: _FLAG_BITS[k] set)
_FLAG_TEXTS = [("," + ",".join("true" if combo >> k & 1 else "false" for k in range(3)) + ",").encode()
               for combo in range(8)]


def _row(c: dict[str, np.ndarray], i: int) -> list:
    start, rtt, flags = int(c["start_ns"][i]), int(c["rtt_ns"][i]), int(c["flags"][i])
    return [int(c["call_no"][i]), int(c["point_no"][i]), start, start + rtt, rtt, int(c["request_bytes"][i]),
            int(c["response_bytes"][i]), flags, *(flags & bit != 0 for bit in _FLAG_BITS), int(c["retransmits"][i]),
            int(c["send_lag_ns"][i])]


def csv_lines(c: dict[str, np.ndarray]) -> bytes:
    """Lines `call_no,point_no,start_ns,end_ns,rtt_ns,request_bytes,response_bytes,flags,warmup,first_call,error,
    retransmits,send_lag_ns` of the calls, in their order."""
    n = len(c["call_no"])
    if not n:
        return b""
    end = c["start_ns"] + c["rtt_ns"]
    if min(int(v.min()) for v in (*c.values(), end)) < 0:  # a clock below zero: Python, line by line
        rows = (_row(c, i) for i in range(n))
        return "".join(",".join(str(v).lower() for v in r) + "\n" for r in rows).encode()
    combo = sum((c["flags"] & bit != 0).astype(np.int64) << k for k, bit in enumerate(_FLAG_BITS))
    return joined_lines([c["call_no"], b",", c["point_no"], b",", c["start_ns"], b",", end, b",", c["rtt_ns"], b",",
                         c["request_bytes"], b",", c["response_bytes"], b",", c["flags"], (_FLAG_TEXTS, combo),
                         c["retransmits"], b",", c["send_lag_ns"], b"\n"])


def call_windows(cur, run_id: int) -> Iterator[dict[str, np.ndarray]]:
    low, high = call_store.call_range(cur, run_id)
    if low is None:
        return
    windows = call_store.CallWindows(cur, run_id, FIELDS)
    for first in range(low, high + 1, WINDOW_CALLS):
        calls = windows.window(first, first + WINDOW_CALLS)
        if len(calls["call_no"]):
            yield calls


def call_csv(db: Database, run_id: int) -> Iterator[bytes]:
    """The CSV lines, a window at a time."""
    return windowed_csv(db, run_id, call_windows, csv_lines)


def call_rows(cur, run_id: int, limit: int) -> list[list]:
    """The first `limit` rows (table.json), as values."""
    rows: list[list] = []
    for calls in call_windows(cur, run_id):
        rows += [_row(calls, i) for i in range(min(limit - len(rows), len(calls["call_no"])))]
        if len(rows) >= limit:
            break
    return rows
