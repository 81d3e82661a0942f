"""A run as a Chrome Trace Event file (JSON object format), which Perfetto UI and chrome://tracing open.

One process per agent (pid 1 client, pid 2 server), one track per client thread (tid = calls.thread), the
server's steps on the track of the client thread they served, kernel steps on tracks of their own; each call as a
complete event ("X") on the client with its steps nested inside, each step as a complete event, and flow events
("s" → "f") from each send to the receive that ends it on the other agent (ping-pong and RPC steps alike). Times are µs with three decimals (ns precision) from the run's first call, server times moved onto
the client's clock by the run's clock analysis (services/exports/clock.py). Streamed call by call: memory stays
at one chunk, gzip-compressed on the way when asked (Perfetto UI opens a .json.gz as it is)."""

import json
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import numpy as np
from sqlalchemy.orm import Session

from perflab.analysis.step_codes import STEPS, describe_code, side_of
from perflab.core.db import Database
from perflab.models import Agent, Run
from perflab.services import call_store, step_store
from perflab.services.exports.clock import ClockAlignment, align

CLIENT_PID, SERVER_PID = 1, 2
CALL_CODE = 0  # the call itself, on the client track, around its steps
KERNEL_TID = 1000  # kernel steps get tracks of their own: KERNEL_TID + the caller's thread
OVERLAP_TID = 10_000  # a slice that would overlap without nesting goes on its track's tid + k × OVERLAP_TID
CHUNK_CHARS = 256 * 1024
WINDOW_CALLS = 512  # calls (and their steps) decoded and ordered at a time: a few thousand rows as Python values
# an event's mean size in the file, measured on a 48-point case study (34,200 calls, 1.0 M events; docs/exports.md)
JSON_BYTES_PER_EVENT = 116.0
GZIP_BYTES_PER_EVENT = 13.0


@dataclass(frozen=True)
class Flow:
    """A message between the agents: the arrow starts where the first present `sends` step starts and ends in
    the first present `receives` step on the other agent."""
    name: str
    index: int  # flow id = call_no × 2 + index, whatever step set carried the message
    sends: tuple[int, ...]
    receives: tuple[int, ...]


def _flow(name: str, index: int) -> Flow:
    """The message's steps from the step registry (agents/steps.toml): the steps that send it, and the ones that
    await it, then the ones that take it in without waiting (ping-pong c.send → s.wait, RPC c.sendmsg →
    s.idle)."""
    return Flow(name, index, sends=tuple(s.code for s in STEPS if s.sends == name),
                receives=tuple(s.code for s in STEPS if s.awaits == name)
                + tuple(s.code for s in STEPS if s.receives == name))


FLOWS = (_flow("request", 1), _flow("reply", 2))


def clock_side(code: int) -> str:
    """Whose clock stamped a step: kernel points 200–209 are the client's kernel, 210–299 the server's."""
    if code == CALL_CODE or code < 100 or 200 <= code < 210:
        return "client"
    return "server"


@dataclass(frozen=True)
class TracePlan:
    run_id: int
    origin_ns: int
    clock: ClockAlignment
    client_label: str
    server_label: str


def plan(s: Session, run: Run) -> TracePlan:
    """Everything decided before the first byte is sent (so errors are still plain HTTP answers)."""
    origin = call_store.bounds(s, run.id)[3]
    if origin is None:
        with s.connection().connection.driver_connection.cursor() as cur:
            steps = step_store.read_steps(cur, run.id)
        client = steps["start_ns"][steps["code"] < 100]
        origin = int(client.min()) if client.size else None
    client, server = s.get(Agent, run.client_agent_id), s.get(Agent, run.server_agent_id)
    return TracePlan(run.id, int(origin or 0), align(s, run),
                     f"client {client.name} ({client.host})", f"server {server.name} ({server.host})")


def _us(ns: float) -> str:
    return f"{ns / 1000:.3f}"


def _track(code: int, thread: int) -> tuple[int, int, str]:
    """(pid, tid, track name) of a step of a call made by the client's `thread`. The server's steps do not say
    which executor ran them, so they go on the track of the client thread they served (that thread's calls
    follow one another, so its server steps do not overlap)."""
    pid = CLIENT_PID if clock_side(code) == "client" else SERVER_PID
    if code >= 200:
        return pid, KERNEL_TID + thread, f"kernel · client thread {thread}"
    if pid == CLIENT_PID:
        return pid, thread, f"thread {thread}"
    return pid, thread, f"serving client thread {thread}"


class _Writer:
    def __init__(self, plan_: TracePlan):
        self.plan = plan_
        self.clock = plan_.clock
        self.threads: set[tuple[int, int]] = set()
        self.lanes: dict[tuple[int, int], list[list]] = {}  # track → per lane, its recent (start, end) slices
        self.horizon = float("-inf")  # the current call's first start: slices ending before it cannot overlap
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

    def thread(self, pid: int, tid: int, name: str) -> None:
        if (pid, tid) not in self.threads:
            self.threads.add((pid, tid))
            self.emit(f'{{"ph":"M","name":"thread_name","pid":{pid},"tid":{tid},"args":{{"name":"{name}"}}}}')
            self.emit(f'{{"ph":"M","name":"thread_sort_index","pid":{pid},"tid":{tid},'
                      f'"args":{{"sort_index":{tid}}}}}')

    def name(self, code: int) -> str:
        if code not in self.names:
            self.names[code] = json.dumps("call" if code == CALL_CODE else describe_code(code).name)
        return self.names[code]

    def ts(self, code: int, ns: int) -> float:
        """ns relative to the origin, server times moved onto the client's clock."""
        return self.server_ts(ns) if clock_side(code) == "server" else ns - self.plan.origin_ns

    def server_ts(self, ns: int) -> float:
        return self.clock.to_client(ns) - self.plan.origin_ns

    def place(self, pid: int, tid: int, name: str, start: float, end: float) -> int:
        """The track a slice goes on: its own when it nests there, else an overlap track beside it. A repeated
        step is one slice from its first start for its summed time (agents/STEPS.md), which can overlap the next
        step; the JSON importers drop slices that overlap without nesting, so those move to a track of their own.
        Each lane remembers the slices that end after the current call's first start (`self.horizon`): only those
        can overlap a slice of this call (the server listener's next wait can begin while the previous reply is
        still being sent)."""
        lanes = self.lanes.setdefault((pid, tid), [])
        for k in range(len(lanes) + 1):
            if k == len(lanes):
                lanes.append([])
            recent = lanes[k] = [iv for iv in lanes[k] if iv[1] > self.horizon]
            if not any(a < start < b < end or start < a < end < b for a, b in recent):
                recent.append((start, end))
                lane_tid = tid + k * OVERLAP_TID
                self.thread(pid, lane_tid, name if k == 0 else f"{name} · overlapping steps {k}")
                return lane_tid
        raise AssertionError("unreachable: a new lane always fits")

    def call(self, call_no: int, rows: list[tuple]) -> None:
        ends: dict[int, tuple[int, int, float, float]] = {}  # code → (pid, tid, start, end) of its first step
        server_recv = call_end = None
        # the call's slice spans its client steps too (an RPC call's start and free lie outside its RTT), so
        # that every client step nests inside it as the format requires
        client = [(r[1], r[2]) for r in rows if r[0] != CALL_CODE and clock_side(r[0]) == "client" and r[0] < 200]
        lo, hi = min((a for a, _ in client), default=None), max((b for _, b in client), default=None)
        slices = []
        for code, start_ns, end_ns, flags, thread, srv_recv in rows:
            start, end = self.ts(code, start_ns), self.ts(code, end_ns)
            if code == CALL_CODE:
                if lo is not None:
                    start, end = self.ts(code, min(lo, start_ns)), self.ts(code, max(hi, end_ns))
                cat = "call"
                args = f'{{"call_no":{call_no},"rtt_ns":{end_ns - start_ns},"flags":{flags},"thread":{thread}}}'
                if srv_recv:
                    server_recv = self.server_ts(srv_recv)
                call_end = self.ts(code, end_ns)
            else:
                cat = side_of(code)
                # the name says the step and dur its time to the ns: only the call it belongs to is added
                args = f'{{"call_no":{call_no}}}'
            slices.append((start, -(end - start), code, end, cat, args, thread))
        slices.sort()
        self.horizon = slices[0][0] if slices else self.horizon
        for start, _, code, end, cat, args, thread in slices:
            pid, tid, track = _track(code, thread)
            tid = self.place(pid, tid, track, start, end)
            self.emit(f'{{"ph":"X","name":{self.name(code)},"cat":"{cat}","pid":{pid},"tid":{tid},'
                      f'"ts":{_us(start)},"dur":{_us(end - start)},"args":{args}}}')
            ends.setdefault(code, (pid, tid, start, end))
        for flow in FLOWS:
            send = next((c for c in flow.sends if c in ends), None)
            receive = next((c for c in flow.receives if c in ends), None)
            if send is None or receive is None:
                continue
            spid, stid, sstart, _ = ends[send]
            rpid, rtid, rstart, rend = ends[receive]
            # "f" with bp "e" binds to the slice enclosing ts: 1 ns before the receiving step ends, or where the
            # call record says the request's first packet came out (a summed step's slice runs past it)
            fts = rend - 1
            if flow.index == 1 and server_recv is not None and rpid == SERVER_PID:
                fts = min(fts, server_recv - 1)
            fts = max(rstart, fts)
            if fts < sstart and flow.index == 2 and call_end is not None and CALL_CODE in ends:
                # a summed c.wait (acks of a large request, then the reply) can be drawn ending before the reply
                # left: the arrow then ends where the call received its reply, in the call's own slice
                rpid, rtid, _, _ = ends[CALL_CODE]
                fts = call_end - 1
            flow_id = call_no * len(FLOWS) + flow.index
            self.emit(f'{{"ph":"s","id":{flow_id},"name":"{flow.name}","cat":"flow","pid":{spid},"tid":{stid},'
                      f'"ts":{_us(sstart)}}}')
            self.emit(f'{{"ph":"f","bp":"e","id":{flow_id},"name":"{flow.name}","cat":"flow","pid":{rpid},'
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


def _window_rows(cur, windows: call_store.CallWindows, run_id: int, first: int, end: int) -> list[tuple]:
    """(call_no, code, start_ns, end_ns, flags, thread, server_recv_ns) of calls [first, end): each call as
    code 0, then its steps, each step with the thread of its call (steps have none of their own), ordered by
    call, code, start."""
    c = windows.window(first, end)
    calls = np.column_stack([c["call_no"], c["start_ns"], c["start_ns"] + c["rtt_ns"], c["flags"], c["thread"],
                             c["server_recv_ns"]]).reshape(-1, 6)
    st = step_store.read_steps(cur, run_id, first, end)
    at = np.searchsorted(calls[:, 0], st["call_no"]).clip(0, max(len(calls) - 1, 0))
    known = calls[at, 0] == st["call_no"] if len(calls) else np.zeros(len(st["call_no"]), bool)
    thread = np.where(known, calls[at, 4] if len(calls) else 0, 0)
    zeros = np.zeros(len(st["call_no"]), np.int64)
    rows = np.concatenate([
        np.column_stack([calls[:, 0], np.zeros(len(calls), np.int64), calls[:, 1], calls[:, 2], calls[:, 3],
                         calls[:, 4], calls[:, 5]]),
        np.column_stack([st["call_no"], st["code"], st["start_ns"], st["end_ns"], zeros, thread, zeros])])
    rows = rows[np.lexsort((rows[:, 2], rows[:, 1], rows[:, 0]))]
    return rows.tolist()


def _call_range(cur, run_id: int) -> tuple[int, int] | None:
    cur.execute("SELECT min(call_lo), max(call_hi) FROM step_blocks WHERE run_id = %s", (run_id,))
    steps = cur.fetchone()
    ranges = [r for r in (call_store.call_range(cur, run_id), steps) if r[0] is not None]
    return (min(r[0] for r in ranges), max(r[1] for r in ranges)) if ranges else None


def stream_trace(db: Database, p: TracePlan) -> Iterator[bytes]:
    writer = _Writer(p)
    yield _header(p).encode()
    with db.engine.connect() as conn:
        with conn.connection.driver_connection.cursor() as cur:
            bounds = _call_range(cur, p.run_id)
            windows = call_store.CallWindows(cur, p.run_id, ("start_ns", "rtt_ns", "flags", "thread", "server_recv_ns"))
            for first in range(bounds[0], bounds[1] + 1, WINDOW_CALLS) if bounds else ():
                current, rows = None, []
                for call_no, code, start_ns, end_ns, flags, thread, srv_recv in _window_rows(
                        cur, windows, p.run_id, first, first + WINDOW_CALLS):
                    if call_no != current:
                        if rows:
                            writer.call(current, rows)
                            if writer.size >= CHUNK_CHARS:
                                yield writer.take().encode()
                        current, rows = call_no, []
                    rows.append((code, start_ns, end_ns, flags, thread, srv_recv))
                if rows:
                    writer.call(current, rows)
        conn.rollback()
    yield (writer.take() + "\n]}\n").encode()


GZIP_LEVEL = 6  # zlib's default: a 48-point run's trace 8x smaller at about the JSON's own pace


def gzipped(chunks: Iterable[bytes]) -> Iterator[bytes]:
    """The stream as one gzip member, chunk by chunk (memory stays at a chunk)."""
    z = zlib.compressobj(GZIP_LEVEL, zlib.DEFLATED, 31)
    for chunk in chunks:
        out = z.compress(chunk)
        if out:
            yield out
    yield z.flush()


def size_estimate(s: Session, run: Run) -> dict:
    """What the trace will weigh before it is made: its events (a call, its steps, each flow's start and end) from
    the run's stored rows, times the bytes an event takes as JSON and gzipped, measured on a 48-point case study
    (docs/exports.md)."""
    calls = call_store.bounds(s, run.id)[0]
    with call_store.cursor(s) as cur:
        steps = step_store.count_steps(cur, run.id)
    events = int(calls) * (1 + 2 * len(FLOWS)) + int(steps)
    return {"events": events, "json_bytes": round(events * JSON_BYTES_PER_EVENT),
            "gzip_bytes": round(events * GZIP_BYTES_PER_EVENT)}
