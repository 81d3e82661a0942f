"""The round trip path of a real RPC run (the local agents' RPC runtime, one-packet calls): the RPC steps are
placed by rtp_table.RPC, the waits are bound by the messages, and the timed and untimed segments on the path add
up to the measured RTT (the DCE paper's Table 2 method)."""

import pytest

from test_agent_integration import finished, lab, wait  # noqa: F401 - the fixture is used by name


def test_round_trip_path_of_a_real_rpc_run(lab):  # noqa: F811
    http, ids, _ = lab
    r = http.post("/api/runs", json={
        "kind": "rpc", "client_agent_id": ids["it-a"], "server_agent_id": ids["it-b"], "procedure": "sink",
        "request_bytes": [0, 1000], "calls": 200, "warmup_calls": 5})
    assert r.status_code == 201, r.text
    run = wait(lambda: finished(http, r.json()["id"]), 90, "rpc run finished")
    assert run["status"] == "done", run
    rtp = http.get(f"/api/runs/{run['id']}/analyses/rtp").json()
    # the first call's new handle (11) is the only optional step a one-packet sink call takes
    assert set(rtp["unplaced_codes"]) <= {11, 19, 20, 112, 118}
    assert [p["point_no"] for p in rtp["points"]] == [0, 1]
    for p in rtp["points"]:
        assert p["calls"] >= 190
        seg = {s["name"]: s for s in p["segments"]}
        for name in ("c.start", "c.sendmsg", "request transit", "s.receive", "s.service", "s.sendmsg",
                     "reply transit", "c.recv", "c.free"):
            assert seg[name]["on_path_share"] > 0.5, name
        assert seg["s.idle"]["on_path_share"] < 0.5  # the server waited for the request beside the path
        assert seg["s.end"]["on_path_share"] < 0.5  # after the reply left
        total = p["calculated_rtt_ns"] + p["untimed_on_path_ns"]
        assert total == pytest.approx(p["measured_rtt_ns"], rel=0.01)
        assert {m["message"] for m in p["messages"]} == {"request", "reply"}
