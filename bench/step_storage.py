#!/usr/bin/env python3
"""storage_bytes_per_step and the step layouts side by side (docs/scale.md, "Compact step storage"): the same
synthetic RPC run (bench/analysis_1m_rpc_steps_s.py's, about 1,000,000 steps of 54,600 calls, jittered as
measured steps are), stored in a fresh embedded PostgreSQL in each candidate layout, each as the agents send it
(a client batch and a server batch per 2,000 calls, each batch's steps call by call):

  rows      today's until migration 0011: a row per step (run_id, call_no, code, start_ns, end_ns), BRIN on run
  arrays    a row per batch of PostgreSQL arrays (int4[] calls, int2[] codes, int8[] starts and ends), TOAST
            compression (pglz: the embedded server is built without lz4)
  blocks    the chosen layout (services/step_store.py): 16,384 steps a row, delta/zigzag columns at their
            narrowest width in byte planes, zstd level 1
  blocks-64k the same at 65,536 steps a row

For each: bytes per step on disk (pg_total_relation_size: heap, TOAST and indexes), ingest in steps/s (payloads
built and COPYed, a transaction per batch), the whole run read into numpy (what the analyses read), a timeline
window (calls 20,000 to 40,000, ordered by call and start) and one call's steps, in ms (median of 5), and the
steps CSV (rows: PostgreSQL's blocks of lines as the export made them before migration 0012; blocks: the export's
lines made in numpy) in steps/s: a line each, `storage_bytes_per_step` (blocks) first."""

import statistics
import sys
import time

import numpy as np
import psycopg

from bench_backend import fresh_database
from analysis_1m_rpc_steps_s import synth
from perflab.analysis.step_codes import STEP_CODES
from perflab.services import step_store
from perflab.services.exports import step_lines
from perflab.services.exports.csv_stream import pg_csv_field
from perflab.services.pg_copy import binary_copy_payload, read_int64_columns

BATCH_CALLS = 2_000
WINDOW = (20_000, 40_000)
ONE_CALL = 33_333
FIELDS = step_store.STEP_FIELDS


def batches(steps: dict) -> list[dict]:
    """The steps as the agents' batches: per 2,000 calls a client batch then a server batch, call by call."""
    out = []
    server = steps["code"] >= 100
    for first in range(0, int(steps["call_no"].max()) + 1, BATCH_CALLS):
        in_range = (steps["call_no"] >= first) & (steps["call_no"] < first + BATCH_CALLS)
        for side in (~server, server):
            pick = np.flatnonzero(in_range & side)
            pick = pick[np.argsort(steps["call_no"][pick], kind="stable")]
            out.append({k: steps[k][pick] for k in FIELDS})
    return out


class Rows:
    name = "rows"
    ddl = ["CREATE TABLE steps_rows (run_id int NOT NULL, call_no int NOT NULL, code smallint NOT NULL, "
           "start_ns bigint NOT NULL, end_ns bigint NOT NULL)",
           "CREATE INDEX ON steps_rows USING brin (run_id)"]
    table = "steps_rows"

    def write(self, cur, run_id, b):
        with cur.copy("COPY steps_rows FROM STDIN (FORMAT BINARY)") as cp:
            cp.write(binary_copy_payload([("run_id", "int4", np.full(len(b["call_no"]), run_id)),
                                          ("call_no", "int4", b["call_no"]), ("code", "int2", b["code"]),
                                          ("start_ns", "int8", b["start_ns"]), ("end_ns", "int8", b["end_ns"])]))

    def read(self, cur, run_id, first=None, end=None):
        where = "steps_rows WHERE run_id = %s" + (" AND call_no >= %s AND call_no < %s" if first is not None else "")
        params = (run_id,) + ((first, end) if first is not None else ())
        return read_int64_columns(cur, where, [("call_no", "int4"), ("code", "int2"), ("start_ns", "int8"),
                                               ("end_ns", "int8")], params,
                                  order_by="call_no, start_ns" if first is not None else None,
                                  chunk_by="call_no >> 12")


    def csv(self, cur, run_id) -> int:
        """The steps CSV as the export wrote it before migration 0012: PostgreSQL's blocks of lines (a string_agg
        per 1,024 calls, ordered by call, code, start; the code's name, side and paper as constants), bytes."""
        codes = sorted(STEP_CODES.values(), key=lambda c: c.code)
        whens = " ".join(f"WHEN {c.code} THEN %(step_{c.code})s" for c in codes)
        line = (f"concat_ws(',', s.call_no, COALESCE(CASE s.code {whens} END, s.code || ',step.' || s.code || "
                "',kernel,\"\"'), s.start_ns, s.end_ns, s.end_ns - s.start_ns)")
        cur.execute("SET work_mem = '256MB'")
        cur.execute(f"SELECT string_agg({line}, E'\\n' ORDER BY s.call_no, s.code, s.start_ns) || E'\\n' FROM "
                    "steps_rows s WHERE s.run_id = %(run_id)s GROUP BY s.call_no / 1024 ORDER BY s.call_no / 1024",
                    {"run_id": run_id, **{f"step_{c.code}": ",".join([str(c.code), *(pg_csv_field(v) for v in (
                        c.name, c.side, c.paper))]) for c in codes}}, binary=True)
        size = 0
        while rows := cur.fetchmany(64):
            size += sum(len(r[0]) for r in rows)
        cur.execute("RESET work_mem")
        return size


class Arrays:
    name = "arrays"
    ddl = ["CREATE TABLE steps_arrays (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, run_id int NOT NULL, "
           "call_lo int NOT NULL, call_hi int NOT NULL, call_no int[], code smallint[], start_ns bigint[], "
           "end_ns bigint[])",
           "CREATE INDEX ON steps_arrays (run_id, call_lo)"]
    table = "steps_arrays"

    def write(self, cur, run_id, b):
        cur.execute("INSERT INTO steps_arrays (run_id, call_lo, call_hi, call_no, code, start_ns, end_ns) VALUES "
                    "(%s, %s, %s, %s, %s, %s, %s)", (run_id, int(b["call_no"].min()), int(b["call_no"].max()),
                                                     *(b[k].tolist() for k in FIELDS)))

    def read(self, cur, run_id, first=None, end=None):
        where = " AND call_hi >= %s AND call_lo < %s" if first is not None else ""
        cur.execute(f"SELECT call_no, code, start_ns, end_ns FROM steps_arrays WHERE run_id = %s{where} ORDER BY id",
                    (run_id,) + ((first, end) if first is not None else ()), binary=True)
        parts = cur.fetchall()
        out = {k: np.concatenate([np.asarray(p[i], dtype=np.int64) for p in parts]) for i, k in enumerate(FIELDS)}
        return _window(out, first, end)


class Blocks:
    table = "step_blocks"
    ddl: list[str] = []  # the migrated schema's own table

    def __init__(self, block_steps: int, name: str):
        self.block_steps, self.name = block_steps, name

    def write(self, cur, run_id, b):
        step_store.BLOCK_STEPS = self.block_steps
        step_store.write_steps(cur, run_id, b)

    def read(self, cur, run_id, first=None, end=None):
        return step_store.read_steps(cur, run_id, first, end,
                                     order=("call_no", "start_ns") if first is not None else ())

    def csv(self, cur, run_id) -> int:
        """The steps CSV as the export writes it (services/exports/step_lines.py), bytes."""
        return sum(len(step_lines.csv_lines(w)) for w in step_lines.step_windows(cur, run_id))


def _window(steps, first, end):
    if first is None:
        return steps
    keep = (steps["call_no"] >= first) & (steps["call_no"] < end)
    steps = {k: v[keep] for k, v in steps.items()}
    by = np.lexsort((steps["start_ns"], steps["call_no"]))
    return {k: v[by] for k, v in steps.items()}


def median_ms(fn, rounds=5) -> float:
    times = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def measure(conn, layout, run_id: int, parts: list[dict], n: int) -> dict:
    with conn.cursor() as cur:
        for sql in layout.ddl:
            cur.execute(sql)
        cur.execute(f"SELECT pg_total_relation_size('{layout.table}')")
        empty = cur.fetchone()[0]  # the blocks' table holds the other block size's run too: its growth is this one
    conn.commit()
    t0 = time.perf_counter()
    for b in parts:
        with conn.cursor() as cur:
            layout.write(cur, run_id, b)
        conn.commit()
    ingest_s = time.perf_counter() - t0
    with conn.cursor() as cur:
        cur.execute(f"SELECT pg_total_relation_size('{layout.table}')")
        size = cur.fetchone()[0] - empty
        whole = layout.read(cur, run_id)
        assert len(whole["call_no"]) == n, (layout.name, len(whole["call_no"]), n)
        read_ms = median_ms(lambda: layout.read(cur, run_id), 3)
        window_ms = median_ms(lambda: layout.read(cur, run_id, *WINDOW))
        one_ms = median_ms(lambda: layout.read(cur, run_id, ONE_CALL, ONE_CALL + 1))
        assert len(layout.read(cur, run_id, ONE_CALL, ONE_CALL + 1)["call_no"]) > 0
        csv_s = None
        if hasattr(layout, "csv"):
            t0 = time.perf_counter()
            csv_bytes = layout.csv(cur, run_id)
            csv_s = time.perf_counter() - t0
            assert csv_bytes > 40 * n, (layout.name, csv_bytes)
    conn.commit()
    return {"bytes": size / n, "ingest": n / ingest_s, "read": read_ms, "window": window_ms, "one": one_ms,
            "csv": n / csv_s if csv_s else None}


def main() -> int:
    calls, steps = synth(54_600, np.random.default_rng(7))
    steps = {k: np.asarray(steps[k], dtype=np.int64) for k in FIELDS}
    parts = batches(steps)
    n = sum(len(p["call_no"]) for p in parts)
    layouts = [Blocks(16384, "blocks"), Rows(), Arrays(), Blocks(65536, "blocks-64k")]
    results = {}
    with fresh_database("perflab-bench-storage-") as (url, _):
        with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://")) as conn:
            for run_id, layout in enumerate(layouts, start=1):
                results[layout.name] = measure(conn, layout, run_id, parts, n)
    step_store.BLOCK_STEPS = 16384
    print(f"storage_bytes_per_step: {results['blocks']['bytes']:.2f} B")
    for name, r in results.items():  # every layout's figures, one line each
        name = name.replace("-", "_")
        print(f"step_layout_{name}_bytes_per_step: {r['bytes']:.2f} B")
        print(f"step_layout_{name}_ingest_steps_per_s: {r['ingest']:.0f} steps/s")
        print(f"step_layout_{name}_whole_run_ms: {r['read']:.0f} ms")
        print(f"step_layout_{name}_window_20k_calls_ms: {r['window']:.1f} ms")
        print(f"step_layout_{name}_one_call_ms: {r['one']:.2f} ms")
        if r["csv"]:
            print(f"step_layout_{name}_csv_steps_per_s: {r['csv']:.0f} steps/s")
    print(f"({n:,} steps of {len(parts)} batches)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
