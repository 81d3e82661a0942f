"""The trace spool survives an agent killed mid-run: batches measured while the backend was
unreachable are spooled, and the restarted agent uploads them: nothing lost, nothing twice. The same for the
client of a ping-pong run and of an RPC run (one uploader for every kind)."""

import re
import signal
import struct
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx

from agent_procs import slow_rpc_run, stop_agents
from conftest import ENROLLMENT_TOKEN, free_port
from test_agent_integration import AGENT, _online, finished, wait
from test_fault_backend_killed import step_counts


class Gate:
    """A reverse proxy in front of the backend that can refuse trace uploads (503), as a backend
    outage looks to one agent, while commands and heartbeats still pass."""

    def __init__(self, backend: str):
        self.blocked = False
        gate = self
        upstream = self.upstream = httpx.Client(base_url=backend, timeout=60)

        class Handler(BaseHTTPRequestHandler):
            def _forward(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if gate.blocked and self.path.endswith("/batches"):
                    status, content, ctype = 503, b'{"detail": "gate closed"}', "application/json"
                else:
                    headers = {k: v for k, v in self.headers.items()
                               if k.lower() in ("authorization", "content-type")}
                    # an agent's long poll forwarded for a second at most: one still waiting when the test ends
                    # would hold the backend's shutdown (its reaper, offline after 3 s, would go on failing the
                    # next test's runs); the agent polls again at once
                    path = re.sub(r"([?&]wait_s=)[0-9.]+", r"\g<1>1", self.path)
                    r = upstream.request(self.command, path, content=body, headers=headers)
                    status, content, ctype = r.status_code, r.content, r.headers.get("content-type", "")
                self.send_response(status)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(content)))
                self.end_headers()
                self.wfile.write(content)

            do_GET = do_POST = _forward

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.upstream.close()


def spooled_call_nos(spool: Path, job_id: int) -> list[int]:
    """Call numbers in the spooled batches of one job (format: docs/protocol.md, Trace batch)."""
    out = []
    for f in sorted(spool.glob(f"job-{job_id}-*.plb")):
        b = f.read_bytes()
        n_calls = struct.unpack_from("<I", b, 20)[0]
        call_bytes = {1: 32, 2: 56, 3: 64}[struct.unpack_from("<H", b, 4)[0]]  # batch format v1 / v2 / v3
        out += [struct.unpack_from("<I", b, 48 + call_bytes * i)[0] for i in range(n_calls)]
    return out


def agent(name, backend, spool, log):
    return subprocess.Popen([str(AGENT), "daemon", "--backend", backend, "--token", ENROLLMENT_TOKEN,
                             "--name", name, "--advertise", "127.0.0.1", "--spool", str(spool)],
                            stdout=subprocess.DEVNULL, stderr=open(log, "a"))


def killed_and_restarted(live_server, admin_headers, tmp_path, launch, settled=lambda http, run_id: True):
    """Agent sp-a (behind the gate) runs the client side of the run `launch(http, client_id, server_id)` starts;
    its uploads are refused, it is SIGKILLed with batches in its spool, the run fails, and it is started again
    with the gate open. Returns the run's id, the call numbers stored before the restart, those that were in the
    spool and those stored once the spool is empty and `settled(http, run_id)` holds."""
    gate = Gate(live_server)
    spool = tmp_path / "sp-a"
    procs = {"sp-a": agent("sp-a", gate.url, spool, tmp_path / "sp-a.log"),
             "sp-b": agent("sp-b", live_server, tmp_path / "sp-b", tmp_path / "sp-b.log")}
    http = httpx.Client(base_url=live_server, timeout=30, headers=admin_headers)
    try:
        ids = wait(lambda: _online(http, procs), 15, "agents online")
        run_id = launch(http, ids["sp-a"], ids["sp-b"])
        wait(lambda: http.get(f"/api/runs/{run_id}").json()["calls_done"] > 0, 30, "first calls uploaded")
        gate.blocked = True
        # the measurement goes on while the backend refuses: batches pile up in the spool
        wait(lambda: len(list(spool.glob("job-*.plb"))) >= 4, 30, "batches spooled while blocked")
        procs["sp-a"].send_signal(signal.SIGKILL)
        procs["sp-a"].wait(10)
        job_ids = {int(f.name.split("-")[1]) for f in spool.glob("job-*.plb")}
        assert len(job_ids) == 1
        spooled = spooled_call_nos(spool, job_ids.pop())
        assert len(spooled) > 0
        before = http.get(f"/api/runs/{run_id}/calls?max_points=200000").json()
        assert before["stride"] == 1
        assert wait(lambda: finished(http, run_id), 20, "run failed")["status"] == "failed"

        gate.blocked = False
        procs["sp-a"] = agent("sp-a", gate.url, spool, tmp_path / "sp-a.log")
        wait(lambda: not list(spool.glob("job-*.plb")), 30, "spool uploaded after restart")
        assert not list((spool / "rejected").iterdir())
        wait(lambda: settled(http, run_id), 30, "the run's records settled")
        after = http.get(f"/api/runs/{run_id}/calls?max_points=200000").json()
        return run_id, before["call_no"], spooled, after["call_no"]
    finally:
        stop_agents(procs)
        http.close()
        gate.close()


def assert_nothing_lost_nor_twice(before, spooled, got):
    assert len(got) == len(set(got)), "a call stored twice"
    assert set(got) == set(before) | set(spooled)
    # nothing lost in between: every call up to the last spooled one is there
    assert sorted(got) == list(range(len(got)))
    assert len(got) > len(before)


def test_killed_agent_uploads_its_spool_after_restart(live_server, admin_headers, tmp_path):
    def launch(http, client_id, server_id):
        return http.post("/api/runs", json={"client_agent_id": client_id, "server_agent_id": server_id,
                                            "request_bytes": 64, "response_bytes": 64, "calls": 1_000_000,
                                            "warmup_calls": 0}).json()["id"]

    _, before, spooled, got = killed_and_restarted(live_server, admin_headers, tmp_path, launch)
    assert_nothing_lost_nor_twice(before, spooled, got)


def test_killed_rpc_client_uploads_its_spool_after_restart(live_server, admin_headers, tmp_path, db):
    """The RPC client's records go through the same spool-first uploader: its calls (one caller thread, so call
    numbers run on without gaps) and their steps, both sides', are all there once, after the restart."""
    launch = lambda http, client_id, server_id: slow_rpc_run(http, client_id, server_id, 16_000)  # noqa: E731
    # the server side uploads the rest of its steps once the failed run stops its job
    settled = lambda http, run_id: step_counts(db, run_id)["lost_steps"] == 0  # noqa: E731
    run_id, before, spooled, got = killed_and_restarted(live_server, admin_headers, tmp_path, launch, settled)
    assert_nothing_lost_nor_twice(before, spooled, got)
    counts = step_counts(db, run_id)
    print(f"rpc client killed and restarted: {counts}, {len(spooled)} calls from the spool")
    assert counts["calls"] == len(got)
    assert counts["duplicate_steps"] == 0 and counts["lost_steps"] == 0, counts
    assert counts["steps"] > 10 * counts["calls"]  # both sides' steps are there
