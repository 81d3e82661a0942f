"""Kernel points of RPC runs over UDP through the real daemons (which switch SO_TIMESTAMPING on): the steps
201-204 and 211 are stored, lie inside their call and in the order the packet went."""

from sqlalchemy import text

from stored_steps import calls_table, steps_table

from test_agent_integration import finished, lab, wait  # noqa: F401 - the fixture is used by name


def test_rpc_run_over_udp_stores_kernel_points_inside_each_call(lab, db):  # noqa: F811
    http, ids, _ = lab
    caps = {a["name"]: a for a in http.get("/api/agents").json()}["it-a"]["capabilities"]
    assert caps["kernel_timestamps"]["rx_software"] and caps["kernel_timestamps"]["tx_software"]  # Linux loopback
    r = http.post("/api/runs", json={"kind": "rpc", "client_agent_id": ids["it-a"], "server_agent_id": ids["it-b"],
                                     "procedure": "null", "calls": 300, "warmup_calls": 5})
    run = wait(lambda: finished(http, r.json()["id"]), 60, "rpc run finished")
    assert run["status"] == "done", run
    with db.session() as s:
        steps_table(s, run["id"])
        calls_table(s, run["id"])
        counts = dict(s.execute(text("SELECT code, count(*) FROM steps WHERE run_id = :r AND code > 200 GROUP BY 1"),
                                {"r": run["id"]}).all())
        # every one-packet call has its reply RX and its request RX on the server; TX stamps nearly always
        assert counts.get(203, 0) >= 295 and counts.get(211, 0) >= 295, counts
        assert counts.get(201, 0) >= 250 and counts.get(202, 0) >= 250, counts
        outside = s.execute(text(
            "SELECT count(*) FROM steps k JOIN calls c ON c.run_id = k.run_id AND c.call_no = k.call_no "
            "WHERE k.run_id = :r AND k.code IN (201, 202, 203, 204, 211) AND NOT "
            "(k.start_ns >= c.start_ns AND k.end_ns <= c.start_ns + c.rtt_ns AND k.start_ns <= k.end_ns)"),
            {"r": run["id"]}).scalar()
        assert outside == 0  # one host, one clock: every kernel segment lies inside its call
        # the request reaches the server's kernel after the client's kernel sent it, and the reply after that
        disorder = s.execute(text(
            "SELECT count(*) FROM steps a JOIN steps b ON b.run_id = a.run_id AND b.call_no = a.call_no "
            "WHERE a.run_id = :r AND a.code = 202 AND b.code = 211 "
            "AND NOT (a.start_ns <= b.start_ns AND b.end_ns <= a.end_ns)"), {"r": run["id"]}).scalar()
        assert disorder == 0
