#!/usr/bin/env python3
"""soak_* (issue 36): the lab left running for a while under a steady load, with a replica of the backend and an
agent restarted midway. Does it hold its memory, its file descriptors and every step?

  - four real perflab-agent daemons, two pairs, each pair running ping-pong runs back to back;
  - five readers reading the pages' APIs (the run list, the agents, the latest run and its live calls) about once
    a second each;
  - at half time one API replica is killed (SIGKILL: uvicorn's supervisor starts another) while runs upload, and
    one agent is stopped and started again (SIGTERM between two of its runs: it keeps its spool and its token).

Prints, after a warm-up (the first quarter):
  soak_rss_growth_pct_{backend,worker,agents}: RSS growth from the second quarter's median to the last quarter's,
      of the processes that lived through the soak (the restarted replica and agent start afresh), the worst of
      each group (target <= 5 %);
  soak_fd_growth: open file descriptors, the last quarter's fewest minus the second quarter's fewest, summed over
      the same processes (target 0; the fewest: a connection open for a moment is not a leak);
  soak_lost_steps: steps the agents said they measured (each client's log line `job N: C calls measured`, times
      the steps per call its run stores) and declared in their batches, against the steps stored once (target 0);
  soak_api_p99_ms_q1..q4: the readers' p99 in each quarter.

--duration-s N (default 480: make bench's short form); --full is 20 minutes."""

import argparse
import asyncio
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import numpy as np
import psycopg
from perflab.core.config import REPO_ROOT
from perflab.services import call_store, step_store

from bench_backend import bench_backend
from host_share import processes_with, tree

TOKEN = "soak-bench-token"
AGENT = REPO_ROOT / "agents" / "build" / "perflab-agent"
PAIRS = (("soak-a", "soak-b"), ("soak-c", "soak-d"))
RESTARTED_AGENT = "soak-d"  # a server: its pair's next run needs it back
READERS, CALLS_PER_RUN, SAMPLE_EVERY_S = 5, 30_000, 5


class Agents:
    def __init__(self, base: str, spool_root: Path):
        self.base, self.root, self.procs, self.logs = base, spool_root, {}, []
        for name in (n for pair in PAIRS for n in pair):
            self.start(name)

    def start(self, name: str) -> None:
        self.logs.append(open(self.root / f"{name}.log", "a"))  # noqa: SIM115 (closed by stop())
        self.procs[name] = subprocess.Popen(
            [str(AGENT), "daemon", "--backend", self.base, "--token", TOKEN, "--name", name,
             "--advertise", "127.0.0.1", "--spool", str(self.root / name)],
            stdout=subprocess.DEVNULL, stderr=self.logs[-1])

    def restart(self, name: str) -> None:
        self.procs[name].send_signal(signal.SIGTERM)
        self.procs[name].wait(30)
        self.start(name)

    def stop(self) -> None:
        for p in self.procs.values():
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        for p in self.procs.values():
            p.wait(30)
        for log in self.logs:
            log.close()

    def measured_calls(self) -> dict[int, int]:
        """job id -> calls its client said it measured (its log)."""
        out = {}
        for log in self.root.glob("*.log"):
            for job, calls in re.findall(r"job (\d+): (\d+) calls measured", log.read_text()):
                out[int(job)] = int(calls)
        return out


async def request(http: httpx.AsyncClient, method: str, path: str, **kw) -> httpx.Response:
    """The request, sent again while the connection fails (a killed replica takes its connections with it), for
    up to a minute: the orchestration must outlive the restart it causes; the readers count such failures."""
    for _ in range(60):
        try:
            return await http.request(method, path, **kw)
        except httpx.TransportError:
            await asyncio.sleep(1)
    return await http.request(method, path, **kw)


async def online(http: httpx.AsyncClient, names: set[str], within_s: float = 120) -> dict[str, int]:
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        rows = (await request(http, "GET", "/api/agents")).json()
        if names <= {a["name"] for a in rows if a["status"] == "online"}:
            return {a["name"]: a["id"] for a in rows}
        await asyncio.sleep(0.5)
    raise SystemExit(f"agents {sorted(names)} not online within {within_s} s")


class Soak:
    def __init__(self, http: httpx.AsyncClient, agents: Agents, duration_s: float):
        self.http, self.agents, self.duration_s = http, agents, duration_s
        self.began = time.monotonic()
        self.until = self.began + duration_s
        self.reads: list[tuple[float, float]] = []  # (seconds into the soak, ms)
        self.errors: list[str] = []
        self.runs: dict[str, int] = {"done": 0, "failed": 0, "cancelled": 0}
        self.restart_agent = asyncio.Event()
        self.agent_restarted = False

    def error(self, what: str) -> None:
        if len(self.errors) < 20:
            print(f"error: {what}", file=sys.stderr)
        self.errors.append(what)

    async def pair(self, client: str, server: str) -> None:
        while time.monotonic() < self.until:
            if server == RESTARTED_AGENT and self.restart_agent.is_set() and not self.agent_restarted:
                await asyncio.to_thread(self.agents.restart, server)
                self.agent_restarted = True
            ids = await online(self.http, {client, server})
            r = await request(self.http, "POST", "/api/runs", json={
                "client_agent_id": ids[client], "server_agent_id": ids[server], "request_bytes": 64,
                "response_bytes": 64, "calls": CALLS_PER_RUN, "warmup_calls": 0})
            if r.status_code != 201:
                self.error(f"launch {client}->{server}: {r.status_code} {r.text[:200]}")
                await asyncio.sleep(2)
                continue
            run_id = r.json()["id"]
            while True:
                await asyncio.sleep(1)
                run = (await request(self.http, "GET", f"/api/runs/{run_id}")).json()
                if run["status"] in self.runs:
                    self.runs[run["status"]] += 1
                    if run["status"] != "done":  # why, beside the count: a soak's failure is a finding
                        self.error(f"run {run_id} {client}->{server} {run['status']} at "
                                   f"{time.monotonic() - self.began:.0f} s: {run['reason']}")
                    break

    async def reader(self, n: int) -> None:
        await asyncio.sleep(n / READERS)
        while time.monotonic() < self.until:
            try:
                runs = await self.timed("/api/runs", params={"limit": 20})
                paths = ["/api/agents"]
                if runs is not None and runs.json()["items"]:
                    rid = runs.json()["items"][0]["id"]
                    paths += [f"/api/runs/{rid}", f"/api/runs/{rid}/live-calls"]
                for path in paths:
                    await self.timed(path)
            except httpx.HTTPError as e:
                self.error(f"read: {type(e).__name__}")
            await asyncio.sleep(1)

    async def timed(self, path: str, **kw) -> httpx.Response | None:
        began = time.monotonic()
        r = await self.http.get(path, **kw)
        self.reads.append((began - self.began, (time.monotonic() - began) * 1000))
        if r.status_code != 200:
            self.error(f"{path}: {r.status_code}")
            return None
        return r


def rss_and_fds(pid: int) -> tuple[int, int] | None:
    try:
        rss = int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        return rss, len(os.listdir(f"/proc/{pid}/fd"))
    except (OSError, ValueError):
        return None  # gone


def lab_processes(server: subprocess.Popen, worker: subprocess.Popen, agents: Agents) -> dict[int, str]:
    """pid -> its group, for the processes alive now."""
    groups = {pid: "backend" for pid in tree(server.pid)} | {pid: "worker" for pid in tree(worker.pid)}
    return groups | {p.pid: "agents" for p in agents.procs.values() if p.poll() is None}


async def sample(soak: Soak, server, worker, agents: Agents, samples: dict) -> None:
    """Every SAMPLE_EVERY_S: each lab process's RSS and open descriptors, by (group, pid)."""
    while time.monotonic() < soak.until:
        at = time.monotonic() - soak.began
        for pid, group in lab_processes(server, worker, agents).items():
            if (got := rss_and_fds(pid)) is not None:
                samples.setdefault((group, pid), []).append((at, *got))
        await asyncio.sleep(SAMPLE_EVERY_S)


async def midway(soak: Soak, server: subprocess.Popen) -> None:
    """At half time: one API replica SIGKILLed while runs upload, and the agent restarted before its next run."""
    await asyncio.sleep(soak.duration_s / 2)
    replicas = sorted(processes_with("spawn_main", tree(server.pid)))
    if replicas:
        os.kill(replicas[0], signal.SIGKILL)
        print(f"soak: replica {replicas[0]} killed at {time.monotonic() - soak.began:.0f} s", file=sys.stderr)
    soak.restart_agent.set()


def growth(samples: dict, duration_s: float) -> tuple[dict[str, float], dict[str, int]]:
    """The worst RSS growth per group (%) and the summed fd growth per group, from the second quarter to the
    last, over the processes sampled in both."""
    q = duration_s / 4
    rss: dict[str, float] = {}
    fds: dict[str, int] = {}
    for (group, pid), rows in samples.items():
        at, mem, fd = (np.array(c) for c in zip(*rows))
        second, last = (at >= q) & (at < 2 * q), at >= 3 * q
        if not second.any() or not last.any() or at.min() > q:  # started after the warm-up: a restarted one
            continue
        rss[group] = max(rss.get(group, -100.0), 100 * (np.median(mem[last]) / np.median(mem[second]) - 1))
        fds[group] = fds.get(group, 0) + int(fd[last].min() - fd[second].min())
        quarters = [(at >= i * q) & (at < (i + 1) * q) for i in range(4)]  # a leak grows on, a warm-up flattens
        print(f"  {group} {pid}: RSS median by quarter " + " ".join(
            f"{np.median(mem[w]) / 2**20:.1f}" for w in quarters if w.any()) + " MiB, fewest fds " + " ".join(
            str(fd[w].min()) for w in quarters if w.any()), file=sys.stderr)
    return rss, fds


def lost_steps(database_url: str, measured: dict[int, int]) -> tuple[int, int, int]:
    """(steps lost, steps stored twice, steps stored) over every run of the soak. Lost: steps declared in the
    batches and not stored, and steps of calls a client said it measured that are not stored."""
    lost = duplicate = stored = 0
    with psycopg.connect(database_url) as conn, conn.cursor() as cur:
        cur.execute("SELECT id FROM runs ORDER BY id")
        for (run_id,) in cur.fetchall():
            steps = step_store.read_steps(cur, run_id, order=("call_no", "code", "start_ns"))
            n = len(steps["call_no"])
            repeats = np.ones(max(0, n - 1), dtype=bool)  # a row equal to the one before it (sorted) is a repeat
            for field in ("call_no", "code", "start_ns"):
                repeats &= np.diff(steps[field]) == 0
            distinct = n - int(repeats.sum())
            cur.execute("SELECT coalesce(sum(n_steps), 0) FROM batches WHERE run_id = %s", (run_id,))
            declared = cur.fetchone()[0]
            calls = len(call_store.read_calls(cur, run_id, fields=("call_no",))["call_no"])
            cur.execute("SELECT id FROM jobs WHERE run_id = %s AND role = 'client'", (run_id,))
            said = sum(measured.get(job, 0) for (job,) in cur.fetchall())
            per_call = distinct / calls if calls else 0
            lost += max(0, declared - distinct) + round(max(0, said - calls) * per_call)
            duplicate += n - distinct
            stored += distinct
    return lost, duplicate, stored


async def soak_main(base, headers, database_url, server, worker, duration_s: float, spool: Path) -> int:
    agents = Agents(base, spool)
    samples: dict = {}
    try:
        async with httpx.AsyncClient(base_url=base, headers=headers, timeout=30) as http:
            await online(http, {n for pair in PAIRS for n in pair})
            soak = Soak(http, agents, duration_s)
            await asyncio.gather(*(soak.pair(c, s) for c, s in PAIRS), *(soak.reader(i) for i in range(READERS)),
                                 sample(soak, server, worker, agents, samples), midway(soak, server))
    finally:
        agents.stop()
    rss, fds = growth(samples, duration_s)
    measured = agents.measured_calls()
    lost, duplicate, stored = lost_steps(database_url, measured)
    for group in ("backend", "worker", "agents"):
        print(f"soak_rss_growth_pct_{group}: {rss.get(group, float('nan')):.1f} %")
    print(f"soak_fd_growth: {sum(fds.values())} descriptors")
    print(f"soak_lost_steps: {lost} steps")
    at, ms = (np.array(c) for c in zip(*soak.reads))
    for q in range(4):
        mine = ms[(at >= q * duration_s / 4) & (at < (q + 1) * duration_s / 4)]
        print(f"soak_api_p99_ms_q{q + 1}: {np.percentile(mine, 99):.1f} ms")
    print(f"soak: {duration_s:.0f} s, runs {soak.runs}, {stored} steps stored, {duplicate} twice, "
          f"{len(measured)} clients' counts in the agents' logs, {len(soak.reads)} reads, {len(soak.errors)} "
          f"errors (reads cut by the replica's kill among them), agent restarted: {soak.agent_restarted}; "
          f"fds by group {fds}", file=sys.stderr)
    return 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    p.add_argument("--duration-s", type=float, default=480, help="how long the load runs (default 480)")
    p.add_argument("--full", action="store_true", help="20 minutes")
    args = p.parse_args()
    duration = 1200 if args.full else args.duration_s
    if not 240 <= duration <= 7200:  # quarters of a minute at least: a 60-s soak's agents are still warming up
        p.error(f"--duration-s must be 240 to 7200 (got {duration})")
    if not AGENT.exists():
        raise SystemExit(f"{AGENT} is missing: make -C agents")
    with bench_backend(TOKEN, "perflab-bench-soak-", with_database_url=True, with_processes=True) as (
            base, headers, url, (server, worker)), tempfile.TemporaryDirectory(prefix="perflab-soak-") as spool:
        return asyncio.run(soak_main(base, headers, url, server, worker, duration, Path(spool)))


if __name__ == "__main__":
    sys.exit(main())
