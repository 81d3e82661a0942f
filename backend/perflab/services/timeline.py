"""A run's calls and steps for the timeline view, in columns (one list per field), read packed in binary.

Times are sent relative to `origin_ns` (the first call's start in the whole run) so they stay well inside the
exact range of a JavaScript double, whatever the agent's clock reads."""

import json
import struct

import numpy as np
from sqlalchemy.orm import Session

from perflab.analysis.step_codes import describe_code
from perflab.services import call_store, step_store


def timeline_columns(s: Session, run_id: int, from_call: int, to_call: int | None, max_calls: int) -> dict:
    """The range's header fields and its columns as numpy arrays (times relative to origin_ns)."""
    total, _, last_call, origin = call_store.bounds(s, run_id)
    end = from_call + max_calls if to_call is None else min(to_call, from_call + max_calls)
    raw = s.connection().connection.driver_connection
    with raw.cursor() as cur:
        calls = call_store.read_calls(cur, run_id, from_call, end,
                                      fields=("flags", "start_ns", "rtt_ns", "thread", "retransmits"))
        # the blocks overlapping the window, decoded, the window's steps kept
        steps = step_store.read_steps(cur, run_id, from_call, end, order=("call_no", "start_ns"))
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
        "calls": {"call_no": calls["call_no"], "flags": calls["flags"], "start_ns": calls["start_ns"] - origin,
                  "rtt_ns": calls["rtt_ns"],
                  "thread": calls["thread"],  # the caller thread: the timeline's per-thread tracks
                  "retransmits": calls["retransmits"]},  # retransmissions during the call (docs/protocol.md)
        "steps": {"call_no": steps["call_no"], "code": steps["code"], "start_ns": steps["start_ns"] - origin,
                  "end_ns": steps["end_ns"] - origin},
        "codes": [{"code": c, "name": describe_code(c).name, "side": describe_code(c).side,
                   "paper": describe_code(c).paper} for c in codes],
    }


def timeline(s: Session, run_id: int, from_call: int, to_call: int | None, max_calls: int) -> dict:
    """The JSON answer (TimelineOut): every column a list of ints."""
    t = timeline_columns(s, run_id, from_call, to_call, max_calls)
    for group in ("calls", "steps"):
        t[group] = {k: v.tolist() for k, v in t[group].items()}
    return t


# The binary answer (format=binary): the same fields, its columns as little-endian typed arrays the browser views
# in place (no parse of a million numbers). Layout: b"PLTL", uint32 header length, the header as UTF-8 JSON (the
# JSON answer's fields without the columns, plus `columns`: name, dtype, offset from the body's start, length),
# zero padding to a multiple of 8, then the body, every column starting at a multiple of 8. Times are float64
# (exact to 2**53 ns, 104 days), call numbers int32, flags, threads, retransmits and codes int16.
BINARY_MAGIC = b"PLTL"
BINARY_MEDIA_TYPE = "application/vnd.perflab.timeline"
BINARY_DTYPES = {
    "calls": [("call_no", "<i4"), ("flags", "<i2"), ("start_ns", "<f8"), ("rtt_ns", "<f8"), ("thread", "<i2"),
              ("retransmits", "<i2")],
    "steps": [("call_no", "<i4"), ("code", "<i2"), ("start_ns", "<f8"), ("end_ns", "<f8")],
}
DTYPE_NAMES = {"<i4": "int32", "<i2": "int16", "<f8": "float64"}


def _pad8(n: int) -> int:
    return (8 - n % 8) % 8


def timeline_binary(s: Session, run_id: int, from_call: int, to_call: int | None, max_calls: int) -> bytes:
    t = timeline_columns(s, run_id, from_call, to_call, max_calls)
    parts: list[bytes] = []
    columns = []
    offset = 0
    for group, fields in BINARY_DTYPES.items():
        for name, dtype in fields:
            data = np.ascontiguousarray(t[group][name], dtype=dtype).tobytes()
            columns.append({"name": f"{group}.{name}", "dtype": DTYPE_NAMES[dtype], "offset": offset,
                            "length": len(data) // np.dtype(dtype).itemsize})
            parts += [data, bytes(_pad8(len(data)))]
            offset += len(data) + _pad8(len(data))
    head = {k: v for k, v in t.items() if k not in ("calls", "steps")}
    header = json.dumps({**head, "columns": columns}).encode()
    lead = BINARY_MAGIC + struct.pack("<I", len(header)) + header
    return b"".join([lead, bytes(_pad8(len(lead))), *parts])
