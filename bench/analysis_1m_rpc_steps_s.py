#!/usr/bin/env python3
"""analysis_1m_rpc_steps_s: seconds to analyse a finished RPC run of 1,000,000 step rows stored in PostgreSQL
(about 54,600 calls of 18.5 step rows: RPC codes 10-23 and 110-119, a sendmsg per packet so steps repeat within a
call, a threads x think sweep of 8 points, the calls' thread and server timestamps), reading included: the
service's analyse() exactly as the reaper calls it at run end. Fresh embedded PostgreSQL, rows written by COPY."""

import sys

import numpy as np

from perflab.core.db import Database
from perflab.models import Analysis, Point, Run

# bench/ is on sys.path: the script's folder
from analysis_bench_common import bench_agents, copy_trace, count_analyses, report, timed_analysis

STEPS = 1_000_000
POINTS = [(b, t, z) for b in (100, 5000) for t in (1, 3) for z in (0, 400)]  # request_bytes, threads, think_us
PRE = [(10, 60), (12, 40), (13, 60), (14, 50)]  # c.start, c.marshal, c.copy, c.queue: mean ns
SERVER = [(111, 150), (113, 200), (114, 40), (115, 20), (116, 50)]
POST = [(18, 100), (21, 60), (22, 15), (23, 30)]


def synth(n: int, rng) -> tuple[dict, dict]:
    """Loopback-like RPC calls, one after another; 5000-byte calls send two packets (c.sendmsg twice)."""
    j = lambda mean: rng.exponential(mean, n).astype(np.int64) + mean // 2  # noqa: E731
    point = np.arange(n) * len(POINTS) // n
    size = np.array([POINTS[p][0] for p in point])
    threads = np.array([POINTS[p][1] for p in point])
    t0 = 1_000_000_000 + np.arange(n, dtype=np.int64) * 60_000
    spans: list[tuple[int, np.ndarray, np.ndarray, np.ndarray]] = []  # code, call mask, start, end
    every = np.ones(n, bool)
    now = t0.copy()
    for code, mean in PRE:
        d = j(mean)
        spans.append((code, every, now, now + d))
        now = now + d
    two = size > 4016
    d = j(3000)
    spans.append((15, every, now, now + d))  # first packet
    now = now + d
    d = j(2000)
    spans.append((15, two, now, now + d))  # second packet of the larger calls
    now = np.where(two, now + d, now)
    sent = now
    arrived = sent + j(5000)
    spans.append((110, every, t0 - 5000, arrived))
    s = arrived
    for code, mean in SERVER:
        d = j(mean)
        spans.append((code, every, s, s + d))
        s = s + d
    d = j(2500)
    spans.append((117, every, s, s + d))
    s_send = s
    s = s + d
    spans.append((119, every, s, s + j(40)))
    reply = s + j(5000)
    spans.append((17, every, sent + 20, reply))  # c.wait: from after the last send to the reply
    now = reply
    for code, mean in POST:
        d = j(mean)
        spans.append((code, every, now, now + d))
        now = now + d
    thread = np.zeros(n, np.int64)
    for p in range(len(POINTS)):  # each thread's calls in a block of call numbers, as the agent numbers them
        idx = np.nonzero(point == p)[0]
        thread[idx] = np.arange(idx.size) * threads[idx] // max(1, idx.size)
    flags = np.zeros(n, np.int64)
    flags[np.r_[True, (np.diff(thread) != 0) | (np.diff(point) != 0)]] = 2  # each thread's first call
    calls = {"call_no": np.arange(n), "point_no": point, "flags": flags, "start_ns": t0, "rtt_ns": now - t0,
             "request_bytes": size, "response_bytes": size, "thread": thread, "server_recv_ns": arrived,
             "server_send_ns": s_send}
    steps = {"call_no": np.concatenate([np.nonzero(m)[0] for _, m, _, _ in spans]),
             "code": np.concatenate([np.full(int(m.sum()), c) for c, m, _, _ in spans]),
             "start_ns": np.concatenate([a[m] for _, m, a, _ in spans]),
             "end_ns": np.concatenate([b[m] for _, m, _, b in spans])}
    return calls, steps


def load(db: Database) -> int:
    # c.sendmsg (1.5: half the calls send two packets), c.wait, s.idle, s.sendmsg, s.end besides the lists
    rows_per_call = len(PRE) + len(SERVER) + len(POST) + 1.5 + 4
    n = int(STEPS / rows_per_call * 1.01)
    calls, steps = synth(n, np.random.default_rng(1))
    order = np.argsort(steps["call_no"], kind="stable")[:STEPS]  # exactly STEPS rows, whole calls first
    steps = {k: v[np.sort(order)] for k, v in steps.items()}
    with db.session() as s:
        a, b = bench_agents(s)
        params = {"transport": "udp", "packetisation": {"header_bytes": 80, "packet_data": 4016, "mtu": 1500}}
        run = Run(kind="rpc", name="bench", tags=[], status="done", params=params, client_agent_id=a.id,
                  server_agent_id=b.id, calls_total=n, calls_done=n)
        s.add(run)
        s.flush()
        for p, (size, threads, think) in enumerate(POINTS):
            s.add(Point(run_id=run.id, point_no=p, params={"point_no": p, "request_bytes": size, "threads": threads,
                                                           "think_time_us": think, "protection": "none",
                                                           "cache": "per-thread"}))
        copy_trace(s, run.id, calls, (("call_no", "int4"), ("point_no", "int2"), ("flags", "int2"),
                                      ("start_ns", "int8"), ("rtt_ns", "int8"), ("request_bytes", "int4"),
                                      ("response_bytes", "int4"), ("thread", "int2"), ("server_recv_ns", "int8"),
                                      ("server_send_ns", "int8")), steps)
        return run.id


def main() -> int:
    def inspect(s, run_id):
        return s.get(Analysis, (run_id, "rtp")).result, count_analyses(s, run_id)

    index, elapsed, (rtp, kinds) = timed_analysis("perflab-bench-rpc-analysis-", load, inspect)
    placed = [p["calls"] for p in rtp.get("points", [])]
    whole = not (kinds < 8 or rtp.get("unplaced_codes") or len(placed) != len(POINTS) or min(placed) == 0)
    return report("analysis_1m_rpc_steps_s", index, elapsed, None if whole else f"{kinds} kinds, {rtp.get('notes')}")


if __name__ == "__main__":
    sys.exit(main())
