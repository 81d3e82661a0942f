"""A run as a Chrome Trace Event file (JSON object format), which Perfetto UI and chrome://tracing open.

One process per agent (pid 1 client, pid 2 server), one track per agent thread (tid = the thread column when
the database has one, else 0), each call as a complete event ("X") on the client with its steps nested inside,
each step as a complete event, and flow events ("s" → "f") from each send to the receive that ends it on the
other agent. Times are µs with three decimals (ns precision) from the run's first call, server times moved onto
the client's clock (services/exports/clock.py). Streamed call by call: memory stays at one chunk."""

import json
from collections.abc import Iterator
from dataclasses import dataclass

from sqlalchemy import text
from sqlalchemy.orm import Session

from perflab.analysis.step_codes import describe_code, side_of
from perflab.core.db import Database
from perflab.models import Agent, Run
from perflab.services.exports.clock import ClockAlignment, align

CLIENT_PID, SERVER_PID = 1, 2
CALL_CODE = 0  # the call itself, on the client track, around its steps
CHUNK_CHARS = 256 * 1024
FETCH_ROWS = 5_000
# (name, sending step code, receiving step code): the arrow goes from the start of the send to the end of the
# step in which the other side's first bytes arrived. One line per message kind a new step set brings.
FLOWS = (("request", 1, 101), ("reply", 103, 2))


@dataclass(frozen=True)
class TracePlan:
    run_id: int
    origin_ns: int
    clock: ClockAlignment
    thread_columns: tuple[bool, bool]  # (calls has `thread`, steps has `thread`)
    client_label: str
    server_label: str


def _has_column(s: Session, table: str, column: str) -> bool:
    return bool(s.scalar(text("SELECT count(*) FROM information_schema.columns WHERE table_name = :t "
                              "AND column_name = :c AND table_schema = current_schema()"), {"t": table, "c": column}))


def plan(s: Session, run: Run) -> TracePlan:
    """Everything decided before the first byte is sent (so errors are still plain HTTP answers)."""
    origin = s.scalar(text("SELECT min(start_ns) FROM calls WHERE run_id = :r"), {"r": run.id})
    if origin is None:
        origin = s.scalar(text("SELECT min(start_ns) FROM steps WHERE run_id = :r AND code < 100"), {"r": run.id})
    client, server = s.get(Agent, run.client_agent_id), s.get(Agent, run.server_agent_id)
    return TracePlan(run.id, int(origin or 0), align(s, run),
                     (_has_column(s, "calls", "thread"), _has_column(s, "steps", "thread")),
                     f"client {client.name} ({client.host})", f"server {server.name} ({server.host})")


def _us(ns: float) -> str:
    return f"{ns / 1000:.3f}"


class _Writer:
    def __init__(self, plan_: TracePlan):
        self.plan = plan_
        self.offset = plan_.clock.offset_ns
        self.threads: set[tuple[int, int]] = set()
        self.names: dict[int, str] = {}
        self.parts: list[str] = []
        self.size = 0

    def emit(self, event: str) -> None:
        self.parts.append(",\n" + event)
        self.size += len(event) + 2

    def take(self) -> str:
        out = "".join(self.parts)
        self.parts, self.size = [], 0
        return out

    def thread(self, pid: int, tid: int) -> None:
        if (pid, tid) not in self.threads:
            self.threads.add((pid, tid))
            self.emit(f'{{"ph":"M","name":"thread_name","pid":{pid},"tid":{tid},"args":{{"name":"thread {tid}"}}}}')

    def name(self, code: int) -> str:
        if code not in self.names:
            self.names[code] = json.dumps("call" if code == CALL_CODE else describe_code(code).name)
        return self.names[code]

    def ts(self, code: int, ns: int) -> float:
        """ns relative to the origin, server times moved onto the client's clock."""
        shifted = ns - self.offset if code != CALL_CODE and side_of(code) != "client" else ns
        return shifted - self.plan.origin_ns

    def call(self, call_no: int, rows: list[tuple]) -> None:
        ends: dict[int, tuple[int, int, float, float]] = {}  # code → (pid, tid, start, end) of its first step
        for code, start_ns, end_ns, flags, tid in rows:
            pid = CLIENT_PID if code == CALL_CODE or side_of(code) == "client" else SERVER_PID
            self.thread(pid, tid)
            start, end = self.ts(code, start_ns), self.ts(code, end_ns)
            cat = "call" if code == CALL_CODE else side_of(code)
            args = (f'{{"call_no":{call_no},"rtt_ns":{end_ns - start_ns},"flags":{flags}}}' if code == CALL_CODE
                    else f'{{"call_no":{call_no},"code":{code},"duration_ns":{end_ns - start_ns}}}')
            self.emit(f'{{"ph":"X","name":{self.name(code)},"cat":"{cat}","pid":{pid},"tid":{tid},'
                      f'"ts":{_us(start)},"dur":{_us(end - start)},"args":{args}}}')
            ends.setdefault(code, (pid, tid, start, end))
        for k, (flow, send, receive) in enumerate(FLOWS):
            if send in ends and receive in ends:
                spid, stid, sstart, _ = ends[send]
                rpid, rtid, rstart, rend = ends[receive]
                flow_id = call_no * len(FLOWS) + k + 1
                # "f" with bp "e" binds to the slice enclosing ts: 1 ns before the receiving step ends
                fts = max(rstart, rend - 1)
                self.emit(f'{{"ph":"s","id":{flow_id},"name":"{flow}","cat":"flow","pid":{spid},"tid":{stid},'
                          f'"ts":{_us(sstart)}}}')
                self.emit(f'{{"ph":"f","bp":"e","id":{flow_id},"name":"{flow}","cat":"flow","pid":{rpid},'
                          f'"tid":{rtid},"ts":{_us(fts)}}}')


def _header(p: TracePlan) -> str:
    other = {"perflab_run_id": p.run_id, "origin_ns": p.origin_ns, "clock_alignment": p.clock.as_dict(),
             "time_unit": "ts and dur in µs (three decimals: ns) from origin_ns of the client's clock"}
    meta = [
        {"ph": "M", "name": "process_name", "pid": CLIENT_PID, "args": {"name": p.client_label}},
        {"ph": "M", "name": "process_sort_index", "pid": CLIENT_PID, "args": {"sort_index": 0}},
        {"ph": "M", "name": "process_name", "pid": SERVER_PID, "args": {"name": p.server_label}},
        {"ph": "M", "name": "process_sort_index", "pid": SERVER_PID, "args": {"sort_index": 1}},
    ]
    return ('{"displayTimeUnit":"ns","otherData":' + json.dumps(other, ensure_ascii=False) + ',"traceEvents":[\n'
            + ",\n".join(json.dumps(m, ensure_ascii=False) for m in meta))


def stream_trace(db: Database, p: TracePlan) -> Iterator[bytes]:
    calls_thread = "thread" if p.thread_columns[0] else "0"
    steps_thread = "thread" if p.thread_columns[1] else "0"
    query = (f"SELECT call_no, 0, start_ns, start_ns + rtt_ns, flags, {calls_thread} FROM calls WHERE run_id = %(r)s "
             f"UNION ALL SELECT call_no, code, start_ns, end_ns, 0, {steps_thread} FROM steps WHERE run_id = %(r)s "
             "ORDER BY 1, 2, 3")
    writer = _Writer(p)
    yield _header(p).encode()
    with db.engine.connect() as conn:
        raw = conn.connection.driver_connection
        with raw.cursor(name=f"trace_{p.run_id}") as cur:
            cur.execute(query, {"r": p.run_id})
            current, rows = None, []
            while batch := cur.fetchmany(FETCH_ROWS):
                for call_no, code, start_ns, end_ns, flags, tid in batch:
                    if call_no != current:
                        if rows:
                            writer.call(current, rows)
                            if writer.size >= CHUNK_CHARS:
                                yield writer.take().encode()
                        current, rows = call_no, []
                    rows.append((code, start_ns, end_ns, flags, tid))
            if rows:
                writer.call(current, rows)
        conn.rollback()
    yield (writer.take() + "\n]}\n").encode()
