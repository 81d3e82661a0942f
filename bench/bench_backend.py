"""The backend the HTTP benchmarks measure: a real `perflab serve` process and its analysis worker on a fresh embedded PostgreSQL in a
temporary folder, migrated, with a first admin whose API token the benchmark calls the API with; and the trace
batches they upload."""

import os
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import httpx
import numpy as np

from perflab.core import embedded_pg
from perflab.core.config import REPO_ROOT
from perflab.migrate import upgrade
from perflab.services.batch_format import CALL_DTYPE, STEP_DTYPE, encode

STEPS_PER_CALL = 6


def trace_batch(job_id: int, seq: int, n_calls: int, last: bool, server: bool = False) -> bytes:
    """Batch `seq` of a ping-pong job: n_calls calls (20 us apart) with six steps each, their times jittered as
    measured ones are (a few hundred ns, seeded by seq: the same batch every time); a server's batch carries its
    steps of the same calls and no call records."""
    first = seq * n_calls
    calls = np.zeros(n_calls, dtype=CALL_DTYPE)
    calls["call_no"] = np.arange(first, first + n_calls)
    calls["start_ns"] = calls["call_no"].astype(np.int64) * 20_000
    calls["end_ns"] = calls["start_ns"] + 18_000
    calls["request_bytes"] = calls["response_bytes"] = 64
    steps = np.zeros(n_calls * STEPS_PER_CALL, dtype=STEP_DTYPE)
    steps["call_no"] = np.repeat(calls["call_no"], STEPS_PER_CALL)
    steps["code"] = np.tile(np.arange(1, STEPS_PER_CALL + 1), n_calls) + (100 if server else 0)
    jitter = np.random.default_rng(seq * 2 + server).integers(0, 400, (2, len(steps)))
    steps["start_ns"] = np.repeat(calls["start_ns"], STEPS_PER_CALL) + steps["code"] % 100 * 1000 + jitter[0]
    steps["end_ns"] = steps["start_ns"] + 500 + jitter[1]
    return encode(job_id, seq, calls[:0] if server else calls, steps, last=last)


def process_tree_cpu_s(pid: int) -> float:
    """CPU seconds (user and system) of a process and its living descendants so far, from /proc (Linux): the
    backend's supervisor and its replicas. On a busy machine the wall time says more about the other load than
    about the code (docs/scale.md)."""
    stats = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:  # ended meanwhile
                continue
            stats[int(entry.name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"))
    tree = {pid}
    for _ in range(4):  # supervisor, replicas, their helpers
        tree |= {p for p, (ppid, _) in stats.items() if ppid in tree}
    return sum(stats[p][1] for p in tree if p in stats)


@contextmanager
def fresh_database(prefix: str):
    """A migrated database on an embedded PostgreSQL of its own in a temporary folder; yields (its URL, the
    folder). The server stops and the folder goes whatever happens."""
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        data = Path(tmp) / "pgdata"
        url = embedded_pg.start(data, database="bench")
        try:
            upgrade(url, REPO_ROOT / "migrations")
            yield url, Path(tmp)
        finally:
            embedded_pg.stop(data)


@contextmanager
def bench_backend(enrollment_token: str, prefix: str = "perflab-bench-", with_database_url: bool = False,
                  with_processes: bool = False):
    """Yields (base URL, the admin's headers), and the database's URL after them if with_database_url (for a
    figure measured beside the API's, straight on the database), and the (server, worker) processes after that
    if with_processes (the soak watches and restarts them); stops the server and the database whatever happens.
    PERFLAB_BENCH_LOG=<file> keeps the backend's log."""
    with fresh_database(prefix) as (url, tmp):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        env = {**os.environ, "DATABASE_URL": url, "PERFLAB_ENROLLMENT_TOKEN": enrollment_token,
               "PERFLAB_ADMIN_PASSWORD": "bench-admin-password"}
        token_file = tmp / "admin.token"
        subprocess.run([sys.executable, "-m", "perflab", "users", "bootstrap", "--token-file", str(token_file)],
                       env=env, check=True, stdout=subprocess.DEVNULL)
        headers = {"Authorization": f"Bearer {token_file.read_text().strip()}"}
        log = open(os.environ.get("PERFLAB_BENCH_LOG", os.devnull), "w")
        # as `make up` runs the lab: the API in its replicas, the analyses in a worker process of their own
        server = subprocess.Popen([sys.executable, "-m", "perflab", "serve", "--port", str(port),
                                   "--replicas", os.environ.get("PERFLAB_REPLICAS", "2")],
                                  env={**env, "PERFLAB_ANALYSIS_WORKER": "0"}, stdout=log, stderr=log)
        worker = subprocess.Popen([sys.executable, "-m", "perflab", "worker"], env=env, stdout=log, stderr=log)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 120  # imports alone take seconds on a loaded machine
            while True:
                try:
                    httpx.get(f"{base}/api/health", timeout=5).raise_for_status()
                    break
                except httpx.HTTPError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        raise SystemExit(f"the backend did not start (exit {server.poll()})") from None
                    time.sleep(0.2)
            yield (base, headers) + ((url,) if with_database_url else ()) + (
                ((server, worker),) if with_processes else ())
        finally:
            for process in (server, worker):
                process.terminate()
                process.wait(15)
            log.close()
