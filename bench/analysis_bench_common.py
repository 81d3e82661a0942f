"""What the two analysis benchmarks share: the binary COPY of a synthetic run's calls and steps, the timed
analyse() on a fresh embedded PostgreSQL, and the line each prints."""

import os
import sys
import time
from typing import Callable

from sqlalchemy import func, select

from perflab.core.db import Database
from perflab.models import Agent, Analysis, Run
from perflab.services.analyses import analyse
from perflab.services import call_store, step_store

from bench_backend import fresh_database

def bench_agents(s) -> tuple[Agent, Agent]:
    """The run's two agents, one host's clock."""
    pair = tuple(Agent(name=f"bench-{x}", host="bench", address="127.0.0.1", version="b", clock_id=1,
                       capabilities={}, token_sha256=x * 64) for x in "ab")
    s.add_all(pair)
    s.flush()
    return pair


def copy_trace(s, run_id: int, calls: dict, call_columns: tuple, steps: dict) -> None:
    """COPY the calls' blocks (the given (column, pg type) pairs' columns, the others zeros) and the steps' blocks of
    run_id in the session's transaction, a block per batch of 65,536 calls as ingest stores them."""
    with call_store.cursor(s) as cur:
        call_store.write_calls(cur, run_id, {k: calls[k] for k, _ in call_columns})
        step_store.write_steps(cur, run_id, steps)


def timed_analysis(prefix: str, load: Callable[[Database], int], inspect: Callable) -> tuple[dict, float, object]:
    """Load a run into a fresh database, time analyse() as the reaper calls it, then inspect(session, run_id).
    Its CPU seconds in this process (not PostgreSQL's) go to stderr with the load average: on a shared machine
    the wall time can be several times the work (docs/scale.md)."""
    with fresh_database(prefix) as (url, _):
        db = Database(url)
        run_id = load(db)
        began, cpu = time.perf_counter(), time.process_time()
        with db.session() as s:
            index = analyse(s, s.get(Run, run_id))
        elapsed = time.perf_counter() - began
        print(f"analyse(): {time.process_time() - cpu:.2f} s of this process's CPU, {elapsed:.2f} s wall, load "
              f"average {os.getloadavg()[0]:.1f}", file=sys.stderr)
        with db.session() as s:
            seen = inspect(s, run_id)
        db.dispose()
    return index, elapsed, seen


def count_analyses(s, run_id: int) -> int:
    return s.scalar(select(func.count()).select_from(Analysis).where(Analysis.run_id == run_id))


def report(name: str, index: dict, elapsed: float, failure: str | None) -> int:
    """Print the benchmark's line, or why the analysis it timed is not a whole one (exit 1: no figure)."""
    if index.get("error") or failure:
        print(f"analysis failed: {index} {failure or ''}", file=sys.stderr)
        return 1
    print(f"{name}: {elapsed:.2f} s")
    return 0
