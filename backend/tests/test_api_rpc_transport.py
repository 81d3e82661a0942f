"""The transport field of RPC runs: udp (default) or tcp reach both agents' params; anything else is a 422 on
the field, with nothing stored."""

from sqlalchemy import func, select

from perflab.models import Job, Run

from agent_sim import SimAgent


def test_rpc_transport_reaches_the_jobs_and_bad_ones_are_named(client, db):
    a, b = SimAgent(client, "tr-a"), SimAgent(client, "tr-b")
    for transport in ("udp", "tcp"):
        r = client.post("/api/runs", json={"kind": "rpc", "client_agent_id": a.id, "server_agent_id": b.id,
                                           "transport": transport, "calls": 5})
        assert r.status_code == 201, r.text
        assert r.json()["params"]["transport"] == transport
    default = client.post("/api/runs", json={"kind": "rpc", "client_agent_id": a.id, "server_agent_id": b.id})
    assert default.json()["params"]["transport"] == "udp"
    with db.session() as s:
        runs, jobs = s.scalar(select(func.count()).select_from(Run)), s.scalar(select(func.count()).select_from(Job))
    bad = client.post("/api/runs", json={"kind": "rpc", "client_agent_id": a.id, "server_agent_id": b.id,
                                         "transport": "quic"})
    assert bad.status_code == 422
    [err] = bad.json()["detail"]
    assert err["loc"][-1] == "transport" and "'udp'" in err["msg"] and "'tcp'" in err["msg"]
    with db.session() as s:
        assert s.scalar(select(func.count()).select_from(Run)) == runs
        assert s.scalar(select(func.count()).select_from(Job)) == jobs
