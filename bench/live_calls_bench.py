#!/usr/bin/env python3
"""Live RTT summaries (backend/perflab/services/live_calls.py), the work added to each ingested batch and to each
tick of a browser's event stream, on a fresh embedded PostgreSQL (the window lives in its live_events table):
- live_calls_summary_ms_per_10k_calls: median time to summarise one 10,000-call client batch (the most an agent
  puts in one batch), 4 points of 2,500 calls, log-normal RTTs with warm-up and error calls (numpy only);
- live_calls_event_ms_per_10k_calls: median time that batch's event adds to its ingest transaction: the summary and
  the event's insert (add_event, timed inside an open transaction);
- live_calls_trim_ms: median time of the trim that follows the batch's acknowledgement, off its path (the run's
  window full, and MAX_RUNS - 1 other runs' windows beside it);
- live_calls_tick_ms: median time of a stream's tick when nothing is new (the events query of an up-to-date
  browser, in its own transaction as the stream's snapshot does);
- live_calls_window_ms: median time to read a late subscriber's whole window as server-sent-event text;
- live_calls_event_bytes_per_10k_calls: size of the `calls` event that batch becomes on the wire (bounded by
  the 200-sample cap whatever the batch size)."""

import sys
import time

import numpy as np

from perflab.core.db import Database
from perflab.models import Agent, Run
from perflab.services import live_calls
from perflab.services.batch_format import CALL_DTYPE

from bench_backend import fresh_database

N, POINTS, REPS = 10_000, 4, 200


def batch(rng) -> np.ndarray:
    calls = np.zeros(N, dtype=CALL_DTYPE)
    calls["call_no"] = np.arange(N)
    calls["point_no"] = np.arange(N) // (N // POINTS)
    calls["flags"] = np.where(rng.random(N) < 0.01, 1, 0) | np.where(rng.random(N) < 0.001, 4, 0)
    calls["start_ns"] = 10**12 + np.arange(N, dtype=np.int64) * 20_000
    calls["end_ns"] = calls["start_ns"] + rng.lognormal(9.5, 0.4, N).astype(np.int64)
    return calls


def median_ms(f, reps: int = REPS):
    times, out = [], None
    for _ in range(reps):
        t = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - t)
    return np.median(times) * 1e3, out


def add_event(db: Database, run_id: int, calls: np.ndarray) -> tuple[float, int]:
    """As ingest does, in a transaction of its own here: (seconds add_event took inside it, the event's id)."""
    with db.ingest_session() as s:
        t = time.perf_counter()
        event_id = live_calls.add_event(s, run_id, 10**12, calls)
        return time.perf_counter() - t, event_id


def make_runs(db: Database, n: int) -> list[int]:
    with db.session() as s:
        agent = Agent(name="bench", host="bench", address="127.0.0.1", version="bench", clock_id=1,
                      token_sha256="0" * 64)
        s.add(agent)
        s.flush()
        runs = [Run(kind="pingpong", params={}, client_agent_id=agent.id, server_agent_id=agent.id,
                    calls_total=10**6) for _ in range(n)]
        s.add_all(runs)
        s.flush()
        return [r.id for r in runs]


def main() -> None:
    rng = np.random.default_rng(1)
    calls = batch(rng)
    summary_ms, _ = median_ms(lambda: live_calls.point_summaries(calls, 10**12))
    with fresh_database("perflab-bench-live-") as (url, _):
        db = Database(url)
        try:
            run_id, *others = make_runs(db, live_calls.MAX_RUNS)
            for other in others:  # the other runs' windows the trim looks past
                add_event(db, other, calls)
            for _ in range(live_calls.RING_EVENTS):  # the run's window full before timing
                add_event(db, run_id, calls)
            event_s, trim_s = [], []
            for _ in range(REPS):
                seconds, event_id = add_event(db, run_id, calls)
                event_s.append(seconds)
                t = time.perf_counter()
                live_calls.trim(db, run_id)
                trim_s.append(time.perf_counter() - t)
            event_ms, trim_ms = np.median(event_s) * 1e3, np.median(trim_s) * 1e3

            def read(after_id: int) -> tuple[str, int]:
                with db.session() as s:
                    return live_calls.sse_events(s, run_id, after_id)

            tick_ms, (nothing, _) = median_ms(lambda: read(event_id))
            window_ms, (window, _) = median_ms(lambda: read(0))
            assert nothing == "" and window.count("event: calls") > 1
        finally:
            db.dispose()
    size = len(window.split("\ndata: ")[-1].strip())  # the newest event as sent
    print(f"live_calls_summary_ms_per_10k_calls: {summary_ms:.3f} ms")
    print(f"live_calls_event_ms_per_10k_calls: {event_ms:.3f} ms")
    print(f"live_calls_trim_ms: {trim_ms:.3f} ms")
    print(f"live_calls_tick_ms: {tick_ms:.3f} ms")
    print(f"live_calls_window_ms: {window_ms:.3f} ms")
    print(f"live_calls_event_bytes_per_10k_calls: {size} bytes")
    print(f"(the window read: {window.count('event: calls')} events)", file=sys.stderr)


if __name__ == "__main__":
    main()
