"""`make up` / `make down` as a user runs them: the emulated link is built, survives nothing after a crash
(the next `make up` removes the leftovers first) and is gone after `make down`. Needs root and netns."""

import json
import os
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from perflab.core.config import REPO_ROOT
from perflab.links.lab import lab_id
from perflab.links.netns import list_namespaces, why_not_usable
from perflab.links.wire import _is_link_of

from conftest import free_port

AGENT = REPO_ROOT / "agents" / "build" / "perflab-agent"
pytestmark = [
    pytest.mark.skipif(why_not_usable() is not None, reason=f"emulated links need root and netns: {why_not_usable()}"),
    pytest.mark.skipif(not AGENT.exists(), reason=f"the agent is not built ({AGENT}): run `make -C agents`"),
]


def _script(name: str, env: dict) -> str:
    p = subprocess.run([str(REPO_ROOT / "scripts" / name)], env=env, capture_output=True, text=True, timeout=180)
    assert p.returncode == 0, f"{name} failed:\n{p.stdout}\n{p.stderr}"
    return p.stdout


def _call(lab: tuple[int, Path], path: str, body: dict | None = None) -> dict:
    """`make up`'s lab at (port, state folder), called with the admin token it wrote (mode 0600)."""
    port, state = lab
    token = (state / "admin.token").read_text().strip()
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode() if body else None,
                                 headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)


def _agents(lab) -> dict:
    return {a["name"]: a for a in _call(lab, "/api/agents")}


_post = _call
_get = _call


def _ping_pong_sizes_on_ethernet_10m(lab, agents: dict) -> None:
    """The C agent's UDP ping-pong over the emulated wire: one more full frame each way costs one frame's wire
    time each way, 0.8 us x 1538 bytes (preamble, header, FCS and gap included)."""
    fastest = {}
    for size in (1472, 2952):  # one and two full-size frames per message
        run = _post(lab, "/api/runs", {
            "client_agent_id": agents["local-a"]["id"], "server_agent_id": agents["local-b"]["id"],
            "transport": "udp", "request_bytes": size, "response_bytes": size, "calls": 200, "warmup_calls": 10,
            "link_profile": "ethernet-10m"})
        assert run["link"]["mtu"] == 1500 and run["link"]["rate_mbit"] == 10 and run["link"]["emulation"] == "wire"
        deadline = time.monotonic() + 60
        while (run := _get(lab, f"/api/runs/{run['id']}"))["status"] in ("queued", "running"):
            assert time.monotonic() < deadline, run
            time.sleep(0.3)
        assert run["status"] == "done", run
        # the fastest of 200 calls: the wire's time is a floor that host noise (2 shared cores, the backend
        # ingesting the run) only adds to; medians of two runs differed by up to 500 us of such noise
        fastest[size] = _get(lab, f"/api/runs/{run['id']}/summary")["rtt"]["min_ns"] / 1000
    both_ways = 2 * 0.8 * 1538
    assert 0.9 * both_ways <= fastest[2952] - fastest[1472] <= 1.15 * both_ways, fastest


def test_up_crash_up_down_leaves_no_namespaces(tmp_path):
    state, port = tmp_path / "lab", free_port()
    env = {**os.environ, "PERFLAB_STATE": str(state), "PERFLAB_PORT": str(port), "PERFLAB_SKIP_DEPS": "1"}
    env.pop("DATABASE_URL", None)
    mine = lambda: sorted(ns for ns in list_namespaces() if ns.startswith(f"perflab-{lab_id(state)}-"))  # noqa: E731
    try:
        out = _script("up.sh", env)
        assert "joined by an emulated link" in out
        first = mine()
        assert len(first) == 2
        agents = _agents((port, state))
        assert agents["local-a"]["address"] == "10.77.0.1" and agents["local-b"]["address"] == "10.77.0.2"
        # the agent's own report (agents/src/wire/netinfo.c) sees the link it was put on
        advertised = agents["local-a"]["capabilities"]["net"]["advertised"]
        assert advertised["interface"] == f"pl{lab_id(state)}a" and advertised["mtu"] == 65535  # loopback profile
        _ping_pong_sizes_on_ethernet_10m((port, state), agents)

        # a crash: every process of the lab dies at once, nothing is cleaned up
        for pidfile in (state / "run").glob("*.pid"):
            try:
                os.kill(int(pidfile.read_text()), signal.SIGKILL)
            except ProcessLookupError:
                pass
        assert mine() == first  # left behind, with the wire's link process the backend started
        assert [p for p in os.listdir("/proc") if p.isdigit() and _is_link_of(int(p), lab_id(state))]

        _script("up.sh", env)
        assert mine() == first  # rebuilt once under the same names, no second set
        assert {a["status"] for a in _agents((port, state)).values()} == {"online"}
    finally:
        _script("down.sh", env)
    assert mine() == []
    assert not (state / "links" / "lab.json").exists()
    assert not [p for p in os.listdir("/proc") if p.isdigit() and _is_link_of(int(p), lab_id(state))]  # no wire
