"""Real perflab-agent daemons for a test: started against a backend, waited for, given a slow RPC run to
interrupt, and stopped the way a service manager stops them."""

import signal
import subprocess
from pathlib import Path

from conftest import ENROLLMENT_TOKEN
from test_agent_integration import AGENT, wait


def start_daemons(backend: str, names: tuple[str, ...], spool_root: Path) -> dict[str, subprocess.Popen]:
    """One daemon a name, each with its spool and its log (<name>.log) under spool_root."""
    return {name: subprocess.Popen(
        [str(AGENT), "daemon", "--backend", backend, "--token", ENROLLMENT_TOKEN, "--name", name,
         "--advertise", "127.0.0.1", "--spool", str(spool_root / name)],
        stdout=subprocess.DEVNULL, stderr=open(spool_root / f"{name}.log", "w")) for name in names}


def online_ids(http, names) -> dict[str, int]:
    """The agents' ids once every one of `names` is online."""
    def ready():
        rows = http.get("/api/agents").json()
        online = {a["name"] for a in rows if a["status"] == "online"}
        return {a["name"]: a["id"] for a in rows} if set(names) <= online else None
    return wait(ready, 30, "agents online")


def slow_rpc_run(http, client_id: int, server_id: int, calls: int) -> int:
    """One thread thinking 2.5 ms between calls (about 4 ms a call): a run long enough to break into."""
    r = http.post("/api/runs", json={
        "kind": "rpc", "transport": "udp", "client_agent_id": client_id, "server_agent_id": server_id,
        "request_bytes": [64], "threads": [1], "think_time_us": [2500], "calls": calls, "warmup_calls": 10,
        "ci_target_pct": 0, "max_rounds": 1})
    assert r.status_code == 201, r.text
    return r.json()["id"]


def progress_after(http, run_id: int, calls_done: int) -> int:
    """calls_done once it has passed `calls_done`: a fault then cuts into a run that is uploading."""
    return wait(lambda: (lambda d: d if d > calls_done else None)(
        http.get(f"/api/runs/{run_id}").json()["calls_done"]), 60, "progress")


def stop_agents(procs: dict[str, subprocess.Popen], timeout_s: float = 10) -> None:
    """SIGTERM to each agent still running, then wait for it (the agent flushes its spool and exits)."""
    for p in procs.values():
        if p.poll() is None:
            p.send_signal(signal.SIGTERM)
    for p in procs.values():
        p.wait(timeout_s)
