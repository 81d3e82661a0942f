#!/usr/bin/env python3
"""csv_export_rows_per_s and pdf_report_s on a run of 1,000,000 steps.

A real backend process on a fresh embedded PostgreSQL; the run is made through the agent protocol over HTTP
(enrol, launch, ready, 167 batches of 6,000 steps, done), its summary computed before anything is timed.
csv_export_rows_per_s: step rows per second of GET /api/runs/{id}/export.csv?table=steps, timed from the request
to the last byte read by a streaming HTTP client (median of three rounds).
pdf_report_s: seconds for GET /api/runs/{id}/report.pdf (headless Chromium printing the report view in one
pass), median of three rounds. The backend keeps its Chromium running between prints
(services/exports/pdf_browser.py): the first round also starts it, and is shown apart on stderr."""

import statistics
import sys
import time

import httpx
import numpy as np

from perflab.services.batch_format import CALL_DTYPE, STEP_DTYPE, encode

from bench_backend import bench_backend

STEPS_TOTAL, STEPS_PER_CALL, CALLS_PER_BATCH, ROUNDS = 1_000_000, 6, 1_000, 3
CALLS = -(-STEPS_TOTAL // STEPS_PER_CALL)  # 166,667 calls: 1,000,002 steps
TOKEN = "bench-token"
CODES = np.array([1, 2, 3, 101, 102, 103], dtype=np.uint16)


def make_batch(job_id: int, seq: int, first: int, n: int, last: bool) -> bytes:
    calls = np.zeros(n, dtype=CALL_DTYPE)
    calls["call_no"] = np.arange(first, first + n)
    calls["start_ns"] = calls["call_no"].astype(np.int64) * 30_000
    calls["end_ns"] = calls["start_ns"] + 18_000 + (calls["call_no"] % 97) * 40
    calls["request_bytes"] = calls["response_bytes"] = 64
    steps = np.zeros(n * STEPS_PER_CALL, dtype=STEP_DTYPE)
    steps["call_no"] = np.repeat(calls["call_no"], STEPS_PER_CALL)
    steps["code"] = np.tile(CODES, n)
    steps["start_ns"] = np.repeat(calls["start_ns"], STEPS_PER_CALL) + np.tile(np.arange(6) * 3_000, n)
    steps["end_ns"] = steps["start_ns"] + 2_500
    return encode(job_id, seq, calls, steps, last=last)


def make_run(http: httpx.Client) -> int:
    agents = []
    for name in ("bench-client", "bench-server"):
        r = http.post("/api/agents/enroll", json={"enrollment_token": TOKEN, "name": name, "host": "bench",
                                                  "address": "127.0.0.1", "version": "bench"})
        agents.append({"Authorization": f"Bearer {r.json()['token']}"})
    client, server = agents
    by_name = {a["name"]: a["id"] for a in http.get("/api/agents").json()}
    run = http.post("/api/runs", json={"client_agent_id": by_name["bench-client"],
                                       "server_agent_id": by_name["bench-server"], "request_bytes": 64,
                                       "response_bytes": 64, "calls": CALLS, "warmup_calls": 0,
                                       "name": "export bench"})
    run.raise_for_status()
    [cmd] = http.get("/api/agents/commands?wait_s=0", headers=server).json()["commands"]
    server_job = cmd["job"]["job_id"]
    http.post(f"/api/agents/jobs/{server_job}/status", json={"state": "ready", "port": 9},
              headers=server).raise_for_status()
    [cmd] = http.get("/api/agents/commands?wait_s=0", headers=client).json()["commands"]
    job = cmd["job"]["job_id"]
    http.post(f"/api/agents/jobs/{job}/status", json={"state": "running"}, headers=client).raise_for_status()
    headers = {**client, "Content-Type": "application/octet-stream"}
    for seq, first in enumerate(range(0, CALLS, CALLS_PER_BATCH)):
        if seq % 20 == 0:  # both agents stay online however slow the upload (the reaper fails silent ones)
            for h in (client, server):
                http.post("/api/agents/heartbeat", json={}, headers=h).raise_for_status()
        n = min(CALLS_PER_BATCH, CALLS - first)
        r = http.post(f"/api/agents/jobs/{job}/batches", headers=headers,
                      content=make_batch(job, seq, first, n, first + n >= CALLS))
        r.raise_for_status()
    http.post(f"/api/agents/jobs/{job}/status", json={"state": "done"}, headers=client).raise_for_status()
    http.post(f"/api/agents/jobs/{server_job}/status", json={"state": "done"}, headers=server).raise_for_status()
    run_id = run.json()["id"]
    got = http.get(f"/api/runs/{run_id}").json()
    if got["status"] != "done":
        raise SystemExit(f"the bench run ended {got['status']}: {got['reason']}")
    http.get(f"/api/runs/{run_id}/summary").raise_for_status()  # computed once, before the timing
    return run_id


def time_csv(http: httpx.Client, run_id: int) -> float:
    t0 = time.perf_counter()
    lines = 0
    with http.stream("GET", f"/api/runs/{run_id}/export.csv?table=steps") as r:
        r.raise_for_status()
        for chunk in r.iter_raw():
            lines += chunk.count(b"\n")
    elapsed = time.perf_counter() - t0
    if lines - 1 != CALLS * STEPS_PER_CALL:
        raise SystemExit(f"the CSV had {lines - 1} rows, expected {CALLS * STEPS_PER_CALL}")
    return (lines - 1) / elapsed


def time_pdf(http: httpx.Client, run_id: int) -> float:
    t0 = time.perf_counter()
    r = http.get(f"/api/runs/{run_id}/report.pdf")
    elapsed = time.perf_counter() - t0
    if r.status_code != 200 or not r.content.startswith(b"%PDF-"):
        raise SystemExit(f"report.pdf failed: {r.status_code} {r.text[:300]}")
    return elapsed


def main() -> int:
    with bench_backend(TOKEN, "perflab-bench-export-") as (base, headers), \
            httpx.Client(base_url=base, timeout=300, headers=headers) as http:
        run_id = make_run(http)
        rates = [time_csv(http, run_id) for _ in range(ROUNDS)]
        pdfs = [time_pdf(http, run_id) for _ in range(ROUNDS)]
    print(f"csv rounds: {', '.join(f'{r:.0f}' for r in rates)} rows/s; pdf rounds: "
          f"{', '.join(f'{p:.2f}' for p in pdfs)} s (the first starting Chromium)", file=sys.stderr)
    print(f"csv_export_rows_per_s: {statistics.median(rates):.0f} rows/s")
    print(f"pdf_report_s: {statistics.median(pdfs):.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
