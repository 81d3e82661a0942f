"""Live RTT of running runs: a compact summary of each ingested batch of calls, kept in a small in-memory ring.

Why memory and not a query: the summary is computed from the batch being ingested (O(batch), no re-read of the
run), and the ring answers a browser that connects mid-run with the recent window at no database cost. The
backend is one process (uvicorn, one worker) that both ingests and streams, so the ring sees every batch. A
restart loses only the live window; the finished run's figures come from the stored calls as before.

Rings are keyed by (run id, created_at) so a run id reused after a database reset never shows another run's calls.
"""

import json
import logging
import threading
from collections import OrderedDict, deque
from dataclasses import dataclass, field

import numpy as np

SAMPLES_PER_EVENT = 200  # (call_no, rtt_ns) pairs per event, so a 1M-call run does not flood the browser
RING_EVENTS = 300  # recent events kept per run for a late subscriber
RING_SAMPLES = 6000  # and at most this many samples in them
MAX_RUNS = 32  # rings kept at once (least recently fed dropped first)
LIVE_KINDS = ("pingpong", "rpc", "flows")  # stream runs record intervals, not round trips

WARMUP, ERROR, SLOW_START = 0x1, 0x4, 0x8
log = logging.getLogger(__name__)


def point_summaries(calls: np.ndarray, origin_ns: int, max_samples: int = SAMPLES_PER_EVENT) -> list[dict]:
    """Per point of one batch: counts, RTT mean/median/p99/min/max (measured calls: no warm-up, no error) and
    an evenly spaced sample of at most max_samples calls in all (shared between the points), always including
    each point's slowest call so spikes stay visible."""
    out = []
    points = np.unique(calls["point_no"])
    per_point = max(1, max_samples // max(1, len(points)))
    for p in points:
        rows = calls[calls["point_no"] == p]
        flags = rows["flags"].astype(np.int64)
        measured = rows[(flags & (WARMUP | ERROR)) == 0]
        summary = {"point_no": int(p), "count": int(len(measured)), "warmup": int(np.sum(flags & WARMUP != 0)),
                   "errors": int(np.sum(flags & ERROR != 0)), "first_call": int(rows["call_no"].min()),
                   # RPC calls sent in small packets by a handle that had not learnt the packet size
                   "slow_start": int(np.sum((flags & (WARMUP | ERROR | SLOW_START)) == SLOW_START)),
                   "last_call": int(rows["call_no"].max())}
        if len(measured) == 0:
            out.append(summary | {"mean_ns": None, "median_ns": None, "p99_ns": None, "min_ns": None,
                                  "max_ns": None, "end_ns": None, "samples": {"call_no": [], "t_ns": [], "rtt_ns": []}})
            continue
        measured = measured[np.argsort(measured["start_ns"], kind="stable")]
        rtt = (measured["end_ns"] - measured["start_ns"]).astype(np.int64)
        median, p99 = np.percentile(rtt, [50, 99])
        pick = _sample_indices(rtt, per_point)
        summary |= {"mean_ns": float(rtt.mean()), "median_ns": float(median), "p99_ns": float(p99),
                    "min_ns": int(rtt.min()), "max_ns": int(rtt.max()),
                    "end_ns": int(measured["end_ns"].max() - origin_ns),
                    "samples": {"call_no": measured["call_no"][pick].astype(int).tolist(),
                                "t_ns": (measured["start_ns"][pick] - origin_ns).astype(int).tolist(),
                                "rtt_ns": rtt[pick].tolist()}}
        out.append(summary)
    return out


def _sample_indices(rtt: np.ndarray, k: int) -> np.ndarray:
    n = len(rtt)
    if n <= k:
        return np.arange(n)
    idx = np.unique(np.linspace(0, n - 1, k).round().astype(np.int64))
    slowest = int(np.argmax(rtt))
    if slowest not in idx:  # swap the nearest picked index for the slowest call: same count, spike kept
        idx[np.argmin(np.abs(idx - slowest))] = slowest
        idx = np.unique(idx)
    return idx


@dataclass
class _Ring:
    origin_ns: int  # start of the first call seen: times are sent relative to it
    events: deque = field(default_factory=deque)
    samples: int = 0
    next_id: int = 1


class LiveCalls:
    """Thread-safe: ingest publishes from the threadpool, the event streams read from the event loop."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._rings: OrderedDict[tuple, _Ring] = OrderedDict()

    def publish(self, key: tuple, calls: np.ndarray) -> dict | None:
        if len(calls) == 0:
            return None
        with self._lock:
            ring = self._rings.get(key)
            if ring is None:
                ring = self._rings[key] = _Ring(origin_ns=int(calls["start_ns"].min()))
                while len(self._rings) > MAX_RUNS:
                    self._rings.popitem(last=False)
            self._rings.move_to_end(key)
            origin = ring.origin_ns
        points = point_summaries(calls, origin)  # outside the lock: O(batch) numpy work
        n = sum(len(p["samples"]["rtt_ns"]) for p in points)
        with self._lock:
            event = {"id": ring.next_id, "unit": "ns", "points": points}
            ring.next_id += 1
            ring.events.append((event, n))
            ring.samples += n
            while len(ring.events) > RING_EVENTS or (ring.samples > RING_SAMPLES and len(ring.events) > 1):
                _, dropped = ring.events.popleft()
                ring.samples -= dropped
        return event

    def publish_safely(self, key: tuple, calls: np.ndarray) -> None:
        """For ingest: the batch is already committed, so a fault here must not turn its ack into an error."""
        try:
            self.publish(key, calls)
        except Exception:  # noqa: BLE001 - the live view is best effort, the stored calls are what counts
            log.exception("live calls summary failed for run %s", key[0])

    def since(self, key: tuple, after_id: int = 0) -> list[dict]:
        """Events with an id above after_id still in the ring, oldest first."""
        with self._lock:
            ring = self._rings.get(key)
            if ring is None:
                return []
            return [e for e, _ in ring.events if e["id"] > after_id]

    def clear(self) -> None:
        with self._lock:
            self._rings.clear()


LIVE = LiveCalls()


def sse_events(key: tuple, after_id: int) -> tuple[str, int]:
    """The `calls` events newer than after_id as server-sent-event text, and the last id sent."""
    text = ""
    for event in LIVE.since(key, after_id):
        after_id = event["id"]
        text += f"id: {after_id}\nevent: calls\ndata: {json.dumps(event, separators=(',', ':'))}\n\n"
    return text, after_id


def run_key(run) -> tuple:
    return (run.id, run.created_at.isoformat() if run.created_at else "")
