"""`make up` / `make down` as a user runs them: the emulated link is built, survives nothing after a crash
(the next `make up` removes the leftovers first) and is gone after `make down`. Needs root and netns."""

import json
import os
import signal
import subprocess
import urllib.request
from pathlib import Path

import pytest

from perflab.core.config import REPO_ROOT
from perflab.links.lab import lab_id
from perflab.links.netns import list_namespaces, why_not_usable

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


def _agents(port: int) -> dict:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/agents", timeout=5) as r:
        return {a["name"]: a for a in json.load(r)}


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
        agents = _agents(port)
        assert agents["local-a"]["address"] == "10.77.0.1" and agents["local-b"]["address"] == "10.77.0.2"

        # a crash: every process of the lab dies at once, nothing is cleaned up
        for pidfile in (state / "run").glob("*.pid"):
            try:
                os.kill(int(pidfile.read_text()), signal.SIGKILL)
            except ProcessLookupError:
                pass
        assert mine() == first  # left behind

        _script("up.sh", env)
        assert mine() == first  # rebuilt once under the same names, no second set
        assert {a["status"] for a in _agents(port).values()} == {"online"}
    finally:
        _script("down.sh", env)
    assert mine() == []
    assert not (state / "links" / "lab.json").exists()
