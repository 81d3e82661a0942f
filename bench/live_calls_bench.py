#!/usr/bin/env python3
"""Live RTT summaries (backend/perflab/services/live_calls.py), the work added to each ingested batch:
- live_calls_summary_ms_per_10k_calls: median time to summarise and ring one 10,000-call client batch (the most
  an agent puts in one batch), 4 points of 2,500 calls, log-normal RTTs with warm-up and error calls;
- live_calls_event_bytes_per_10k_calls: size of the `calls` event that batch becomes on the wire (bounded by
  the 200-sample cap whatever the batch size)."""

import json
import time

import numpy as np

from perflab.services.batch_format import CALL_DTYPE
from perflab.services.live_calls import LiveCalls

N, POINTS, REPS = 10_000, 4, 200


def batch(rng) -> np.ndarray:
    calls = np.zeros(N, dtype=CALL_DTYPE)
    calls["call_no"] = np.arange(N)
    calls["point_no"] = np.arange(N) // (N // POINTS)
    calls["flags"] = np.where(rng.random(N) < 0.01, 1, 0) | np.where(rng.random(N) < 0.001, 4, 0)
    calls["start_ns"] = 10**12 + np.arange(N, dtype=np.int64) * 20_000
    calls["end_ns"] = calls["start_ns"] + rng.lognormal(9.5, 0.4, N).astype(np.int64)
    return calls


def main() -> None:
    rng = np.random.default_rng(1)
    calls = batch(rng)
    live = LiveCalls()
    times = []
    for i in range(REPS):
        t = time.perf_counter()
        event = live.publish((1, "bench"), calls)
        times.append(time.perf_counter() - t)
    size = len(json.dumps(event, separators=(",", ":")))
    print(f"live_calls_summary_ms_per_10k_calls: {np.median(times) * 1e3:.3f} ms")
    print(f"live_calls_event_bytes_per_10k_calls: {size} bytes")


if __name__ == "__main__":
    main()
