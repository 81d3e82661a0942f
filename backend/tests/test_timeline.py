"""GET /api/runs/{id}/timeline: the spans of a call range, in columns, relative to the run's first call."""

import json
import struct

import numpy as np
import pytest

from agent_sim import make_calls, upload_calls
from perflab.schemas.timeline import TimelineOut
from test_run_lifecycle import start



def uploaded_run(client, a, b, n=50):
    """n calls 1 ms apart with an RTT of 20 µs + 100 ns × call_no by caller threads 0, 1, 2 in turn; c.send takes a
    quarter of each, and the server's s.recv (uploaded by the server job) a tenth."""
    run, server_job, client_job = start(client, a, b, calls=n - 2, warmup_calls=2)
    calls = make_calls(range(n), [20_000 + 100 * i for i in range(n)], warmup=2)
    calls["thread"] = np.arange(n) % 3  # three caller threads, in turn
    upload_calls(a, b, client_job, server_job, calls, send_fraction=0.25)
    return run["id"], calls


def test_timeline_returns_every_span_of_the_range_in_columns(client, agents):
    run_id, calls = uploaded_run(client, *agents)
    r = client.get(f"/api/runs/{run_id}/timeline?from_call=10&to_call=20")
    assert r.status_code == 200, r.text
    t = r.json()
    TimelineOut.model_validate(t)  # the route skips FastAPI's encoder: its documented shape is checked here
    assert t["unit"] == "ns" and t["from_call"] == 10 and t["to_call"] == 20 and t["total_calls"] == 50
    assert t["origin_ns"] == int(calls["start_ns"][0]) and t["next_call"] == 20
    assert t["calls"]["call_no"] == list(range(10, 20))
    # make_calls puts call i at i ms; times come back relative to call 0's start
    assert t["calls"]["start_ns"] == [i * 1_000_000 for i in range(10, 20)]
    assert t["calls"]["rtt_ns"] == [20_000 + 100 * i for i in range(10, 20)]
    assert t["calls"]["thread"] == [i % 3 for i in range(10, 20)]  # each call's caller thread
    steps = t["steps"]
    assert len(steps["call_no"]) == 20 and sorted(set(steps["code"])) == [1, 102]
    for call_no, code, s, e in zip(steps["call_no"], steps["code"], steps["start_ns"], steps["end_ns"]):
        rtt = 20_000 + 100 * call_no
        expected = int(rtt * (0.25 if code == 1 else 0.1))
        assert s == call_no * 1_000_000 and e - s == expected
    assert [c["name"] for c in t["codes"]] == ["c.send", "s.recv"]
    assert t["codes"][1]["side"] == "server"


def test_timeline_caps_the_range_and_says_where_to_continue(client, agents):
    run_id, _ = uploaded_run(client, *agents)
    t = client.get(f"/api/runs/{run_id}/timeline?max_calls=30").json()
    assert t["calls"]["call_no"] == list(range(30)) and t["next_call"] == 30
    rest = client.get(f"/api/runs/{run_id}/timeline?from_call=30&max_calls=30").json()
    assert rest["calls"]["call_no"] == list(range(30, 50)) and rest["next_call"] is None


def test_timeline_of_a_run_without_calls_is_empty(client, agents):
    a, b = agents
    run, _, _ = start(client, a, b)
    t = client.get(f"/api/runs/{run['id']}/timeline").json()
    assert t["total_calls"] == 0 and t["calls"]["call_no"] == [] and t["steps"]["code"] == [] and t["codes"] == []


def decode_binary(body: bytes) -> dict:
    """Reads format=binary as the UI does: the header, then each column viewed at its offset."""
    assert body[:4] == b"PLTL"
    (n,) = struct.unpack("<I", body[4:8])
    head = json.loads(body[8:8 + n])
    start = 8 + n + (8 - (8 + n) % 8) % 8
    out = {k: v for k, v in head.items() if k != "columns"}
    for col in head["columns"]:
        assert (start + col["offset"]) % 8 == 0  # a typed array needs its start aligned to its item size
        group, name = col["name"].split(".")
        out.setdefault(group, {})[name] = np.frombuffer(body, dtype="<" + {"int32": "i4", "int16": "i2", "float64": "f8"}[col["dtype"]],
                                                        count=col["length"], offset=start + col["offset"]).tolist()
    return out


def test_binary_timeline_holds_the_json_answer_as_typed_columns(client, agents):
    run_id, _ = uploaded_run(client, *agents)
    as_json = client.get(f"/api/runs/{run_id}/timeline?from_call=5&max_calls=30").json()
    r = client.get(f"/api/runs/{run_id}/timeline?from_call=5&max_calls=30&format=binary")
    assert r.status_code == 200 and r.headers["content-type"] == "application/vnd.perflab.timeline"
    as_binary = decode_binary(r.content)
    assert as_binary == as_json and len(as_binary["steps"]["code"]) == 60


@pytest.mark.parametrize("query, field, message", [
    ("format=xml", "format", "format must be one of json, binary (got 'xml')"),
    ("from_call=-1", "from_call", "from_call must be between 0 and 2147483647 (got -1)"),
    ("max_calls=0", "max_calls", "max_calls must be between 1 and 200000 (got 0)"),
    ("max_calls=200001", "max_calls", "max_calls must be between 1 and 200000 (got 200001)"),
    ("from_call=5&to_call=5", "to_call", "to_call must be greater than from_call (5) (got 5)"),
])
def test_bad_ranges_get_422_naming_the_parameter(client, agents, query, field, message):
    run_id, _ = uploaded_run(client, *agents, n=5)
    r = client.get(f"/api/runs/{run_id}/timeline?{query}")
    assert r.status_code == 422
    [err] = r.json()["detail"]
    assert err["loc"] == ["query", field] and err["msg"] == message


def test_unknown_run_is_404(client):
    assert client.get("/api/runs/999/timeline").status_code == 404
