"""The agent under LeakSanitizer (issue 36): built with AddressSanitizer (`make -C agents lsan`, apart in
agents/build/lsan/), two daemons run a short ping-pong run and a short RPC run against a live backend, then are
stopped as a service manager stops them. Each must exit 0 with no sanitizer report in its log: a leak found at
exit (or any memory error on the way) makes the sanitizer's exit code and its report."""

import os
import signal
import subprocess

import httpx

from perflab.core.config import REPO_ROOT

from agent_procs import online_ids, slow_rpc_run
from conftest import ENROLLMENT_TOKEN
from test_agent_integration import finished, wait

LSAN_AGENT = REPO_ROOT / "agents" / "build" / "perflab-agent-lsan"
SANITIZER_EXIT = 23  # not an exit code of the agent's own


def test_the_agent_runs_jobs_and_exits_without_a_leak(live_server, admin_headers, tmp_path):
    built = subprocess.run(["make", "-j2", "-C", str(REPO_ROOT / "agents"), "lsan"], capture_output=True, text=True)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    env = {**os.environ, "ASAN_OPTIONS": f"detect_leaks=1:exitcode={SANITIZER_EXIT}"}
    procs = {name: subprocess.Popen(
        [str(LSAN_AGENT), "daemon", "--backend", live_server, "--token", ENROLLMENT_TOKEN, "--name", name,
         "--advertise", "127.0.0.1", "--spool", str(tmp_path / name)],
        env=env, stdout=subprocess.DEVNULL, stderr=open(tmp_path / f"{name}.log", "w")) for name in ("ls-a", "ls-b")}
    http = httpx.Client(base_url=live_server, timeout=30, headers=admin_headers)
    try:
        ids = online_ids(http, procs)
        r = http.post("/api/runs", json={"client_agent_id": ids["ls-a"], "server_agent_id": ids["ls-b"],
                                         "request_bytes": 64, "response_bytes": 64, "calls": 2_000,
                                         "warmup_calls": 10})
        assert r.status_code == 201, r.text
        runs = [r.json()["id"], None]
        assert wait(lambda: finished(http, runs[0]), 120, "the ping-pong run")["status"] == "done"
        runs[1] = slow_rpc_run(http, ids["ls-a"], ids["ls-b"], 200)
        assert wait(lambda: finished(http, runs[1]), 120, "the RPC run")["status"] == "done"
    finally:
        for p in procs.values():
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        codes = {name: p.wait(60) for name, p in procs.items()}
        http.close()
    logs = {name: (tmp_path / f"{name}.log").read_text() for name in procs}
    for name, code in codes.items():
        assert code == 0 and "Sanitizer" not in logs[name], f"{name} exited {code}:\n{logs[name][-4000:]}"
