#!/usr/bin/env python3
"""ingest_rows_per_s: step rows per second from trace-batch upload through the HTTP API into committed
PostgreSQL rows. A real backend process on a fresh embedded PostgreSQL; one uploader, batches as the agent
sends them (10,000 calls and 60,000 steps each), timed from the first request to the last acknowledgement
(an acknowledged batch is committed)."""

import sys
import time

import httpx


from bench_backend import STEPS_PER_CALL, bench_backend, trace_batch

CALLS_PER_BATCH, BATCHES = 10_000, 40
TOKEN = "bench-token"


def main() -> int:
    with bench_backend(TOKEN) as (base, headers):
        return run(base, headers)


def run(base: str, headers: dict) -> int:
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
        t0 = time.perf_counter()
        for body in bodies:
            r = http.post(f"/api/agents/jobs/{job_id}/batches", content=body, headers=headers)
            if r.status_code != 200 or not r.json()["stored"]:
                print(f"upload failed: {r.status_code} {r.text}", file=sys.stderr)
                return 1
        elapsed = time.perf_counter() - t0
    steps = BATCHES * CALLS_PER_BATCH * STEPS_PER_CALL
    print(f"ingest_rows_per_s: {steps / elapsed:.0f} rows/s")
    print(f"ingest_batch_ms: {elapsed / BATCHES * 1000:.1f} ms", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
