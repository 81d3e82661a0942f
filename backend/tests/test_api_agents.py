import re
from datetime import timedelta

from sqlalchemy import update

from perflab.models import Agent
from perflab.models.base import utcnow

from agent_sim import SimAgent
from conftest import ENROLLMENT_TOKEN


def test_health_and_openapi(client):
    assert client.get("/api/health").json() == {"status": "ok", "database": "ok", "version": "0.1.0"}
    spec = client.get("/api/openapi.json").json()
    assert "/api/runs" in spec["paths"] and "/api/agents/enroll" in spec["paths"]


def test_every_answer_says_the_servers_part_of_its_time(client, anon_client):
    for r in (client.get("/api/health"), client.get("/api/agents"), anon_client.get("/api/runs"),
              client.get("/api/no-such-route")):
        m = re.fullmatch(r"app;dur=(\d+\.\d\d)", r.headers.get("server-timing", ""))
        assert m and 0 < float(m.group(1)) < 60_000, (r.url, r.status_code, r.headers)


def test_enrolment_needs_the_lab_token(client):
    r = client.post("/api/agents/enroll", json={"enrollment_token": "wrong", "name": "x", "host": "h",
                                                 "address": "127.0.0.1", "version": "0.1.0"})
    assert r.status_code == 403 and "enrollment_token" in r.json()["detail"]
    assert client.get("/api/agents").json() == []


def test_each_agent_gets_its_own_token_and_a_restart_replaces_it(client):
    a = SimAgent(client, "local-a")
    old_headers = a.headers
    assert client.post("/api/agents/heartbeat", headers=a.headers).json() == {"ok": True}
    again = SimAgent(client, "local-a", restart_of=a)
    assert again.id == a.id
    assert client.post("/api/agents/heartbeat", headers=old_headers).status_code == 401
    assert client.post("/api/agents/heartbeat").status_code == 401
    [row] = client.get("/api/agents").json()
    assert row["name"] == "local-a" and row["status"] == "online" and row["capabilities"] == {"transports": ["tcp"]}


def test_a_second_agent_cannot_take_a_live_agents_name_until_it_has_gone_silent(client, db, settings):
    a = SimAgent(client, "local-a")
    enrol = {"enrollment_token": ENROLLMENT_TOKEN, "name": "local-a", "host": "other", "address": "10.0.0.9",
             "version": "0.1.0"}
    for previous in (None, "not-its-token"):
        r = client.post("/api/agents/enroll", json={**enrol, "previous_token": previous})
        assert r.status_code == 409, r.text
        assert r.json()["detail"].startswith("name: agent local-a is in use by a live agent at 127.0.0.1")
    assert client.post("/api/agents/heartbeat", headers=a.headers).status_code == 200  # still its token
    window = 2 * settings.heartbeat_interval_s + 1
    with db.session() as s:  # silent for longer than two missed heartbeats: the machine was replaced
        s.execute(update(Agent).where(Agent.id == a.id).values(last_seen_at=utcnow() - timedelta(seconds=window)))
    r = client.post("/api/agents/enroll", json=enrol)
    assert r.status_code == 201 and r.json()["agent_id"] == a.id, r.text
    assert client.post("/api/agents/heartbeat", headers=a.headers).status_code == 401
    [row] = client.get("/api/agents").json()
    assert row["address"] == "10.0.0.9"


def test_agents_that_stop_heartbeating_show_offline(client, db, settings):
    a = SimAgent(client, "local-a")
    SimAgent(client, "local-b")  # enrolled, heartbeating: the one that stays online
    with db.session() as s:
        s.execute(update(Agent).where(Agent.id == a.id).values(
            last_seen_at=utcnow() - timedelta(seconds=settings.offline_after_s + 1)))
    status = {row["name"]: row["status"] for row in client.get("/api/agents").json()}
    assert status == {"local-a": "offline", "local-b": "online"}
    client.post("/api/agents/heartbeat", headers=a.headers)
    assert {row["status"] for row in client.get("/api/agents").json()} == {"online"}


def test_long_poll_returns_empty_after_the_wait(client):
    a = SimAgent(client, "local-a")
    assert a.commands(wait_s=0.3) == []
    r = client.get("/api/agents/commands?wait_s=99", headers=a.headers)
    assert r.status_code == 422
    assert ENROLLMENT_TOKEN  # the shared token is only ever used at enrolment
