#!/usr/bin/env python3
"""The compose profile `scale` run on one machine without Docker (docs/scale.md, "When a team outgrows one
machine"): a primary and a streaming replica of it (embedded_pg.start_replica), two `perflab serve` processes
reading their pages from the replica (DATABASE_READ_URL), two `perflab worker`s, nginx (the Debian package) in
front with the profile's own config (deploy/scale/nginx.conf.template), and two real agents that reach the lab
only through the proxy. --runs ping-pongs of --calls calls are launched through the proxy while a browser reads
the Runs page and the newest run's pages through it, until every run is done and analysed. Prints:
- scale_local_runs_analysed: runs done with every call and analysed (of --runs);
- scale_local_backends_used: backends nginx sent requests to (of 2);
- scale_local_workers_used: analysis workers that analysed a run (of 2; whichever asks first takes a run);
- scale_local_page_reads_from_replica_pct: the browser's reads of the Runs page and the run's page (its record and
  summary) that the replica answered (its asks for analyses not yet stored go to the primary, which knows the
  workers: docs/scale.md);
- scale_local_page_read_errors: the browser's reads answered 5xx;
- scale_local_page_p50_ms, scale_local_page_p99_ms: all the browser's reads through the proxy;
- scale_local_replay_lag_max_ms: the replica's largest replay lag seen (pg_stat_replication) while runs upload.
Exits 1 if a run fails, a read fails or a backend took no share. Everything it started is stopped whatever happens."""

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import ExitStack
from pathlib import Path

import httpx
import numpy as np
import psycopg

from perflab.core import embedded_pg
from perflab.core.config import REPO_ROOT
from perflab.core.read_replica import READ_FROM_HEADER
from perflab.migrate import upgrade

AGENT = REPO_ROOT / "agents" / "build" / "perflab-agent"
TEMPLATE = REPO_ROOT / "deploy" / "scale" / "nginx.conf.template"
TOKEN = "scale-local-enrolment-token"
TEMPLATE_VAR = re.compile(r"\$\{(PERFLAB_[A-Z_]+)\}")  # what the nginx image's envsubst fills (NGINX_ENVSUBST_FILTER)


def free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait(probe, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        got = probe()
        if got:
            return got
        time.sleep(0.2)
    raise SystemExit(f"timed out waiting for {what}")


def healthy(base: str) -> bool:
    try:
        return httpx.get(f"{base}/api/health", timeout=3).status_code == 200
    except httpx.HTTPError:
        return False


def nginx_config(prefix: Path, backends: list[str], port: int) -> Path:
    """The compose profile's server block, filled as the nginx image fills it, in a main config of ours (its files
    in prefix; the access log names the backend of every request)."""
    values = {"PERFLAB_BACKEND_A": backends[0], "PERFLAB_BACKEND_B": backends[1], "PERFLAB_PROXY_PORT": str(port)}
    (prefix / "perflab.conf").write_text(TEMPLATE_VAR.sub(lambda m: values[m.group(1)], TEMPLATE.read_text()))
    temp = "\n".join(f"  {kind}_temp_path {prefix / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi",
                                                                         "scgi"))
    user = "user root root;\n" if os.geteuid() == 0 else ""  # its files are ours
    main = prefix / "nginx.conf"
    main.write_text(f"""{user}worker_processes 1;
pid {prefix / "nginx.pid"};
error_log {prefix / "error.log"} warn;
events {{ worker_connections 1024; }}
http {{
  log_format upstream '$upstream_addr $status';
  access_log {prefix / "access.log"} upstream;
{temp}
  include {prefix / "perflab.conf"};
}}
""")
    return main


class Lab:
    """Every process of the topology, stopped (and the servers' folders removed) by close()."""

    def __init__(self, root: Path):
        self.root, self.procs, self.logs = root, [], {}

    def start(self, name: str, argv: list[str], env: dict | None = None) -> subprocess.Popen:
        log = open(self.root / f"{name}.log", "w")
        self.logs[name] = self.root / f"{name}.log"
        p = subprocess.Popen(argv, env=env, stdout=log, stderr=subprocess.STDOUT)
        self.procs.append((name, p, log))
        return p

    def close(self) -> None:
        for _, p, _ in reversed(self.procs):  # agents first, the proxy, the backends and workers last
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        for name, p, log in reversed(self.procs):
            try:
                p.wait(20)
            except subprocess.TimeoutExpired:
                print(f"{name} did not stop on SIGTERM: killed", file=sys.stderr)
                p.kill()
                p.wait()
            log.close()


def replay_lag_max_ms(primary: str, stop: threading.Event, seen: list[float]) -> None:
    with psycopg.connect(primary, autocommit=True) as conn:
        while not stop.is_set():
            lag = conn.execute("SELECT max(extract(epoch FROM replay_lag)) FROM pg_stat_replication").fetchone()[0]
            if lag is not None:
                seen.append(float(lag) * 1000)
            stop.wait(0.1)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--runs", type=int, default=4, help="ping-pongs launched (1-50)")
    p.add_argument("--calls", type=int, default=20_000, help="calls of each (1000-1000000)")
    args = p.parse_args()
    if not 1 <= args.runs <= 50:
        p.error(f"--runs must be 1 to 50 (got {args.runs})")
    if not 1000 <= args.calls <= 1_000_000:
        p.error(f"--calls must be 1000 to 1000000 (got {args.calls})")
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        raise SystemExit("nginx is missing: scripts/deps.sh test installs it (Debian's nginx-light)")
    if not AGENT.exists():
        raise SystemExit(f"{AGENT} is missing: make -C agents")

    root = Path(tempfile.mkdtemp(prefix="perflab-scale-"))  # short: the servers' sockets live in their folders
    lab = Lab(root)
    stop_lag = threading.Event()
    with ExitStack() as cleanup:
        cleanup.callback(shutil.rmtree, root, ignore_errors=True)
        cleanup.callback(lambda: embedded_pg.stop(root / "primary"))
        cleanup.callback(lambda: embedded_pg.stop(root / "replica"))
        cleanup.callback(lab.close)
        cleanup.callback(stop_lag.set)

        primary = embedded_pg.start(root / "primary", "perflab")
        replica = embedded_pg.start_replica(root / "primary", root / "replica", "perflab")
        upgrade(primary, REPO_ROOT / "migrations")
        env = {**os.environ, "DATABASE_URL": primary, "PERFLAB_ENROLLMENT_TOKEN": TOKEN,
               "PERFLAB_ADMIN_PASSWORD": "scale-local-admin-password", "PERFLAB_STATE": str(root / "state")}
        subprocess.run([sys.executable, "-m", "perflab", "users", "bootstrap", "--token-file",
                        str(root / "admin.token")], env=env, check=True, stdout=subprocess.DEVNULL)
        headers = {"Authorization": f"Bearer {(root / 'admin.token').read_text().strip()}"}

        backends = [f"127.0.0.1:{free_port()}" for _ in range(2)]
        for i, address in enumerate(backends):
            lab.start(f"backend-{'ab'[i]}", [sys.executable, "-m", "perflab", "serve", "--port",
                                            address.split(":")[1]],
                      {**env, "DATABASE_READ_URL": replica, "PERFLAB_ANALYSIS_WORKER": "0"})
        for i in range(2):
            lab.start(f"worker-{'ab'[i]}", [sys.executable, "-m", "perflab", "worker"], env)
        for address in backends:
            wait(lambda address=address: healthy(f"http://{address}"), 120, f"the backend on {address}")
        port = free_port()
        lab.start("proxy", [nginx, "-p", str(root), "-c", str(nginx_config(root, backends, port)),
                            "-g", "daemon off;"])
        base = f"http://127.0.0.1:{port}"
        wait(lambda: healthy(base), 30, "nginx")

        for name in ("scale-a", "scale-b"):
            lab.start(name, [str(AGENT), "daemon", "--backend", base, "--name", name, "--advertise", "127.0.0.1",
                             "--spool", str(root / f"spool-{name}")], {**os.environ, "PERFLAB_ENROLLMENT_TOKEN": TOKEN})
        http = cleanup.enter_context(httpx.Client(base_url=base, headers=headers, timeout=60))
        ids = wait(lambda: (lambda rows: {a["name"]: a["id"] for a in rows} if sum(
            a["status"] == "online" for a in rows) == 2 else None)(http.get("/api/agents").json()), 60, "agents online")

        lags: list[float] = []
        threading.Thread(target=replay_lag_max_ms, args=(primary, stop_lag, lags), daemon=True).start()
        run_ids = []
        for _ in range(args.runs):
            r = http.post("/api/runs", json={"client_agent_id": ids["scale-a"], "server_agent_id": ids["scale-b"],
                                             "request_bytes": 64, "response_bytes": 64, "calls": args.calls,
                                             "warmup_calls": 100})
            if r.status_code != 201:
                raise SystemExit(f"launch refused: {r.status_code} {r.text}")
            run_ids.append(r.json()["id"])

        # a browser that wrote nothing: the Runs page and the newest run's page, until every run is analysed
        browser = cleanup.enter_context(httpx.Client(base_url=base, headers=headers, timeout=60))
        times_ms, from_replica, reads, errors = [], 0, 0, 0
        analysed: set[int] = set()
        deadline = time.monotonic() + 60 + args.runs * args.calls / 2000  # loopback ping-pong: >5k calls/s
        while len(analysed) < len(run_ids):
            if time.monotonic() > deadline:
                raise SystemExit(f"runs not analysed in time: {sorted(set(run_ids) - analysed)}")
            page = browser.get("/api/runs", params={"limit": 50})
            newest = max((r for r in page.json()["items"] if r["id"] in run_ids and r["status"] != "queued"),
                         key=lambda r: r["id"], default=None)
            answers = [page]
            if newest is not None:
                answers += [browser.get(f"/api/runs/{newest['id']}"), browser.get(f"/api/runs/{newest['id']}/summary")]
            for run in page.json()["items"]:
                if run["id"] in run_ids and run["status"] in ("failed", "cancelled"):
                    raise SystemExit(f"run {run['id']} {run['status']}: {run}")
                if run["id"] in run_ids and run["status"] == "done" and run["id"] not in analysed:
                    a = browser.get(f"/api/runs/{run['id']}/analyses")
                    answers.append(a)
                    if a.status_code == 200 and a.json()["kinds"]:
                        analysed.add(run["id"])
            for a in answers:
                times_ms.append(a.elapsed.total_seconds() * 1000)
                errors += a.status_code >= 500
                if not a.url.path.endswith("/analyses"):  # asked until stored: on the primary till then (by design)
                    reads += 1
                    from_replica += a.headers.get(READ_FROM_HEADER) == "replica"
            time.sleep(0.2)
        stop_lag.set()

        complete = sum(r["calls_done"] == r["calls_total"] for r in (http.get(f"/api/runs/{i}").json()
                                                                     for i in run_ids))
        upstreams = {line.split()[0] for line in (root / "access.log").read_text().splitlines() if line.strip()}
        workers = sum("analysed run" in lab.logs[w].read_text() for w in ("worker-a", "worker-b"))
        print(f"scale_local_runs_analysed: {complete} runs (of {args.runs}, {args.calls} calls each)")
        print(f"scale_local_backends_used: {len(upstreams & set(backends))} backends (of 2)")
        print(f"scale_local_workers_used: {workers} workers (of 2)")
        print(f"scale_local_page_reads_from_replica_pct: {100 * from_replica / reads:.1f} % ({reads} reads)")
        print(f"scale_local_page_read_errors: {errors} reads")
        print(f"scale_local_page_p50_ms: {np.percentile(times_ms, 50):.1f} ms")
        print(f"scale_local_page_p99_ms: {np.percentile(times_ms, 99):.1f} ms")
        print(f"scale_local_replay_lag_max_ms: {max(lags, default=0.0):.1f} ms")
        return 0 if complete == args.runs and len(upstreams & set(backends)) == 2 and errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
