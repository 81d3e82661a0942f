#!/usr/bin/env python3
"""analysis_1m_steps_s: seconds to analyse a finished run of 1,000,000 step rows stored in PostgreSQL (about
166,667 ping-pong calls of six steps, ten points), reading by binary COPY included: the service's analyse()
exactly as the reaper calls it at run end. Fresh embedded PostgreSQL; the rows written by COPY beforehand."""

import sys

import numpy as np

from perflab.core.db import Database
from perflab.models import Point, Run

# bench/ is on sys.path: the script's folder
from analysis_bench_common import bench_agents, copy_trace, count_analyses, report, timed_analysis

STEPS, CODES, POINTS = 1_000_000, (1, 2, 3, 101, 102, 103), 10


def synth(n: int, rng) -> tuple[dict, dict]:
    """A loopback-like ping-pong: step times around those the agent measures, jittered."""
    t1 = 1_000_000_000 + np.arange(n, dtype=np.int64) * 40_000
    j = lambda mean: rng.exponential(mean, n).astype(np.int64) + mean // 2  # noqa: E731
    send, net_a, srecv, ssend, net_b, crecv = j(3000), j(6000), j(400), j(2500), j(6000), j(300)
    c_send_end = t1 + send
    arr_s = c_send_end + net_a
    s_send_start = arr_s + srecv + 150
    s_send_end = s_send_start + ssend
    arr_c = s_send_end + net_b
    end = arr_c + crecv
    s_wait_start = np.concatenate(([t1[0] - 10_000], s_send_end[:-1] + 150))
    spans = [(t1, c_send_end), (c_send_end + 100, arr_c), (arr_c, end), (s_wait_start, arr_s),
             (arr_s, arr_s + srecv), (s_send_start, s_send_end)]
    size = np.repeat(np.array([64 << k for k in range(POINTS)]), -(-n // POINTS))[:n]
    calls = {"call_no": np.arange(n), "point_no": np.arange(n) * POINTS // n, "flags": np.zeros(n, np.int64),
             "start_ns": t1, "rtt_ns": end - t1, "request_bytes": size, "response_bytes": size}
    steps = {"call_no": np.tile(np.arange(n), len(CODES)), "code": np.repeat(CODES, n),
             "start_ns": np.concatenate([a for a, _ in spans]), "end_ns": np.concatenate([b for _, b in spans])}
    return calls, steps


def load(db: Database) -> int:
    n = STEPS // len(CODES) + 1
    calls, steps = synth(n, np.random.default_rng(1))
    keep = slice(0, STEPS)
    steps = {k: v[keep] for k, v in steps.items()}
    with db.session() as s:
        a, b = bench_agents(s)
        run = Run(kind="pingpong", name="bench", tags=[], status="done", params={"request_bytes": 64},
                  client_agent_id=a.id, server_agent_id=b.id, calls_total=n, calls_done=n)
        s.add(run)
        s.flush()
        for p in range(POINTS):
            s.add(Point(run_id=run.id, point_no=p, params={"request_bytes": 64 << p}))
        copy_trace(s, run.id, calls, (("call_no", "int4"), ("point_no", "int2"), ("flags", "int2"),
                                      ("start_ns", "int8"), ("rtt_ns", "int8"), ("request_bytes", "int4"),
                                      ("response_bytes", "int4")), steps)
        return run.id


def main() -> int:
    index, elapsed, kinds = timed_analysis("perflab-bench-analysis-", load, count_analyses)
    return report("analysis_1m_steps_s", index, elapsed, f"{kinds} kinds stored" if kinds < 8 else None)


if __name__ == "__main__":
    sys.exit(main())
