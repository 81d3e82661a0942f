"""Launch validation, history listing, cancel."""

import pytest
from sqlalchemy import func, select

from api_checks import field_error, nothing_stored


def launch(client, a, b, **over):
    body = {"kind": "pingpong", "client_agent_id": a.id, "server_agent_id": b.id, "transport": "tcp",
            "request_bytes": 64, "response_bytes": 64, "calls": 100, "warmup_calls": 5, **over}
    return client.post("/api/runs", json=body)


def count(db, model) -> int:
    with db.session() as s:
        return s.scalar(select(func.count()).select_from(model))


@pytest.mark.parametrize("over, field, message", [
    ({"request_bytes": -5}, "request_bytes", "request_bytes must be between 1 and 1048576 bytes (got -5)"),
    ({"calls": 0}, "calls", "calls must be between 1 and 1000000 (got 0)"),
    ({"warmup_calls": 100001}, "warmup_calls", "warmup_calls must be between 0 and 100000 (got 100001)"),
    ({"transport": "udp", "response_bytes": 140000}, "response_bytes",
     "response_bytes must be between 1 and 131072 bytes for udp (got 140000)"),
    ({"client_agent_id": 999}, "client_agent_id", "client_agent_id: no agent with id 999 (known agents: 1, 2)"),
])
def test_bad_launches_get_422_naming_the_field_and_store_nothing(client, db, agents, over, field, message):
    assert field_error(launch(client, *agents, **over), field)["msg"] == message
    assert nothing_stored(db)


def test_launch_queues_the_server_job_first(client, db, agents):
    a, b = agents
    r = launch(client, a, b, name="first", tags=["smoke"])
    assert r.status_code == 201
    run = r.json()
    assert run["status"] == "queued" and run["calls_total"] == 105 and run["calls_done"] == 0
    assert run["client_agent"] == {"id": a.id, "name": "local-a"} and run["tags"] == ["smoke"]
    assert a.commands() == []
    [cmd] = b.commands()
    assert cmd["type"] == "start" and cmd["job"]["role"] == "server"
    assert cmd["job"]["params"]["request_bytes"] == 64 and cmd["job"]["connect"] is None
    assert b.commands() == []  # delivered once


def test_history_is_newest_first_filtered_and_paginated(client, agents):
    ids = [launch(client, *agents, name=f"r{i}").json()["id"] for i in range(5)]
    client.post(f"/api/runs/{ids[1]}/cancel")
    page = client.get("/api/runs?limit=2&offset=1").json()
    assert page["total"] == 5 and [r["id"] for r in page["items"]] == [ids[3], ids[2]]
    cancelled = client.get("/api/runs?status=cancelled").json()
    assert [r["id"] for r in cancelled["items"]] == [ids[1]]
    both = client.get("/api/runs?status=cancelled&status=queued").json()
    assert both["total"] == 5
    bad = client.get("/api/runs?status=finished")
    assert bad.status_code == 422 and "status must be one of" in bad.json()["detail"][0]["msg"]


def test_cancel_and_unknown_runs(client, agents):
    run_id = launch(client, *agents).json()["id"]
    r = client.post(f"/api/runs/{run_id}/cancel")
    assert r.json()["status"] == "cancelled" and r.json()["reason"] == "cancelled by user"
    assert client.post(f"/api/runs/{run_id}/cancel").status_code == 409
    assert client.get("/api/runs/9999").status_code == 404
    assert client.get("/api/runs/9999/events").status_code == 404
    # the server job was never picked up, so there is nothing to start or stop
    assert agents[1].commands() == []


def test_a_waiting_long_poll_is_answered_with_the_job_a_launch_queues(client, agents):
    import threading

    a, b = agents
    got = {}
    poll = threading.Thread(target=lambda: got.update(commands=b.commands(wait_s=20)))
    poll.start()
    launch(client, a, b)
    poll.join(25)
    assert [c["type"] for c in got["commands"]] == ["start"]
