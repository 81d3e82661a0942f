"""A run's steps in PostgreSQL: table `step_blocks`, a row per block of up to BLOCK_STEPS steps of one batch
(services/step_codec.py encodes it), with the block's call range so a window of calls reads only the blocks that
overlap it. A 1M-call RPC run (24 M steps) is a few hundred rows: deleting or archiving it touches those.

The only reader and writer of the table; every other module asks here."""

import numpy as np
import psycopg

from perflab.services import step_codec
from perflab.services.pg_copy import SIGNATURE, TRAILER

# 16,384 steps a block (a few thousand calls): zstd finds the repeats of a call's codes and the timing's low bytes
# well before that (docs/scale.md), a timeline window decodes little beyond it, the CSV export holds a few at once
BLOCK_STEPS = 16384
COPY_BLOCKS = "COPY step_blocks (run_id, call_lo, call_hi, n_steps, data) FROM STDIN (FORMAT BINARY)"
STEP_FIELDS = ("call_no", "code", "start_ns", "end_ns")


def block_rows(steps: dict[str, np.ndarray]) -> list[tuple[int, int, int, bytes]]:
    """(call_lo, call_hi, n_steps, data) per block of the steps, in their order."""
    n = len(steps["call_no"])
    rows = []
    for at in range(0, n, BLOCK_STEPS):
        part = {k: np.asarray(steps[k][at:at + BLOCK_STEPS]) for k in STEP_FIELDS}
        calls = part["call_no"]
        rows.append((int(calls.min()), int(calls.max()), len(calls), step_codec.encode(*(part[k] for k in STEP_FIELDS))))
    return rows


def copy_payload(run_id: int, rows: list[tuple[int, int, int, bytes]]) -> bytes:
    """A binary COPY stream of the blocks (a handful of rows: built field by field)."""
    out = [SIGNATURE]
    for call_lo, call_hi, n, data in rows:
        out += [b"\x00\x05", b"\x00\x00\x00\x04", run_id.to_bytes(4, "big", signed=True),
                b"\x00\x00\x00\x04", call_lo.to_bytes(4, "big", signed=True),
                b"\x00\x00\x00\x04", call_hi.to_bytes(4, "big", signed=True),
                b"\x00\x00\x00\x04", n.to_bytes(4, "big", signed=True),
                len(data).to_bytes(4, "big", signed=True), data]
    out.append(TRAILER)
    return b"".join(out)


def write_steps(cur: psycopg.Cursor, run_id: int, steps: dict[str, np.ndarray] | np.ndarray) -> int:
    """Store steps (columns call_no, code, start_ns, end_ns) in the caller's transaction; returns the blocks
    written."""
    if len(steps["call_no"]) == 0:
        return 0
    rows = block_rows(steps)
    with cur.copy(COPY_BLOCKS) as cp:
        cp.write(copy_payload(run_id, rows))
    return len(rows)


def blocks_overlapping(run_id: int, from_call: int | None, to_call: int | None) -> tuple[str, list[int]]:
    """The WHERE clause (and its parameters) of a run's blocks, steps' or calls', that hold calls [from_call,
    to_call): each block keeps its call range, so a window reads only the blocks it overlaps."""
    where, params = "run_id = %s", [run_id]
    if from_call is not None:
        where += " AND call_hi >= %s"
        params.append(from_call)
    if to_call is not None:
        where += " AND call_lo < %s"
        params.append(to_call)
    return where, params


def in_window(call_no: np.ndarray, from_call: int | None, to_call: int | None) -> np.ndarray | None:
    """Which of the blocks' rows are of calls [from_call, to_call) (a block overlapping the window holds others
    too); None when all are."""
    if from_call is None and to_call is None:
        return None
    keep = np.ones(len(call_no), dtype=bool)
    if from_call is not None:
        keep &= call_no >= from_call
    if to_call is not None:
        keep &= call_no < to_call
    return None if keep.all() else keep


def read_steps(cur: psycopg.Cursor, run_id: int, from_call: int | None = None, to_call: int | None = None,
               order: tuple[str, ...] = ()) -> dict[str, np.ndarray]:
    """A run's steps as int64 columns, those of calls [from_call, to_call) when given; in the order stored
    (blocks by id, each in the agent's order), or sorted by the fields of `order` (stable: ties keep it)."""
    where, params = blocks_overlapping(run_id, from_call, to_call)
    cur.execute(f"SELECT data FROM step_blocks WHERE {where} ORDER BY id", params, binary=True)
    steps = step_codec.decode_many([data for (data,) in cur.fetchall()])
    keep = in_window(steps["call_no"], from_call, to_call)
    if keep is not None:
        steps = {k: v[keep] for k, v in steps.items()}
    if order:
        by = np.lexsort(tuple(steps[k] for k in reversed(order)))
        steps = {k: v[by] for k, v in steps.items()}
    return steps


def count_steps(cur: psycopg.Cursor, run_id: int) -> int:
    cur.execute("SELECT coalesce(sum(n_steps), 0) FROM step_blocks WHERE run_id = %s", (run_id,))
    return int(cur.fetchone()[0])
