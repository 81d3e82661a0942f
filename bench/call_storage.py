#!/usr/bin/env python3
"""call_storage_bytes_per_call and the two call layouts side by side (docs/scale.md, "Calls in blocks"): the same
synthetic ping-pong run (bench/analysis_1m_steps_s.py's, 166,667 calls of 6 steps, 1 M steps) stored in one fresh
embedded PostgreSQL in each layout, a batch of 10,000 calls at a time as the agents send them:

  rows    the calls table until migration 0014: a row per call, primary key (run_id, call_no)
  blocks  the chosen layout (services/call_store.py): 4,096 calls a row, step_codec's columns, zstd level 1

For each: bytes per call on disk (pg_total_relation_size growth: heap, TOAST and indexes) and, with the run's
steps in their blocks, bytes per step of the whole run; the calls' COPY in calls/s (a transaction per batch);
the whole run read into numpy (what the analyses read), a timeline window (calls 20,000 to 22,000) and the CSV
export (rows: COPY … TO as the export made it before; blocks: the lines made in numpy), in ms; deleting the run's
calls in ms and the rows it touched. A line each, `call_storage_bytes_per_call` (blocks) first."""

import sys
import time

import numpy as np
import psycopg

from analysis_1m_steps_s import synth
from bench_backend import fresh_database
from perflab.services import call_store, step_store
from perflab.services.exports import call_lines
from perflab.services.pg_copy import binary_copy_payload, read_int64_columns
from step_storage import median_ms

BATCH_CALLS = 10_000
WINDOW = (20_000, 22_000)
TYPES = dict(zip(call_store.CALL_FIELDS, ("int4", "int2", "int2", "int8", "int8", "int4", "int4", "int2", "int8",
                                          "int8", "int2", "int8")))
PG = {"int2": "smallint", "int4": "int", "int8": "bigint"}
OLD_CSV = ("COPY (SELECT call_no, point_no, start_ns, start_ns + rtt_ns, rtt_ns, request_bytes, response_bytes, "
           "flags, CASE WHEN flags & 1 <> 0 THEN 'true' ELSE 'false' END, CASE WHEN flags & 2 <> 0 THEN 'true' ELSE "
           "'false' END, CASE WHEN flags & 4 <> 0 THEN 'true' ELSE 'false' END, retransmits, send_lag_ns FROM calls "
           "WHERE run_id = %s ORDER BY call_no) TO STDOUT (FORMAT CSV)")


class Rows:
    name, table = "rows", "calls"
    ddl = ("CREATE TABLE calls (run_id int NOT NULL, " + ", ".join(f"{k} {PG[t]} NOT NULL" for k, t in TYPES.items())
           + ", PRIMARY KEY (run_id, call_no))")

    def write(self, cur, run_id, calls):
        with cur.copy(f"COPY calls (run_id, {', '.join(TYPES)}) FROM STDIN (FORMAT BINARY)") as cp:
            cp.write(binary_copy_payload([("run_id", "int4", np.full(len(calls["call_no"]), run_id))] +
                                         [(k, t, calls[k]) for k, t in TYPES.items()]))

    def read(self, cur, run_id, first=None, end=None):
        where = "calls WHERE run_id = %s" + ("" if first is None else " AND call_no >= %s AND call_no < %s")
        args = (run_id,) if first is None else (run_id, first, end)
        return read_int64_columns(cur, where, list(TYPES.items()), args, order_by="call_no",
                                  chunk_by="call_no >> 14")

    def csv(self, cur, run_id) -> int:
        with cur.copy(OLD_CSV, (run_id,)) as cp:
            return sum(len(chunk) for chunk in cp)

    def delete(self, cur, run_id) -> int:
        cur.execute("DELETE FROM calls WHERE run_id = %s", (run_id,))
        return cur.rowcount


class Blocks:
    name, table, ddl = "blocks", "call_blocks", None

    def write(self, cur, run_id, calls):
        call_store.write_calls(cur, run_id, calls)

    def read(self, cur, run_id, first=None, end=None):
        return call_store.read_calls(cur, run_id, first, end)

    def csv(self, cur, run_id) -> int:
        return sum(len(call_lines.csv_lines(w)) for w in call_lines.call_windows(cur, run_id))

    def delete(self, cur, run_id) -> int:
        cur.execute("DELETE FROM call_blocks WHERE run_id = %s", (run_id,))
        return cur.rowcount


def size(cur, table: str) -> int:
    cur.execute(f"SELECT pg_total_relation_size('{table}')")
    return cur.fetchone()[0]


def measure(conn, layout, run_id: int, calls: dict, steps: dict) -> dict:
    n = len(calls["call_no"])
    with conn.cursor() as cur:
        if layout.ddl:
            cur.execute(layout.ddl)
        empty, empty_steps = size(cur, layout.table), size(cur, "step_blocks")
        step_store.write_steps(cur, run_id, steps)
        step_bytes = size(cur, "step_blocks") - empty_steps
    conn.commit()
    t0 = time.perf_counter()
    for first in range(0, n, BATCH_CALLS):
        with conn.cursor() as cur:
            layout.write(cur, run_id, {k: v[first:first + BATCH_CALLS] for k, v in calls.items()})
        conn.commit()
    ingest_s = time.perf_counter() - t0
    with conn.cursor() as cur:
        call_bytes = size(cur, layout.table) - empty
        whole = layout.read(cur, run_id)
        assert all(np.array_equal(whole[k], calls[k]) for k in TYPES), layout.name  # every value back
        read_ms = median_ms(lambda: layout.read(cur, run_id), 3)
        window_ms = median_ms(lambda: layout.read(cur, run_id, *WINDOW))
        t0 = time.perf_counter()
        csv_bytes = layout.csv(cur, run_id)
        csv_ms = (time.perf_counter() - t0) * 1000
        assert csv_bytes > 40 * n, (layout.name, csv_bytes)
        t0 = time.perf_counter()
        rows = layout.delete(cur, run_id)
    conn.commit()
    delete_ms = (time.perf_counter() - t0) * 1000
    return {"bytes_per_call": call_bytes / n, "bytes_per_step": (call_bytes + step_bytes) / len(steps["call_no"]),
            "ingest": n / ingest_s, "read": read_ms, "window": window_ms, "csv": csv_ms, "delete": delete_ms,
            "rows": rows}


def main() -> int:
    n = 166_667
    calls, steps = synth(n, np.random.default_rng(7))
    rng = np.random.default_rng(8)
    calls = {k: np.asarray(calls.get(k, np.zeros(n, np.int64)), dtype=np.int64) for k in TYPES}
    calls["thread"] = np.arange(n) % 4
    calls["flags"][:5] = 1  # warm-up, then first calls
    calls["retransmits"] = (rng.random(n) < 0.001).astype(np.int64)
    results = {}
    with fresh_database("perflab-bench-calls-") as (url, _):
        with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://")) as conn:
            for run_id, layout in enumerate((Blocks(), Rows()), start=1):
                results[layout.name] = measure(conn, layout, run_id, calls, steps)
    print(f"call_storage_bytes_per_call: {results['blocks']['bytes_per_call']:.2f} B")
    for name, r in results.items():
        print(f"call_layout_{name}_bytes_per_call: {r['bytes_per_call']:.2f} B")
        print(f"call_layout_{name}_run_bytes_per_step: {r['bytes_per_step']:.2f} B")
        print(f"call_layout_{name}_ingest_calls_per_s: {r['ingest']:.0f} calls/s")
        print(f"call_layout_{name}_whole_run_ms: {r['read']:.0f} ms")
        print(f"call_layout_{name}_window_2k_calls_ms: {r['window']:.1f} ms")
        print(f"call_layout_{name}_csv_ms: {r['csv']:.0f} ms")
        print(f"call_layout_{name}_delete_ms: {r['delete']:.1f} ms")
        print(f"call_layout_{name}_delete_rows: {r['rows']}")
    print(f"({n:,} calls, {len(steps['call_no']):,} steps, batches of {BATCH_CALLS:,} calls)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
