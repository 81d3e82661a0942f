"""Live RTT of running runs: a compact summary of each ingested batch of calls, kept as a short window of events in
PostgreSQL (table live_events).

Why a summary and not a query of the calls: it is computed from the batch being ingested (O(batch), no re-read of
the run), and a browser that connects mid-run gets the recent window from a few small rows. Why PostgreSQL and not
the process's memory: the backend runs as several replicas (uvicorn worker processes on one database), and a
browser's read may land on another replica than the one that stored the batch. The table is UNLOGGED: a crash of
PostgreSQL loses only the live window; the finished run's figures come from the stored calls as before.

An event is written in its batch's transaction (ingest_batch): the chart never shows calls that were not stored, and
a batch costs no transaction more. Event ids are the rows' ids (one sequence for the whole database). An agent sends
a run's batches two at a time, so two transactions of one run may be open at once: ingest updates the run's row
before it writes the event, and that row's lock holds the second at the update until the first commits. So a run's
event ids are taken in the order their transactions commit, and a reader that has seen event N never misses a later
one with an id below N (the browser orders the calls by time, not by event). The window is trimmed after the batch's
acknowledgement, off its path.
Rows go with their run (ON DELETE CASCADE): a run id reused after a database reset never shows another run's calls.
"""

import json
import logging

import numpy as np
from sqlalchemy import text
from sqlalchemy.orm import Session

from perflab.analysis.call_flags_generated import FLAG_ERROR, FLAG_SLOW_START, FLAG_WARMUP
from perflab.core.db import Database
from perflab.services import call_store

SAMPLES_PER_EVENT = 200  # (call_no, rtt_ns) pairs per event, so a 1M-call run does not flood the browser
RING_EVENTS = 300  # recent events kept per run for a late subscriber
RING_SAMPLES = 6000  # and at most this many samples in them
MAX_RUNS = 32  # runs whose windows are kept at once (those fed least recently dropped first)

log = logging.getLogger(__name__)


def point_summaries(calls: np.ndarray, origin_ns: int, max_samples: int = SAMPLES_PER_EVENT) -> list[dict]:
    """Per point of one batch: counts, RTT mean/median/p99/min/max (measured calls: no warm-up, no error) and
    an evenly spaced sample of at most max_samples calls in all (shared between the points), always including
    each point's slowest call so spikes stay visible."""
    out = []
    point_no = calls["point_no"]
    points = np.unique(point_no)
    per_point = max(1, max_samples // max(1, len(points)))
    # a column at a time: a record array's rows copied by a mask cost most of a batch's summary
    call_no, start_ns, end_ns = calls["call_no"], calls["start_ns"], calls["end_ns"]
    all_flags = calls["flags"].astype(np.int64)
    for p in points:
        at = slice(None) if len(points) == 1 else np.flatnonzero(point_no == p)
        flags = all_flags[at]
        measured = np.flatnonzero((flags & (FLAG_WARMUP | FLAG_ERROR)) == 0)
        summary = {"point_no": int(p), "count": int(len(measured)), "warmup": int(np.sum(flags & FLAG_WARMUP != 0)),
                   "errors": int(np.sum(flags & FLAG_ERROR != 0)), "first_call": int(call_no[at].min()),
                   # RPC calls sent in small packets by a handle that had not learnt the packet size
                   "slow_start": int(np.sum((flags & (FLAG_WARMUP | FLAG_ERROR | FLAG_SLOW_START)) == FLAG_SLOW_START)),
                   "last_call": int(call_no[at].max())}
        if len(measured) == 0:
            out.append(summary | {"mean_ns": None, "median_ns": None, "p99_ns": None, "min_ns": None,
                                  "max_ns": None, "end_ns": None, "samples": {"call_no": [], "t_ns": [], "rtt_ns": []}})
            continue
        m_start = start_ns[at][measured]
        if not (m_start[1:] >= m_start[:-1]).all():  # in start order already as a rule: the sort is for the rest
            measured = measured[np.argsort(m_start, kind="stable")]
            m_start = start_ns[at][measured]
        m_end = end_ns[at][measured]
        rtt = (m_end - m_start).astype(np.int64)
        median, p99 = np.percentile(rtt, [50, 99])
        pick = _sample_indices(rtt, per_point)
        summary |= {"mean_ns": float(rtt.mean()), "median_ns": float(median), "p99_ns": float(p99),
                    "min_ns": int(rtt.min()), "max_ns": int(rtt.max()),
                    "end_ns": int(m_end.max() - origin_ns),
                    "samples": {"call_no": call_no[at][measured[pick]].astype(int).tolist(),
                                "t_ns": (m_start[pick] - origin_ns).astype(int).tolist(),
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


def live_origin_ns(s: Session, run_id: int) -> int | None:
    """What a run's live times are relative to: the start of its lowest-numbered stored call (an index lookup in
    the calls' blocks, services/call_store.py). Every replica finds the same one, with no state of its own; ingest asks it in the batch's
    transaction, after the batch's rows, so it is never None there. A client's batches come in call order, so it
    is the start of the run's first call from its first event on (the timeline's origin too, for a ping-pong)."""
    return call_store.first_call_start(s, run_id)


# keep per run the newest events while their samples add up to at most RING_SAMPLES and they are at most RING_EVENTS
# (the newest always: one batch alone may have more); then only the MAX_RUNS runs fed last (the highest ids)
PRUNE_RUN = text("""
    DELETE FROM live_events WHERE run_id = :run_id AND id < (
        SELECT min(id) FROM (
            SELECT id, sum(samples) OVER newest_first AS samples_to_here, row_number() OVER newest_first AS n
            FROM live_events WHERE run_id = :run_id WINDOW newest_first AS (ORDER BY id DESC)) newest
        WHERE n = 1 OR (samples_to_here <= :max_samples AND n <= :max_events))""")
PRUNE_RUNS = text("""
    DELETE FROM live_events WHERE run_id NOT IN (
        SELECT run_id FROM live_events GROUP BY run_id ORDER BY max(id) DESC LIMIT :max_runs)""")


def add_event(s: Session, run_id: int, origin_ns: int, calls: np.ndarray) -> int | None:
    """In ingest's transaction, after the batch's rows: the batch's summary as the run's next event; its id. Best
    effort: a fault in the summary leaves the batch without an event (logged, None) rather than failing it."""
    try:
        points = point_summaries(calls, origin_ns)
    except Exception:  # noqa: BLE001 - the live view is best effort, the stored calls are what counts
        log.exception("live calls summary failed for run %s", run_id)
        return None
    samples = sum(len(p["samples"]["rtt_ns"]) for p in points)
    return s.scalar(text("INSERT INTO live_events (run_id, samples, event) VALUES (:r, :n, :e) RETURNING id"),
                    {"r": run_id, "n": samples, "e": json.dumps({"unit": "ns", "points": points}, separators=(",", ":"))})


def trim(db: Database, run_id: int) -> None:
    """Trims the run's window and the runs kept to their bounds (after the batch is acknowledged: off its path)."""
    with db.ingest_session() as s:
        s.execute(PRUNE_RUN, {"run_id": run_id, "max_samples": RING_SAMPLES, "max_events": RING_EVENTS})
        s.execute(PRUNE_RUNS, {"max_runs": MAX_RUNS})


def trim_safely(db: Database, run_id: int) -> None:
    try:
        trim(db, run_id)
    except Exception:  # noqa: BLE001 - a window a batch too long is harmless; the next batch trims it
        log.exception("trimming the live window of run %s failed", run_id)


def _rows(s: Session, run_id: int, after_id: int):
    return s.execute(text("SELECT id, event FROM live_events WHERE run_id = :r AND id > :after ORDER BY id"),
                     {"r": run_id, "after": after_id})  # a range of the (run_id, id) index


def since(s: Session, run_id: int, after_id: int = 0) -> list[dict]:
    """The run's events with an id above after_id still in the window, oldest first: {"id", "unit", "points"}."""
    return [{"id": event_id} | json.loads(event) for event_id, event in _rows(s, run_id, after_id)]


def sse_events(s: Session, run_id: int, after_id: int) -> tuple[str, int]:
    """The `calls` events newer than after_id as server-sent-event text, and the last id sent (the stored JSON
    is sent as it is, the id put in front of its fields: no parse and dump again on every read)."""
    out = []
    for event_id, event in _rows(s, run_id, after_id):
        after_id = event_id
        out.append(f'id: {event_id}\nevent: calls\ndata: {{"id":{event_id},{event[1:]}\n\n')
    return "".join(out), after_id
