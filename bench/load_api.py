#!/usr/bin/env python3
"""load_api_p99_ms / load_errors / load_ingest_rows_per_s (issue 15, "Load"): one backend process on a fresh
embedded PostgreSQL under a lab's worth of traffic at once, for DURATION_S seconds:
  - 50 simulated agents: a heartbeat every 2 s and a command long-poll always open (as perflab-agent does);
  - 10 of them in pairs run 5 runs at a time, 10 runs in all: the server reports ready, the client uploads a batch
    of 2,000 calls (6 steps each) every 200 ms (the agent's spool period), then both report done;
  - 20 browsers, each reading the runs list, the agents, one run and its live calls about once a second (each
    at its own moments: a random start and a think time of 0.5-1.5 s).
The p99 is over the browsers' reads (what a person waits for); an error is any answer a well-behaved client
should not get (5xx, 4xx, a timeout). Ingest is the step rows the server acknowledged per second of the test.
Beside it, what share of the tail is the host's (issue 36): each browser also reads a trivial server outside the
lab (host_share.trivial_server) after its four reads, and the bench prints that p99 and the CPU each part of the
lab and the rest of the machine took while the runs upload."""

import asyncio
import multiprocessing
import os
import random
import sys
import time

import httpx
import numpy as np

from bench_backend import STEPS_PER_CALL, bench_backend, trace_batch
from host_share import CpuShares, processes_with, tree, trivial_server

AGENTS, RUNS, CONCURRENT_RUNS, BROWSERS = 50, 10, 5, 20
DURATION_S = 40
CALLS_PER_BATCH, BATCHES_PER_RUN = 2_000, 20
TOKEN = "load-bench-token"
LOCKSTEP = "--lockstep" in sys.argv  # every browser reads at the same moments (the worst case, printed apart)


class Tally:
    def __init__(self):
        self.read_ms: list[float] = []
        self.read_paths: list[str] = []
        self.read_at: list[float] = []  # wall-clock second each read began (the browsers run in another process)
        self.server_ms: list[float] = []  # the server's part of each read (its Server-Timing header)
        self.errors: list[str] = []
        self.rows = 0

    def read(self, began: float, at: float, path: str, r: httpx.Response) -> None:
        self.read_ms.append((time.perf_counter() - began) * 1000)
        self.read_at.append(at)
        self.read_paths.append(path)
        self.server_ms.append(float(r.headers.get("server-timing", "app;dur=nan").partition("dur=")[2]))

    def error(self, what: str) -> None:
        if len(self.errors) < 20:
            print(f"error: {what}", file=sys.stderr)
        self.errors.append(what)


async def expect(t: Tally, what: str, call) -> httpx.Response | None:
    try:
        r = await call
    except httpx.HTTPError as e:
        t.error(f"{what}: {type(e).__name__}")
        return None
    if r.status_code >= 400:
        t.error(f"{what}: {r.status_code} {r.text[:120]}")
        return None
    return r


class SimAgent:
    def __init__(self, http: httpx.AsyncClient, name: str, t: Tally):
        self.http, self.name, self.t = http, name, t
        self.commands: asyncio.Queue = asyncio.Queue()

    async def enrol(self) -> None:
        r = await self.http.post("/api/agents/enroll", json={"enrollment_token": TOKEN, "name": self.name,
                                                             "host": "load", "address": "127.0.0.1",
                                                             "version": "load"})
        r.raise_for_status()
        self.id, self.auth = r.json()["agent_id"], {"Authorization": f"Bearer {r.json()['token']}"}

    async def heartbeats(self, until: float, runs_done: asyncio.Event) -> None:
        while time.monotonic() < until or not runs_done.is_set():
            await expect(self.t, "heartbeat", self.http.post("/api/agents/heartbeat", headers=self.auth))
            await asyncio.sleep(2)

    async def long_polls(self, until: float, runs_done: asyncio.Event) -> None:
        # on past DURATION_S while runs are left: on a busy host the first wave outlasts it, and the second
        # wave's agents would never hear their start commands (the bench's own errors, not the lab's)
        while time.monotonic() < until or not runs_done.is_set():
            r = await expect(self.t, "long-poll", self.http.get("/api/agents/commands", params={"wait_s": 5},
                                                                headers=self.auth, timeout=30))
            for c in (r.json()["commands"] if r else []):
                await self.commands.put(c)
            if r is None:
                await asyncio.sleep(1)

    async def next_job(self) -> dict:
        while True:
            c = await self.commands.get()
            if c.get("type") == "start":
                return c["job"]

    async def status(self, job_id: int, state: str, **extra) -> None:
        await expect(self.t, f"status {state}", self.http.post(f"/api/agents/jobs/{job_id}/status",
                                                               json={"state": state, **extra}, headers=self.auth))

    async def upload(self, job_id: int, seq: int, last: bool, server: bool = False) -> None:
        body = trace_batch(job_id, seq, CALLS_PER_BATCH, last, server)
        while True:
            r = await self.http.post(f"/api/agents/jobs/{job_id}/batches", content=body, timeout=60,
                                     headers={**self.auth, "Content-Type": "application/octet-stream"})
            if r.status_code == 429:  # the limit says when: the agent keeps the batch and sends it again
                await asyncio.sleep(float(r.headers.get("retry-after", 1)))
                continue
            if r.status_code != 200:
                self.t.error(f"upload: {r.status_code} {r.text[:120]}")
            else:
                self.t.rows += CALLS_PER_BATCH * STEPS_PER_CALL
            return


async def one_run(admin: httpx.AsyncClient, client: SimAgent, server: SimAgent, t: Tally) -> None:
    r = await expect(t, "launch", admin.post("/api/runs", json={
        "client_agent_id": client.id, "server_agent_id": server.id, "request_bytes": 64, "response_bytes": 64,
        "calls": CALLS_PER_BATCH * BATCHES_PER_RUN, "warmup_calls": 0}))
    if r is None:
        return
    try:
        server_job = await asyncio.wait_for(server.next_job(), 60)
    except TimeoutError:
        t.error(f"run {r.json()['id']}: the server agent never got its start command")
        return
    await server.status(server_job["job_id"], "ready", port=9)
    try:
        client_job = (await asyncio.wait_for(client.next_job(), 60))["job_id"]
    except TimeoutError:
        t.error(f"run {r.json()['id']}: the client agent never got its start command")
        return
    await client.status(client_job, "running")
    for seq in range(BATCHES_PER_RUN):
        await client.upload(client_job, seq, last=seq == BATCHES_PER_RUN - 1)
        await asyncio.sleep(0.2)
    await client.status(client_job, "done")
    await server.upload(server_job["job_id"], 0, last=True, server=True)
    await server.status(server_job["job_id"], "done")


async def browser(admin: httpx.AsyncClient, trivial: httpx.AsyncClient, t: Tally, until: float,
                  rng: random.Random | None) -> None:
    # people open the page at different moments and read it for a while: a random first moment and a think time
    # of 0.5-1.5 s (1 s on average, as load tools draw it). With a fixed 1 s (rng None: --lockstep) all 20 stay
    # in step and the backend meets 80 reads at once every second, which no 20 people do: its worst case.
    await asyncio.sleep(rng.uniform(0, 1) if rng else 0)
    while time.monotonic() < until:
        began, at = time.perf_counter(), time.time()
        runs = await expect(t, "runs", admin.get("/api/runs", params={"limit": 20}))
        if runs is not None:
            t.read(began, at, "/api/runs", runs)
        paths = ["/api/agents"]
        if runs and runs.json()["items"]:
            rid = runs.json()["items"][0]["id"]
            paths += [f"/api/runs/{rid}", f"/api/runs/{rid}/live-calls"]
        for path in paths:
            began, at = time.perf_counter(), time.time()
            if (r := await expect(t, path, admin.get(path))) is not None:
                t.read(began, at, path.split("/")[-1] if path.endswith("live-calls") else
                       "run" if path.startswith("/api/runs/") else path, r)
        began, at = time.perf_counter(), time.time()
        if (r := await expect(t, "trivial server", trivial.get("/"))) is not None:
            t.read(began, at, TRIVIAL, r)
        await asyncio.sleep(rng.uniform(0.5, 1.5) if rng else 1)


# idle connections are dropped before uvicorn's 5 s keep-alive ends them under a request (a ReadError)
LIMITS = httpx.Limits(max_connections=200, max_keepalive_connections=200, keepalive_expiry=4)
TRIVIAL = "trivial server outside the lab"


async def browsers(base: str, trivial_base: str, admin_headers: dict, until: float) -> Tally:
    t = Tally()
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=LIMITS, headers=admin_headers) as admin, \
            httpx.AsyncClient(base_url=trivial_base, timeout=30, limits=LIMITS) as trivial:
        await asyncio.gather(*(browser(admin, trivial, t, until, None if LOCKSTEP else random.Random(i))
                               for i in range(BROWSERS)))
    return t


def browsers_process(base: str, trivial_base: str, admin_headers: dict, until_wall: float, out) -> None:
    """The browsers in a process of their own: a read's time is the server's answer, not the wait for an event
    loop busy with 50 agents' traffic (which doubled the p50 when both shared one)."""
    t = asyncio.run(browsers(base, trivial_base, admin_headers, time.monotonic() + until_wall - time.time()))
    out.send((t.read_ms, t.read_paths, t.read_at, t.server_ms, t.errors))


def cpu_groups(database_url: str) -> CpuShares:
    """The lab's processes by part, and this bench's own simulated agents, browsers and trivial server."""
    def groups() -> dict[str, set[int]]:
        mine = tree(os.getpid())
        api, worker = processes_with("serve", mine), processes_with("worker", mine)
        return {"API replicas": api, "analysis worker": worker,
                "PostgreSQL": processes_with(database_url.rpartition("host=")[2]),
                "the bench's agents, browsers, trivial server": mine - api - worker}
    return CpuShares(groups)


async def load(base: str, admin_headers: dict, database_url: str, trivial_base: str) -> Tally:
    t = Tally()
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=LIMITS) as http, \
            httpx.AsyncClient(base_url=base, timeout=30, limits=LIMITS,
                              headers=admin_headers) as admin:
        agents = [SimAgent(http, f"load-{i:02d}", t) for i in range(AGENTS)]
        for a in agents:
            await a.enrol()
        until = time.monotonic() + DURATION_S
        mine, theirs = multiprocessing.Pipe(duplex=False)
        readers = multiprocessing.get_context("spawn").Process(
            target=browsers_process, args=(base, trivial_base, admin_headers, time.time() + DURATION_S, theirs))
        readers.start()
        runs_done = asyncio.Event()
        background = [asyncio.create_task(f(until, runs_done)) for a in agents for f in (a.heartbeats, a.long_polls)]
        began, t.ingest_began = time.monotonic(), time.time()
        uploading = cpu_groups(database_url)
        pairs = [(agents[2 * i], agents[2 * i + 1]) for i in range(CONCURRENT_RUNS)]
        for wave in range(RUNS // CONCURRENT_RUNS):
            await asyncio.gather(*(one_run(admin, c, s, t) for c, s in pairs))
        runs_done.set()
        t.ingest_s = time.monotonic() - began
        t.ingest_ended, t.cpu_uploading = time.time(), uploading.shares()
        after = cpu_groups(database_url)
        await asyncio.gather(*background)
        t.cpu_after = after.shares()
        if after.seconds < 2:  # the uploads outlasted the browsers: no "after" to speak of
            t.cpu_after = {}
        t.read_ms, t.read_paths, t.read_at, t.server_ms, errors = await asyncio.to_thread(mine.recv)
        t.errors += errors
        await asyncio.to_thread(readers.join)
    return t


def main() -> int:
    with bench_backend(TOKEN, "perflab-bench-load-", with_database_url=True) as (base, headers, url), \
            trivial_server() as trivial_base:
        t = asyncio.run(load(base, headers, url, trivial_base))
    paths, at, all_reads = np.array(t.read_paths), np.array(t.read_at), np.array(t.read_ms)
    reads, trivial = all_reads[paths != TRIVIAL], all_reads[paths == TRIVIAL]  # the figure: the lab's reads
    suffix = "_lockstep" if LOCKSTEP else ""
    print(f"load_api_p99{suffix}_ms: {np.percentile(reads, 99):.1f} ms")
    print(f"load{suffix}_errors: {len(t.errors)} requests")
    # the same browsers at the same moments against a server that does nothing: the host's part of the tail
    print(f"load_trivial_p99{suffix}_ms: {np.percentile(trivial, 99):.1f} ms")
    print(f"load_other_cpu{suffix}_pct: {t.cpu_uploading['the rest of the machine']:.0f} % of a core")
    if not LOCKSTEP:
        print(f"load_ingest_rows_per_s: {t.rows / t.ingest_s:.0f} rows/s")
    print(f"load_api_reads: {len(reads)} (p50 {np.percentile(reads, 50):.1f} ms)", file=sys.stderr)
    server = np.array(t.server_ms)[paths != TRIVIAL]  # from the app's first look at a read to its answer
    print(f"  the server's part (Server-Timing): p50 {np.nanpercentile(server, 50):.1f} ms, p99 "
          f"{np.nanpercentile(server, 99):.1f} ms", file=sys.stderr)
    during = (at >= t.ingest_began) & (at < t.ingest_ended)
    lab = paths != TRIVIAL
    for what, mine in [(path, all_reads[paths == path]) for path in sorted(set(t.read_paths))] + [
            (f"while the runs upload ({t.ingest_s:.0f} s), the lab's", all_reads[during & lab]),
            ("while the runs upload, the trivial server's", all_reads[during & ~lab]),
            ("after, the lab's", all_reads[~during & lab]), ("after, the trivial server's", all_reads[~during & ~lab])]:
        if len(mine):  # which reads make the tail, and when; the lab's beside the host's
            p50, p99 = np.percentile(mine, [50, 99])
            print(f"  {what}: {len(mine)} reads, p50 {p50:.1f} ms, p99 {p99:.1f} ms", file=sys.stderr)
    for phase, shares in (("while the runs upload", t.cpu_uploading), ("after", t.cpu_after)):
        if shares:
            print(f"  CPU {phase} (% of one core, {100 * (os.cpu_count() or 1)} in all): " +
                  ", ".join(f"{name} {pct:.0f}" for name, pct in shares.items()), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
