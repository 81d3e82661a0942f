"""Launching stream and flows runs (kinds of the run union), their job parameters, the results
agents send with their status, and the stream throughput computed from interval records."""

import numpy as np
import pytest
from sqlalchemy import select

from perflab.models import Job
from perflab.services.batch_format import CALL_DTYPE

from agent_sim import batch
from api_checks import field_error, nothing_stored



def post(client, a, b, **body):
    return client.post("/api/runs", json={"client_agent_id": a.id, "server_agent_id": b.id, **body})


@pytest.mark.parametrize("body, field, message", [
    ({"kind": "stream", "message_bytes": 0}, "message_bytes", "message_bytes must be between 1 and 1048576 bytes (got 0)"),
    ({"kind": "stream", "transport": "udp", "message_bytes": 65508}, "message_bytes",
     "message_bytes must be between 1 and 65507 bytes for udp (got 65508)"),
    ({"kind": "stream", "duration_s": 3601}, "duration_s", "duration_s must be between 1 and 3600 s (got 3601)"),
    ({"kind": "stream", "interval_ms": 5}, "interval_ms", "interval_ms must be between 10 and 10000 ms (got 5)"),
    ({"kind": "flows", "calls": 10, "flows": 11}, "flows", "flows must be between 1 and 10 (got 11)"),
    ({"kind": "flows", "calls": 10, "flows": 0}, "flows", "flows must be between 1 and 10 (got 0)"),
    ({"kind": "flows", "calls": 200_000, "flows": 10}, "calls",
     "calls: flows x (calls + warmup_calls) must be at most 1000000 (got 2000100)"),
])
def test_bad_socket_launches_get_422_naming_the_field(client, db, agents, body, field, message):
    assert field_error(post(client, *agents, **body), field)["msg"] == message
    assert nothing_stored(db)


def test_flows_mode_and_transport_are_checked(client, agents):
    r = post(client, *agents, kind="flows", calls=10, mode="fibers")
    assert r.status_code == 422 and r.json()["detail"][0]["loc"][-1] == "mode"
    r = post(client, *agents, kind="flows", calls=10, transport="udp")
    assert r.status_code == 422 and r.json()["detail"][0]["loc"][-1] == "transport"


def test_a_body_without_kind_is_still_a_pingpong(client, agents):
    r = post(client, *agents, request_bytes=64, response_bytes=64, calls=10)
    assert r.status_code == 201 and r.json()["kind"] == "pingpong"


def test_flows_job_carries_its_parameters(client, agents):
    a, b = agents
    r = post(client, a, b, kind="flows", mode="processes", flows=3, request_bytes=100, response_bytes=200,
             calls=50, warmup_calls=2)
    assert r.status_code == 201, r.text
    run = r.json()
    assert run["kind"] == "flows" and run["calls_total"] == 3 * 52
    assert run["params"]["mode"] == "processes" and run["params"]["flows"] == 3
    [cmd] = b.commands()
    assert cmd["job"]["kind"] == "flows" and cmd["job"]["params"]["mode"] == "processes"
    assert client.get(f"/api/runs/{run['id']}/throughput").status_code == 409


def test_stream_throughput_from_interval_records_and_receiver_totals(client, db, agents):
    a, b = agents
    run = post(client, a, b, kind="stream", transport="udp", message_bytes=8192, duration_s=1,
               interval_ms=100).json()
    assert run["params"]["duration_s"] == 1 and run["calls_total"] == 1000 // 100 + 2 + 8
    [cmd] = b.commands()
    assert cmd["job"]["params"]["message_bytes"] == 8192
    b.status(cmd["job"]["job_id"], "ready", port=5555)
    [ccmd] = a.commands()
    job = ccmd["job"]["job_id"]
    # four intervals: 100 ms each but the last (50 ms); bytes as an agent records them
    calls = np.zeros(4, dtype=CALL_DTYPE)
    calls["call_no"] = range(4)
    calls["flags"] = [2, 0, 0, 0]
    calls["start_ns"] = [0, 100_000_000, 200_000_000, 300_000_000]
    calls["end_ns"] = [100_000_000, 200_000_000, 300_000_000, 350_000_000]
    calls["request_bytes"] = [100_000_000, 120_000_000, 80_000_000, 10_000_000]
    assert a.upload(job, batch(job, 0, calls, last=True)).status_code == 200
    result = {"stream": {"sent_bytes": 310_000_000, "sent_messages": 37842, "duration_ns": 350_000_000,
                         "received_bytes": 155_000_000, "received_messages": 18921,
                         "receiver_duration_ns": 310_000_000}}
    assert a.status(job, "done", result=result).status_code == 200
    t = client.get(f"/api/runs/{run['id']}/throughput").json()
    assert t["bytes"] == [100_000_000, 120_000_000, 80_000_000, 10_000_000]
    assert t["bytes_per_s"] == pytest.approx([1e9, 1.2e9, 0.8e9, 0.2e9])
    # total over time, not the mean of the rates (which would be 0.8e9)
    assert t["sent_bytes"] == 310_000_000 and t["mean_bytes_per_s"] == pytest.approx(310e6 / 0.35)
    assert t["received_bytes"] == 155_000_000 and t["receiver_bytes_per_s"] == pytest.approx(155e6 / 0.31)
    probe = client.get(f"/api/runs/{run['id']}/probe").json()
    assert probe["results"]["client"] == result and probe["client"] is None  # the sim sent no probe


def test_probe_cost_is_validated_and_stored(client, db, agents):
    a, b = agents
    run = post(client, a, b, request_bytes=64, response_bytes=64, calls=10).json()
    [cmd] = b.commands()
    job = cmd["job"]["job_id"]
    bad = b.status(job, "ready", port=5555, probe={"source": "sundial", "probe_ns": 1, "clock_read_ns": 1,
                                                   "clock_gettime_ns": 1})
    assert bad.status_code == 422 and bad.json()["detail"][0]["loc"][-1] == "source"
    probe = {"source": "tsc", "probe_ns": 16.5, "clock_read_ns": 8.4, "clock_gettime_ns": 18.1, "tsc_hz": 2.6e9,
             "drift_ns_per_s": -3.5}
    assert b.status(job, "ready", port=5555, probe=probe).status_code == 200
    got = client.get(f"/api/runs/{run['id']}/probe").json()
    assert got["server"] == probe and got["client"] is None
    with db.session() as s:
        assert s.scalars(select(Job).where(Job.id == job)).one().probe == probe
