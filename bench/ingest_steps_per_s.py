#!/usr/bin/env python3
"""ingest_steps_per_s: steps per second from trace-batch upload through the HTTP API into committed PostgreSQL
rows (each batch's calls as rows, its steps as compressed blocks, services/step_store.py). A real backend process (its replicas, as `make up` runs it) on a fresh embedded PostgreSQL; one
uploader sending batches as the agent does (10,000 calls and 60,000 steps each; uploader.c: the job's first batch
alone, then two at a time, each POST on a connection of its own), timed from the first request to the last
acknowledgement (an acknowledged batch is committed).

Beside it, in the same run and on the same database, the limit it stands against: ingest_copy_limit_steps_per_s
stores the same batches straight with psycopg, no HTTP and no backend, two at a time likewise on
two connections: per batch one transaction with the binary COPY of its calls and of its steps, the backend's own
code (the payloads built beforehand, so only PostgreSQL's work is timed), committed as the backend commits;
ingest_vs_copy_limit is the ratio of the two."""

import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import psycopg

from bench_backend import STEPS_PER_CALL, bench_backend, process_tree_cpu_s, trace_batch
from perflab.services.batch_format import decode
from perflab.services.ingest import copy_payloads, write_copies

CALLS_PER_BATCH, BATCHES = 10_000, 40
TOKEN = "bench-token"
LIMIT_RUN_ID = 1_000_000_000  # the direct COPY's rows: a run id of their own (calls/step_blocks have no foreign keys)


def main() -> int:
    with bench_backend(TOKEN, with_database_url=True, with_processes=True) as (base, headers, database_url,
                                                                                (server, _)):
        cpu_before = process_tree_cpu_s(server.pid)
        bodies, http_s = through_api(base, headers)
        backend_cpu_s = process_tree_cpu_s(server.pid) - cpu_before
        if bodies is None:
            return 1
        copy_s = straight_copy(database_url, bodies, LIMIT_RUN_ID)
        # the cause, side by side: each part's COPY alone (runs of their own: the calls' keys stay unique)
        calls_s = straight_copy(database_url, bodies, LIMIT_RUN_ID + 1, parts=slice(0, 1))
        blocks_s = straight_copy(database_url, bodies, LIMIT_RUN_ID + 2, parts=slice(1, None))
    steps = BATCHES * CALLS_PER_BATCH * STEPS_PER_CALL
    print(f"ingest_steps_per_s: {steps / http_s:.0f} steps/s")
    print(f"ingest_copy_limit_steps_per_s: {steps / copy_s:.0f} steps/s")
    print(f"ingest_vs_copy_limit: {copy_s / http_s:.3f}")
    print(f"ingest_wall_ms_per_batch: {http_s / BATCHES * 1000:.1f} ms (straight COPY "
          f"{copy_s / BATCHES * 1000:.1f} ms), two batches at a time; of the COPY, the calls' rows alone "
          f"{calls_s / BATCHES * 1000:.1f} ms, the steps' blocks alone {blocks_s / BATCHES * 1000:.1f} ms; the "
          f"backend's CPU (its replicas) {backend_cpu_s / BATCHES * 1000:.1f} ms a batch, load average "
          f"{os.getloadavg()[0]:.1f}", file=sys.stderr)
    return 0


def through_api(base: str, headers: dict) -> tuple[list[bytes] | None, float]:
    with httpx.Client(base_url=base, timeout=60, headers=headers) as http:
        agents = []
        for name in ("bench-client", "bench-server"):
            r = http.post("/api/agents/enroll", json={"enrollment_token": TOKEN, "name": name, "host": "bench",
                                                      "address": "127.0.0.1", "version": "bench"})
            agents.append({"id": r.json()["agent_id"], "headers": {"Authorization": f"Bearer {r.json()['token']}"}})
        client, server = agents
        http.post("/api/runs", json={"client_agent_id": client["id"], "server_agent_id": server["id"],
                                     "request_bytes": 64, "response_bytes": 64,
                                     "calls": CALLS_PER_BATCH * BATCHES, "warmup_calls": 0}).raise_for_status()
        [cmd] = http.get("/api/agents/commands?wait_s=0", headers=server["headers"]).json()["commands"]
        http.post(f"/api/agents/jobs/{cmd['job']['job_id']}/status", json={"state": "ready", "port": 9},
                  headers=server["headers"]).raise_for_status()
        [cmd] = http.get("/api/agents/commands?wait_s=0", headers=client["headers"]).json()["commands"]
        job_id = cmd["job"]["job_id"]
        bodies = [trace_batch(job_id, seq, CALLS_PER_BATCH, last=seq == BATCHES - 1) for seq in range(BATCHES)]
        headers = {**client["headers"], "Content-Type": "application/octet-stream"}
        headers["Connection"] = "close"  # libcurl's handle per request: the kernel picks each POST's replica

        def post(body: bytes) -> bool:
            r = http.post(f"/api/agents/jobs/{job_id}/batches", content=body, headers=headers)
            if r.status_code != 200 or not r.json()["stored"]:
                print(f"upload failed: {r.status_code} {r.text}", file=sys.stderr)
            return r.status_code == 200 and r.json()["stored"]
        t0 = time.perf_counter()
        if not as_the_agent_sends(bodies, post):
            return None, 0.0
        return bodies, time.perf_counter() - t0


def as_the_agent_sends(items: list, send) -> bool:
    """send(item) for each item as uploader.c sends a job's batches: the first alone, then two at a time (both
    done before the next two). False once a send fails."""
    with ThreadPoolExecutor(2) as pool:
        if not send(items[0]):
            return False
        return all(all(pool.map(send, items[i:i + 2])) for i in range(1, len(items), 2))


def straight_copy(database_url: str, bodies: list[bytes], run_id: int, parts: slice = slice(None)) -> float:
    """Seconds to store the batches' calls and steps (or the parts of copy_payloads given) by COPY alone, a
    committed transaction per batch (the payloads, steps encoded, built beforehand: PostgreSQL's part alone)."""
    copies = [copy_payloads(run_id, decode(body))[parts] for body in bodies]
    url = database_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(url, autocommit=True) as one, psycopg.connect(url, autocommit=True) as two:
        idle = [one, two]

        def store(batch_copies) -> bool:
            conn = idle.pop()  # two stores at a time at most: a connection each
            try:
                with conn.transaction(), conn.cursor() as cur:
                    write_copies(cur, batch_copies)
            finally:
                idle.append(conn)
            return True
        t0 = time.perf_counter()
        as_the_agent_sends(copies, store)
        return time.perf_counter() - t0


if __name__ == "__main__":
    sys.exit(main())
