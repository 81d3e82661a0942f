"""RPC runs over the tcp transport, through the real perflab-agent daemons and a live backend: the same
packets and call semantics as udp framed on a stream, both sides' steps stored and joined by call number."""

from sqlalchemy import text

from stored_steps import calls_table, steps_table

from test_agent_integration import finished, lab, wait  # noqa: F401 - the fixture is used by name


def test_a_real_rpc_run_over_tcp(lab, db):  # noqa: F811
    http, ids, _ = lab
    r = http.post("/api/runs", json={
        "kind": "rpc", "transport": "tcp", "client_agent_id": ids["it-a"], "server_agent_id": ids["it-b"],
        "procedure": "echo", "request_bytes": [0, 65536], "threads": [1, 2], "cache": ["per-thread", "single"],
        "calls": 30, "warmup_calls": 2})
    assert r.status_code == 201, r.text
    assert r.json()["params"]["transport"] == "tcp"
    run = wait(lambda: finished(http, r.json()["id"]), 90, "tcp rpc run finished")
    assert run["status"] == "done", run
    expected = (1 + 2) * 2 * 2 * 32  # threads summed x sizes x cache policies x (calls + warm-up)
    assert run["calls_total"] == run["calls_done"] == expected
    with db.session() as s:
        steps_table(s, run["id"])
        calls_table(s, run["id"])
        rows = s.execute(text(
            "SELECT point_no, count(*), count(*) FILTER (WHERE flags & 4 = 4), min(request_bytes), "
            "max(response_bytes), min(server_recv_ns) FROM calls WHERE run_id = :r GROUP BY 1 ORDER BY 1"),
            {"r": run["id"]}).all()
        assert len(rows) == 8
        for point_no, n, errors, req, resp, min_srv in rows:
            threads = 2 if point_no % 4 >= 2 else 1  # points: request_bytes, threads, cache (fastest)
            assert n == threads * 32 and errors == 0 and min_srv > 0
            assert req == resp == (65536 if point_no >= 4 else 0)
        joined = s.execute(text(
            "SELECT count(DISTINCT c.call_no) FROM calls c JOIN steps st ON st.run_id = c.run_id "
            "AND st.call_no = c.call_no AND st.code = 115 WHERE c.run_id = :r"), {"r": run["id"]}).scalar()
        assert joined == expected
        codes = {c for (c,) in s.execute(text("SELECT DISTINCT code FROM steps WHERE run_id = :r"), {"r": run["id"]})}
    # the stream needs no acks and no retransmission: 19 (ack) and 20 (retransmit) never happen over tcp
    assert {10, 11, 12, 13, 14, 15, 16, 17, 18, 21, 22, 23} <= codes and not {19, 20} & codes
    assert {110, 111, 113, 114, 115, 116, 117, 119} <= codes


def test_a_tcp_rpc_run_against_a_closed_port_fails_with_the_reason(lab, live_server):  # noqa: F811
    http, ids, _ = lab
    from conftest import ENROLLMENT_TOKEN
    g = http.post("/api/agents/enroll", json={"enrollment_token": ENROLLMENT_TOKEN, "name": "ghost-tcp",
                                              "host": "nowhere", "address": "127.0.0.1", "version": "0"}).json()
    ghost = {"Authorization": f"Bearer {g['token']}"}
    run = http.post("/api/runs", json={"kind": "rpc", "transport": "tcp", "client_agent_id": ids["it-a"],
                                       "server_agent_id": g["agent_id"], "calls": 3, "warmup_calls": 0}).json()
    [cmd] = http.get("/api/agents/commands?wait_s=5", headers=ghost).json()["commands"]
    assert cmd["job"]["params"]["transport"] == "tcp"
    http.post(f"/api/agents/jobs/{cmd['job']['job_id']}/status", json={"state": "ready", "port": 1}, headers=ghost)
    failed = wait(lambda: finished(http, run["id"]), 30, "run failed")
    assert failed["status"] == "failed"
    assert "peer unreachable" in failed["reason"] and "tcp:127.0.0.1[1]" in failed["reason"]
