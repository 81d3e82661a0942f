#!/usr/bin/env python3
"""scale_<size>_*: a lab holding --steps steps (issue 34 item 3; default 1e8, the issue's 1e9 left to a machine with
the time), loaded through the real ingest path: a real backend (bench_backend: `perflab serve` and a worker on a
fresh embedded PostgreSQL in a temporary folder, removed after), its runs launched by the API and their trace
batches uploaded by HTTP as the agent sends them (10,000 ping-pong calls of 6 client steps a batch, two at a
time). One run of 1,000,000 calls (6 M steps), the rest in runs of 200,000 calls. Then, with every run stored:

  scale_<size>_disk_gb                the database's size on disk (pg_database_size)
  scale_<size>_runs_page_ms           GET /api/runs (the Runs page's list), median of 5
  scale_<size>_run_page_first_paint_ms  the 1M-call run page's first requests (the run, its summary, its first
                                      calls, its analyses' index) sent at once as the page sends them, until the
                                      last answers: API time, no browser; median of 5
  scale_<size>_analysis_s             analyse() of the 1M-call run in this process, as bench/analysis_1m_steps_s.py
  scale_<size>_load_api_p99_ms        bench/load_api.py's traffic (its 50 agents, 10 runs, 20 browsers) on this lab

<size> names the size actually loaded (1e8, 1e7...): a smaller --steps says so in every line."""

import argparse
import asyncio
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import numpy as np
import psycopg

import load_api
from bench_backend import STEPS_PER_CALL, bench_backend, trace_batch
from ingest_steps_per_s import as_the_agent_sends
from step_storage import median_ms
from perflab.core.db import Database
from perflab.models import Run
from perflab.services.analyses import analyse

CALLS_PER_BATCH, BIG_RUN_CALLS, RUN_CALLS = 10_000, 1_000_000, 200_000


class Lab:
    def __init__(self, http: httpx.Client):
        self.http = http
        self.agents = []
        for name in ("scale-client", "scale-server"):
            r = http.post("/api/agents/enroll", json={"enrollment_token": load_api.TOKEN, "name": name,
                                                      "host": "scale", "address": "127.0.0.1", "version": "scale"})
            r.raise_for_status()
            self.agents.append((r.json()["agent_id"], {"Authorization": f"Bearer {r.json()['token']}"}))

    def command(self, auth: dict) -> dict:
        for _ in range(100):
            for c in self.http.get("/api/agents/commands?wait_s=1", headers=auth).json()["commands"]:
                if c.get("type") == "start":
                    return c["job"]
        raise SystemExit("no start command for the agent")

    def status(self, job_id: int, auth: dict, state: str, **extra) -> None:
        self.http.post(f"/api/agents/jobs/{job_id}/status", json={"state": state, **extra},
                       headers=auth).raise_for_status()

    def run(self, calls: int) -> int:
        """Launch a run of `calls` calls, upload all its batches, end it; returns its id."""
        (client, c_auth), (server, s_auth) = self.agents
        for _, auth in self.agents:
            self.http.post("/api/agents/heartbeat", headers=auth).raise_for_status()
        r = self.http.post("/api/runs", json={"client_agent_id": client, "server_agent_id": server,
                                              "request_bytes": 64, "response_bytes": 64, "calls": calls,
                                              "warmup_calls": 0})
        r.raise_for_status()
        run_id = r.json()["id"]
        server_job = self.command(s_auth)["job_id"]
        self.status(server_job, s_auth, "ready", port=9)
        job = self.command(c_auth)["job_id"]
        self.status(job, c_auth, "running")
        batches = calls // CALLS_PER_BATCH
        headers = {**c_auth, "Content-Type": "application/octet-stream"}

        def send(seq: int) -> bool:
            body = trace_batch(job, seq, CALLS_PER_BATCH, last=seq == batches - 1)
            while True:
                r = self.http.post(f"/api/agents/jobs/{job}/batches", content=body, headers=headers, timeout=120)
                if r.status_code == 429:  # the upload limit: the agent waits and sends it again
                    time.sleep(float(r.headers.get("retry-after", 1)))
                    continue
                r.raise_for_status()
                return True
        if not as_the_agent_sends(list(range(batches)), send):
            raise SystemExit("an upload failed")
        self.status(job, c_auth, "done")
        self.status(server_job, s_auth, "done")
        return run_id


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--steps", type=float, default=1e8, help="steps in the lab (at least the 1M-call run's 6e6)")
    args = ap.parse_args()
    big_steps = BIG_RUN_CALLS * STEPS_PER_CALL
    if args.steps < big_steps:
        ap.error(f"--steps must be at least {big_steps:.0e} (the 1M-call run)")
    small_runs = round((args.steps - big_steps) / (RUN_CALLS * STEPS_PER_CALL))
    steps = big_steps + small_runs * RUN_CALLS * STEPS_PER_CALL
    size = f"{steps:.0e}".replace("e+0", "e").replace("e+", "e")  # 1e8, or 6e6: the size loaded, not asked
    with bench_backend(load_api.TOKEN, "perflab-bench-scale-", with_database_url=True) as (base, headers, url):
        with httpx.Client(base_url=base, timeout=60, headers=headers,
                          limits=httpx.Limits(max_keepalive_connections=0)) as http:
            lab = Lab(http)
            began = time.perf_counter()
            big = lab.run(BIG_RUN_CALLS)
            for _ in range(small_runs):
                lab.run(RUN_CALLS)
            load_s = time.perf_counter() - began
            print(f"loaded {steps:.3g} steps in {small_runs + 1} runs in {load_s:.0f} s "
                  f"({steps / load_s / 1e6:.2f} M steps/s), load average {_load():.1f}", file=sys.stderr)
            with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://")) as conn:
                disk = conn.execute("SELECT pg_database_size(current_database())").fetchone()[0]
            runs_ms = median_ms(lambda: http.get("/api/runs", params={"limit": 50}).raise_for_status())
            paths = [f"/api/runs/{big}", f"/api/runs/{big}/summary", f"/api/runs/{big}/calls",
                     f"/api/runs/{big}/analyses"]
            with ThreadPoolExecutor(len(paths)) as pool:
                answers = []
                paint_ms = median_ms(lambda: answers.append([r.status_code for r in pool.map(http.get, paths)]))
            print(f"the run page's first requests answered {answers[-1]} ({', '.join(paths)})", file=sys.stderr)
        db = Database(url)
        with db.session() as s:
            began = time.perf_counter()
            index = analyse(s, s.get(Run, big))
            analysis_s = time.perf_counter() - began
        db.dispose()
        t = asyncio.run(load_api.load(base, headers))
    print(f"scale_{size}_disk_gb: {disk / 1e9:.2f} GB")
    print(f"scale_{size}_runs_page_ms: {runs_ms:.1f} ms")
    print(f"scale_{size}_run_page_first_paint_ms: {paint_ms:.1f} ms")
    print(f"scale_{size}_analysis_s: {analysis_s:.2f} s" + ("" if not index.get("error") else " (failed)"))
    print(f"scale_{size}_load_api_p99_ms: {np.percentile(np.array(t.read_ms), 99):.1f} ms "
          f"({len(t.errors)} errors)")
    print(f"load average at the end {_load():.1f}", file=sys.stderr)
    return 0


def _load() -> float:
    return float(open("/proc/loadavg").read().split()[0])


if __name__ == "__main__":
    sys.exit(main())
