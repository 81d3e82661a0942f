#!/usr/bin/env python3
"""api_cpu_ms_<route> (issue 36, "Load"): the API's CPU per request, route by route, one request at a time on a
lab of its own (one replica, a finished run of 20 batches stored). What a busy host's p99 comes down to is how
many cores the lab's traffic needs: the load bench's requests per second times these figures (docs/reliability.md,
"Load"). CPU, not wall time: the figure holds on a busy machine, where the wall time says more about the neighbours.
The replica's idle loops (the reaper) are measured first and taken off."""

import asyncio
import os
import sys
import time

import httpx

os.environ.setdefault("PERFLAB_REPLICAS", "1")  # one process: its CPU is the route's, not a sibling's

import load_api  # noqa: E402 - after the replica count is set
from bench_backend import bench_backend, process_tree_cpu_s  # noqa: E402
from load_api import TOKEN, SimAgent, Tally, one_run  # noqa: E402

REQUESTS = int(os.environ.get("PERFLAB_API_CPU_REQUESTS", "200"))


async def cpu_per_call(serve_pid: int, idle_per_s: float, call, n: int) -> float:
    """CPU seconds of the lab's API process per awaited `call`, its idle loops taken off."""
    for _ in range(10):  # warm: compiled statements cached, pool connections open
        (await call()).raise_for_status()
    cpu, wall = process_tree_cpu_s(serve_pid), time.monotonic()
    for _ in range(n):
        (await call()).raise_for_status()
    return (process_tree_cpu_s(serve_pid) - cpu - idle_per_s * (time.monotonic() - wall)) / n


async def measure(base: str, admin_headers: dict, serve_pid: int) -> dict[str, float]:
    t = Tally()
    async with httpx.AsyncClient(base_url=base, timeout=60) as http, \
            httpx.AsyncClient(base_url=base, timeout=60, headers=admin_headers) as admin:
        agents = [SimAgent(http, f"cpu-{i}", t) for i in range(4)]
        for a in agents:
            await a.enrol()
        done = asyncio.Event()
        alive = [asyncio.create_task(f(time.monotonic(), done)) for a in agents for f in (a.heartbeats, a.long_polls)]
        cpu = process_tree_cpu_s(serve_pid)
        await one_run(admin, agents[0], agents[1], t)  # the batches: what one of the load bench's runs costs
        batches = load_api.BATCHES_PER_RUN + 1  # the client's and the server's
        run_cpu = process_tree_cpu_s(serve_pid) - cpu
        done.set()
        await asyncio.gather(*alive)
        if t.errors:
            raise SystemExit(f"the lab refused the bench's run: {t.errors}")
        run_id = (await admin.get("/api/runs", params={"limit": 1})).json()["items"][0]["id"]
        idle = process_tree_cpu_s(serve_pid)
        await asyncio.sleep(3)
        idle_per_s = (process_tree_cpu_s(serve_pid) - idle) / 3
        agent = agents[2].auth
        routes = {  # the load bench's reads and agent requests
            "runs_list": lambda: admin.get("/api/runs", params={"limit": 20}),
            "agents": lambda: admin.get("/api/agents"),
            "run": lambda: admin.get(f"/api/runs/{run_id}"),
            "live_calls": lambda: admin.get(f"/api/runs/{run_id}/live-calls"),
            "heartbeat": lambda: http.post("/api/agents/heartbeat", headers=agent),
            "commands": lambda: http.get("/api/agents/commands", params={"wait_s": 0}, headers=agent),
            "health": lambda: http.get("/api/health"),  # the floor: a session, SELECT 1, no caller
        }
        figures = {name: await cpu_per_call(serve_pid, idle_per_s, call, REQUESTS) for name, call in routes.items()}
        # the run's batches with everything around them (heartbeats, polls, status reports) over its length
        figures["trace_batch"] = run_cpu / batches
        figures["idle_per_s"] = idle_per_s
        return figures


def main() -> int:
    with bench_backend(TOKEN, "perflab-bench-api-cpu-", with_processes=True) as (base, headers, (server, _)):
        figures = asyncio.run(measure(base, headers, server.pid))
    idle = figures.pop("idle_per_s")
    batch = figures.pop("trace_batch")
    for name, seconds in figures.items():
        print(f"api_cpu_ms_{name}: {seconds * 1000:.2f} ms")
    print(f"api_cpu_ms_trace_batch: {batch * 1000:.1f} ms  (a batch of {load_api.CALLS_PER_BATCH} calls, "
          "its run's other requests included)")
    print(f"  the replica's own loops when idle: {idle * 1000:.1f} ms of CPU a second", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
