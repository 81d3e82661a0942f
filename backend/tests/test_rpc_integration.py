"""An RPC run of the real perflab-agent daemons through a live backend: sweep points, both sides' steps joined
by call number, the four timestamps of every call, and the summary labelled with the paper's steps."""

import pytest
from sqlalchemy import text

from stored_steps import calls_table, steps_table

from test_agent_integration import finished, lab, wait  # noqa: F401 - the fixture is used by name


def test_a_real_rpc_run_with_a_sweep(lab, db):  # noqa: F811
    http, ids, _ = lab
    r = http.post("/api/runs", json={
        "kind": "rpc", "client_agent_id": ids["it-a"], "server_agent_id": ids["it-b"], "procedure": "echo",
        "request_bytes": [0, 12048], "threads": [1, 3], "protection": ["none", "integrity"],
        "calls": 40, "warmup_calls": 3})
    assert r.status_code == 201, r.text
    run = wait(lambda: finished(http, r.json()["id"]), 90, "rpc run finished")
    assert run["status"] == "done", run
    expected_calls = (1 + 3) * 2 * 2 * 43  # threads summed x request sizes x protections x (calls + warm-up)
    assert run["calls_total"] == run["calls_done"] == expected_calls
    assert run["link"]["path"] == {"peer": "127.0.0.1", "interface": "lo", "mtu": run["link"]["path"]["mtu"]}
    assert run["link"]["path"]["mtu"] >= 1500
    with db.session() as s:
        steps_table(s, run["id"])
        calls_table(s, run["id"])
        rows = s.execute(text(
            "SELECT point_no, count(*), max(thread), min(server_recv_ns), count(*) FILTER (WHERE flags & 4 = 4), "
            "min(request_bytes), max(response_bytes) FROM calls WHERE run_id = :r GROUP BY point_no ORDER BY 1"),
            {"r": run["id"]}).all()
        assert len(rows) == 8
        for point_no, n, max_thread, min_srv, errors, req, resp in rows:
            threads = 3 if point_no % 4 >= 2 else 1  # points: request_bytes, threads, protection (fastest)
            assert n == threads * 43 and max_thread == threads - 1
            assert min_srv > 0 and errors == 0
            assert req == resp == (12048 if point_no >= 4 else 0)  # echo returns the request
        # every call's server steps carry its call_no: the two sides join
        joined = s.execute(text(
            "SELECT count(DISTINCT c.call_no) FROM calls c JOIN steps st ON st.run_id = c.run_id "
            "AND st.call_no = c.call_no AND st.code = 115 WHERE c.run_id = :r"), {"r": run["id"]}).scalar()
        assert joined == expected_calls
        # the server's receive and send lie inside the client's call once the clocks agree (same host)
        outside = s.execute(text(
            "SELECT count(*) FROM calls WHERE run_id = :r AND NOT (start_ns <= server_recv_ns "
            "AND server_recv_ns <= server_send_ns AND server_send_ns <= start_ns + rtt_ns)"), {"r": run["id"]}).scalar()
        assert outside == 0
        codes = {c for (c,) in s.execute(text("SELECT DISTINCT code FROM steps WHERE run_id = :r"), {"r": run["id"]})}
    assert {10, 11, 12, 13, 14, 15, 17, 18, 19, 21, 22, 23} <= codes  # 19: acks of the 12 KB calls
    assert {110, 111, 112, 113, 114, 115, 116, 117, 119} <= codes
    summary = http.get(f"/api/runs/{run['id']}/summary").json()
    steps = {st["name"]: st for st in summary["steps"]}
    assert steps["c.sendmsg"]["paper"] == "C7–C9" and steps["s.service"]["paper"] == "S6"
    assert summary["rtt"]["count"] > 0


def test_an_rpc_run_against_an_unreachable_server_fails_with_the_reason(lab, live_server):  # noqa: F811
    http, ids, _ = lab
    from conftest import ENROLLMENT_TOKEN
    g = http.post("/api/agents/enroll", json={"enrollment_token": ENROLLMENT_TOKEN, "name": "ghost-rpc",
                                              "host": "nowhere", "address": "127.0.0.1", "version": "0"}).json()
    ghost = {"Authorization": f"Bearer {g['token']}"}
    run = http.post("/api/runs", json={"kind": "rpc", "client_agent_id": ids["it-a"],
                                       "server_agent_id": g["agent_id"], "calls": 3, "warmup_calls": 0,
                                       "rto_ms": 20}).json()
    [cmd] = http.get("/api/agents/commands?wait_s=5", headers=ghost).json()["commands"]
    http.post(f"/api/agents/jobs/{cmd['job']['job_id']}/status", json={"state": "ready", "port": 1}, headers=ghost)
    failed = wait(lambda: finished(http, run["id"]), 30, "run failed")
    assert failed["status"] == "failed"
    assert "peer unreachable" in failed["reason"] and "udp:127.0.0.1[1]" in failed["reason"]


@pytest.mark.parametrize("protection", ["connect", "privacy"])
def test_protected_rpc_runs(lab, protection):  # noqa: F811
    http, ids, _ = lab
    r = http.post("/api/runs", json={"kind": "rpc", "client_agent_id": ids["it-a"], "server_agent_id": ids["it-b"],
                                     "procedure": "echo", "request_bytes": 5000, "protection": protection,
                                     "cache": "single", "threads": 2, "calls": 20, "warmup_calls": 0})
    run = wait(lambda: finished(http, r.json()["id"]), 60, "run finished")
    # 2 threads x 20 calls, and the 1-thread base point the lab adds for the model (20 calls)
    assert run["status"] == "done" and run["calls_done"] == 60, run


def test_rpc_calls_arrive_while_the_point_runs_and_cancel_stops_both_agents(lab):  # noqa: F811
    http, ids, _ = lab
    run = http.post("/api/runs", json={"kind": "rpc", "client_agent_id": ids["it-a"], "server_agent_id": ids["it-b"],
                                       "calls": 200_000, "warmup_calls": 0}).json()
    # one point of 200000 calls: progress shows before it ends (batches every 200 ms)
    done = wait(lambda: http.get(f"/api/runs/{run['id']}").json()["calls_done"], 30, "first calls uploaded")
    assert 0 < done < 200_000
    assert http.post(f"/api/runs/{run['id']}/cancel").json()["status"] == "cancelled"
    again = http.post("/api/runs", json={"kind": "rpc", "client_agent_id": ids["it-a"],
                                         "server_agent_id": ids["it-b"], "calls": 50}).json()
    assert wait(lambda: finished(http, again["id"]), 30, "second run")["status"] == "done"
