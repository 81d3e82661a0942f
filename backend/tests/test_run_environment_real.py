"""Real agents: each run records where it ran (the agents' fingerprints from enrolment and their load when the
jobs started, ping-pong and RPC), two identical launches share a series, and the second is checked against the first as baseline."""

import os
import subprocess

from perflab.core.config import REPO_ROOT
from test_agent_integration import analysed, finished, lab, launch_pingpong, wait  # noqa: F401 (lab is a fixture)


def test_real_runs_record_their_environment_and_are_checked(lab):  # noqa: F811
    http, ids, _ = lab
    first, second = (launch_pingpong(http, ids, calls=300, warmup_calls=10, tags=["env-test"]) for _ in range(2))
    assert first["series_key"] == second["series_key"]
    for run in (first, second):
        analysed(http, run["id"], 90)
    env = http.get(f"/api/runs/{first['id']}").json()["environment"]
    assert env["co_located"] is True and env["link_profile"] == "loopback"
    head = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=REPO_ROOT, capture_output=True,
                          text=True).stdout.strip()
    for role in ("client", "server"):
        fp = env[role]
        assert fp["kernel"] == os.uname().release and fp["cores_online"] == os.cpu_count()
        assert fp["agent_build"]["version"] and "-O" in fp["agent_build"]["cflags"]
        # the commit the agent was built from: this checkout's or an earlier one (12 hex digits), or unknown
        assert len(fp["agent_build"]["git_hash"]) == len(head) or fp["agent_build"]["git_hash"] == "unknown"
        assert fp["load_at_start"]["1m"] >= 0
    key = first["series_key"]
    r = http.put(f"/api/series/{key}/baseline", json={"run_id": first["id"]})
    assert r.status_code == 200, r.text
    check = http.get(f"/api/runs/{second['id']}/check").json()
    assert check["verdict"] in ("regression", "improvement", "no_change") and check["noise_source"] == "runs"
    assert check["environment_diff"] == [] and check["same_series"] is True
    steps = {c["step"] for c in check["changes"]}
    assert {"rtt", "c.send", "c.wait"} <= steps, steps
    print(check["sentence"])


def test_an_rpc_run_records_both_agents_load_at_start(lab):  # noqa: F811
    http, ids, _ = lab
    r = http.post("/api/runs", json={"kind": "rpc", "transport": "udp", "client_agent_id": ids["it-a"],
                                     "server_agent_id": ids["it-b"], "request_bytes": [64], "calls": 50,
                                     "warmup_calls": 5, "ci_target_pct": 0, "max_rounds": 1})
    assert r.status_code == 201, r.text
    run = wait(lambda: finished(http, r.json()["id"]), 60, "run finished")
    assert run["status"] == "done", run
    env = run["environment"]
    assert env["client"]["load_at_start"]["1m"] >= 0 and env["server"]["load_at_start"]["15m"] >= 0
