"""Link profiles for RPC runs: the same launch field as ping-pong, the link recorded with the run, and on an
emulated link the packetisation the run reports carries the link's MTU (what the packet model needs)."""

import pytest
from sqlalchemy import func, select

from perflab.links import lab
from perflab.links.netns import list_namespaces, why_not_usable
from perflab.models import Job, Run

from agent_sim import SimAgent
from api_checks import field_error
from test_api_links import _enrol, _wait_summarised


@pytest.fixture
def agents(client):
    return SimAgent(client, "rpc-far-a"), SimAgent(client, "rpc-far-b")


def launch_rpc(client, a_id, b_id, **over):
    body = {"kind": "rpc", "client_agent_id": a_id, "server_agent_id": b_id, "request_bytes": 9000,
            "calls": 10, "warmup_calls": 0, **over}
    return client.post("/api/runs", json=body)


def runs_stored(db) -> int:
    with db.session() as s:
        return s.scalar(select(func.count()).select_from(Run))


def test_rpc_run_with_an_unknown_profile_is_400_naming_the_field(client, db, agents):
    err = field_error(launch_rpc(client, agents[0].id, agents[1].id, link_profile="token-ring"), "link_profile", 400)
    assert "'token-ring'" in err["msg"] and "ethernet-10m" in err["msg"]
    assert runs_stored(db) == 0


def test_rpc_run_with_a_too_long_profile_name_is_422(client, agents):
    r = launch_rpc(client, agents[0].id, agents[1].id, link_profile="x" * 41)
    assert r.status_code == 422 and r.json()["detail"][0]["loc"][-1] == "link_profile"


def test_rpc_run_off_the_lab_link_records_the_agents_network_and_keeps_its_mtu(client, agents):
    r = launch_rpc(client, agents[0].id, agents[1].id, mtu=9000)
    assert r.status_code == 201, r.text
    run = r.json()
    assert run["link"]["profile"] == "loopback" and run["link"]["emulated"] is False
    assert run["params"]["packetisation"] == {"header_bytes": 80, "packet_data": 4016, "mtu": 9000}


def test_a_shaping_profile_for_rpc_needs_the_lab_link(client, db, agents):
    r = launch_rpc(client, agents[0].id, agents[1].id, link_profile="ethernet-10m")
    assert r.status_code == 400
    assert "needs the client and the server to be local-a and local-b" in r.json()["detail"][0]["msg"]
    assert runs_stored(db) == 0


@pytest.mark.skipif(why_not_usable() is not None, reason=f"needs root and netns: {why_not_usable()}")
def test_rpc_run_on_the_lab_link_reports_the_links_mtu(client, db, settings):
    settings.state.mkdir(parents=True, exist_ok=True)
    (settings.state / "link-profiles.toml").write_text(
        '[small-mtu]\ndescription = "an MTU below Ethernet\'s"\nmtu = 1280\nrate_mbit = 100\n')
    created = lab.create(settings.state)
    try:
        a = _enrol(client, "local-a", created["agents"]["local-a"]["address"])
        b = _enrol(client, "local-b", created["agents"]["local-b"]["address"])
        r = launch_rpc(client, a, b, link_profile="small-mtu")  # asks for nothing: the default 1500
        assert r.status_code == 201, r.text
        run = r.json()
        assert run["link"]["profile"] == "small-mtu" and run["link"]["emulated"] and run["link"]["mtu"] == 1280
        assert run["params"]["packetisation"]["mtu"] == 1280  # the packet model sees the real MTU
        with db.session() as s:
            job = s.scalars(select(Job).where(Job.run_id == run["id"])).one()
            assert job.role == "server"  # shaped before the first job was queued
        assert client.post(f"/api/runs/{run['id']}/cancel").status_code == 200
        _wait_summarised(db, run["id"])
    finally:
        lab.clear(settings.state)
    assert not set(created["namespaces"]) & set(list_namespaces())
