"""A run's calls in PostgreSQL: table `call_blocks`, a row per BLOCK_CALLS calls of a batch, their columns
encoded by services/step_codec.py's scheme (encode_columns), with the block's call range, count and earliest
start so a window of calls reads only the blocks that overlap it and a run's bounds are an index scan. A 1M-call
run is ~250 rows (it was a million of 130 B each): deleting or archiving it touches those.

The only reader and writer of the table, as services/step_store.py is of the steps'; every other module asks here."""

from collections.abc import Iterable

import numpy as np
import psycopg
from sqlalchemy import text
from sqlalchemy.orm import Session

from perflab.services import step_codec
from perflab.services.pg_copy import SIGNATURE, TRAILER
from perflab.services.step_store import blocks_overlapping, in_window

# 4,096 calls a block (~40 KB of columns): zstd has found the repeats well before that, and a reader holds a
# block's columns at a time (the trace export, a timeline window), not a whole batch's 65,536 (docs/scale.md)
BLOCK_CALLS = 4096
# the stored columns, in order; True: stored as its change from the call before (call numbers, times)
CALL_FIELDS = ("call_no", "point_no", "flags", "start_ns", "rtt_ns", "request_bytes", "response_bytes", "thread",
               "server_recv_ns", "server_send_ns", "retransmits", "send_lag_ns")
_DELTA = {"call_no", "start_ns", "server_recv_ns"}
RETRANSMITS_MAX = 32767  # the archive's (and the old table's) SMALLINT: a count past it is stored as it
COPY_BLOCKS = ("COPY call_blocks (run_id, call_lo, call_hi, n_calls, start_min, start_lo, data) "
               "FROM STDIN (FORMAT BINARY)")
ROW_OVERHEAD = 64  # a block row's bytes besides its data (tuple header, the other columns, its index entry)


class DuplicateCalls(ValueError):
    pass


def _encode(calls: dict[str, np.ndarray]) -> bytes:
    cols = dict(calls)
    cols["server_send_ns"] = calls["server_send_ns"] - calls["server_recv_ns"]  # the server's time: small
    return step_codec.encode_columns([(cols[k], k in _DELTA) for k in CALL_FIELDS])


def decode_block(data: bytes, fields: tuple[str, ...] = CALL_FIELDS) -> dict[str, np.ndarray]:
    """A block's calls, the columns of `fields` only."""
    return decode_blocks([data], fields)


def decode_blocks(blocks: list[bytes], fields: tuple[str, ...] = CALL_FIELDS) -> dict[str, np.ndarray]:
    """Several blocks' calls as one set of columns (`fields` only), the blocks' in turn, decoded all at once."""
    need = set(fields) | ({"server_recv_ns"} if "server_send_ns" in fields else set())
    columns = step_codec.decode_columns(blocks, {i for i, k in enumerate(CALL_FIELDS) if k in need})
    if not blocks:
        return _empty(fields)
    calls = {k: v for k, v in zip(CALL_FIELDS, columns) if v is not None}
    if "server_send_ns" in calls:
        calls["server_send_ns"] += calls["server_recv_ns"]
    return {k: calls[k] for k in fields}


def block_rows(calls: dict[str, np.ndarray]) -> list[tuple[int, int, int, int, int, bytes]]:
    """(call_lo, call_hi, n_calls, start_min, start_lo, data) per block of the calls, each block in call order; a
    column left out is zeros (as the old table's later columns were for older agents)."""
    rows = []
    n = len(calls["call_no"])
    by_call = np.argsort(calls["call_no"], kind="stable")
    for at in range(0, n, BLOCK_CALLS):
        pick = by_call[at:at + BLOCK_CALLS]
        part = {k: np.asarray(calls[k])[pick].astype(np.int64) if k in calls else np.zeros(len(pick), np.int64)
                for k in CALL_FIELDS}
        part["retransmits"] = np.minimum(part["retransmits"], RETRANSMITS_MAX)
        rows.append((int(part["call_no"][0]), int(part["call_no"][-1]), len(pick), int(part["start_ns"].min()),
                     int(part["start_ns"][0]), _encode(part)))
    return rows


def copy_payload(run_id: int, rows: list[tuple[int, int, int, int, int, bytes]]) -> bytes:
    """A binary COPY stream of the blocks (a handful of rows: built field by field)."""
    out = [SIGNATURE]
    for call_lo, call_hi, n, start_min, start_lo, data in rows:
        out += [b"\x00\x07"]
        out += [b"\x00\x00\x00\x04" + v.to_bytes(4, "big", signed=True) for v in (run_id, call_lo, call_hi, n)]
        out += [b"\x00\x00\x00\x08" + v.to_bytes(8, "big", signed=True) for v in (start_min, start_lo)]
        out += [len(data).to_bytes(4, "big", signed=True), data]
    out.append(TRAILER)
    return b"".join(out)


def check_new(cur: psycopg.Cursor, run_id: int, call_no: np.ndarray) -> None:
    """Raises DuplicateCalls when a call number is stored for the run already (the old table's primary key did
    this): the blocks whose range overlaps the new calls' are decoded and compared. The caller holds the run's
    row lock, so no other batch of the run is stored meanwhile."""
    if not len(call_no):
        return
    cur.execute("SELECT data FROM call_blocks WHERE run_id = %s AND call_lo <= %s AND call_hi >= %s",
                (run_id, int(call_no.max()), int(call_no.min())), binary=True)
    for (data,) in cur.fetchall():
        stored = decode_block(bytes(data), ("call_no",))["call_no"]
        if np.isin(call_no, stored, assume_unique=True).any():
            raise DuplicateCalls("calls already stored for this run")


def write_calls(cur: psycopg.Cursor, run_id: int, calls: dict[str, np.ndarray]) -> int:
    """Store calls (the CALL_FIELDS columns) in the caller's transaction; returns the blocks written."""
    if len(calls["call_no"]) == 0:
        return 0
    rows = block_rows(calls)
    with cur.copy(COPY_BLOCKS) as cp:
        cp.write(copy_payload(run_id, rows))
    return len(rows)


def _empty(fields: Iterable[str]) -> dict[str, np.ndarray]:
    return {k: np.empty(0, np.int64) for k in fields}


def _keep(calls: dict[str, np.ndarray], from_call: int | None, to_call: int | None) -> dict[str, np.ndarray]:
    lo = 0 if from_call is None else np.searchsorted(calls["call_no"], from_call)
    hi = len(calls["call_no"]) if to_call is None else np.searchsorted(calls["call_no"], to_call)
    return calls if (lo, hi) == (0, len(calls["call_no"])) else {k: v[lo:hi] for k, v in calls.items()}


def _in_order(calls: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Blocks' calls in call order: blocks of overlapping ranges (threads' calls interleave) sorted, stably."""
    no = calls["call_no"]
    if len(no) > 1 and not (no[1:] > no[:-1]).all():
        by_call = np.argsort(no, kind="stable")
        calls = {k: v[by_call] for k, v in calls.items()}
    return calls


def read_calls(cur: psycopg.Cursor, run_id: int, from_call: int | None = None, to_call: int | None = None,
               fields: tuple[str, ...] = CALL_FIELDS) -> dict[str, np.ndarray]:
    """A run's calls as int64 columns (`fields`, call_no always among them) in call order, those of calls
    [from_call, to_call) when given."""
    fields = ("call_no",) + tuple(f for f in fields if f != "call_no")
    where, params = blocks_overlapping(run_id, from_call, to_call)
    cur.execute(f"SELECT data FROM call_blocks WHERE {where} ORDER BY call_lo, id", params, binary=True)
    calls = decode_blocks([data for (data,) in cur.fetchall()], fields)
    keep = in_window(calls["call_no"], from_call, to_call)
    return _in_order(calls if keep is None else {k: v[keep] for k, v in calls.items()})


class CallWindows:
    """A run's calls window by window, the windows in ascending call order: each block fetched and decoded once,
    when a window first reaches it, and let go once the windows pass its last call (memory stays at the blocks
    open at one call range, whatever the run's size)."""

    def __init__(self, cur: psycopg.Cursor, run_id: int, fields: tuple[str, ...] = CALL_FIELDS):
        self.cur, self.fields = cur, ("call_no",) + tuple(f for f in fields if f != "call_no")
        cur.execute("SELECT id, call_lo, call_hi FROM call_blocks WHERE run_id = %s ORDER BY call_lo, id", (run_id,))
        self.pending = cur.fetchall()
        self.open: list[tuple[int, dict]] = []  # (call_hi, calls)

    def window(self, first: int, end: int) -> dict[str, np.ndarray]:
        """Calls [first, end), in call order."""
        while self.pending and self.pending[0][1] < end:
            block_id, _, call_hi = self.pending.pop(0)
            self.cur.execute("SELECT data FROM call_blocks WHERE id = %s", (block_id,), binary=True)
            self.open.append((call_hi, decode_block(bytes(self.cur.fetchone()[0]), self.fields)))
        parts = [_keep(calls, first, end) for _, calls in self.open]
        self.open = [(hi, calls) for hi, calls in self.open if hi >= end]
        parts = [p for p in parts if len(p["call_no"])]
        if len(parts) < 2:
            return parts[0] if parts else _empty(self.fields)
        return _in_order({k: np.concatenate([p[k] for p in parts]) for k in self.fields})


def bounds(s: Session, run_id: int) -> tuple[int, int | None, int | None, int | None]:
    """(calls stored, lowest call_no, highest call_no, earliest start_ns) of a run: None for a run with none."""
    n, low, high, start = s.execute(text(
        "SELECT coalesce(sum(n_calls), 0), min(call_lo), max(call_hi), min(start_min) FROM call_blocks "
        "WHERE run_id = :r"), {"r": run_id}).one()
    return int(n), low, high, start


def call_range(cur: psycopg.Cursor, run_id: int) -> tuple[int | None, int | None]:
    """(lowest call_no, highest call_no) of a run's calls, (None, None) for none."""
    cur.execute("SELECT min(call_lo), max(call_hi) FROM call_blocks WHERE run_id = %s", (run_id,))
    return cur.fetchone()


def first_call_start(s: Session, run_id: int) -> int | None:
    """The start of the run's lowest-numbered call (an index lookup)."""
    return s.scalar(text("SELECT start_lo FROM call_blocks WHERE run_id = :r ORDER BY call_lo LIMIT 1"),
                    {"r": run_id})


def stored_bytes(s: Session, run_ids: list[int]) -> dict[int, int]:
    """Bytes each run's call blocks hold (their data as stored plus a row's overhead each)."""
    return dict(s.execute(text(
        f"SELECT run_id, sum(pg_column_size(data) + {ROW_OVERHEAD}) FROM call_blocks WHERE run_id = ANY(:ids) "
        "GROUP BY run_id"), {"ids": list(run_ids)}).all())


def delete_calls(s: Session, run_id: int) -> int:
    """Removes a run's blocks; returns the rows deleted."""
    return s.execute(text("DELETE FROM call_blocks WHERE run_id = :r"), {"r": run_id}).rowcount


def cursor(s: Session) -> psycopg.Cursor:
    """A raw psycopg cursor on the session's connection (a context manager), for read_calls and write_calls."""
    return s.connection().connection.driver_connection.cursor()
