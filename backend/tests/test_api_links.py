"""Link profiles over the API: availability from the kernel's qdiscs, the launch field, what a run records."""

import time
from pathlib import Path

import pytest
from sqlalchemy import func, select

from perflab.links import lab
from perflab.links.netns import list_namespaces, tc, why_not_usable
from perflab.links.profiles import ProfileError, parse
from perflab.models import Analysis, Job, Run

from agent_sim import SimAgent
from api_checks import field_error
from conftest import ENROLLMENT_TOKEN

@pytest.fixture
def agents(client):
    return SimAgent(client, "far-a"), SimAgent(client, "far-b")


def launch(client, a_id, b_id, **over):
    body = {"client_agent_id": a_id, "server_agent_id": b_id, "transport": "udp", "request_bytes": 64,
            "response_bytes": 64, "calls": 10, "warmup_calls": 0, **over}
    return client.post("/api/runs", json=body)


def runs_stored(db) -> int:
    with db.session() as s:
        return s.scalar(select(func.count()).select_from(Run))


def by_name(client) -> dict:
    r = client.get("/api/links/profiles")
    assert r.status_code == 200, r.text
    return {p["name"]: p for p in r.json()}


def test_profiles_listed_with_descriptions_and_what_they_need(client):
    profiles = by_name(client)
    assert {"loopback", "ethernet-10m", "lan-1g", "wan", "intercontinental", "wifi", "lte", "bufferbloat",
            "bufferbloat-codel", "ecs-internet"} <= set(profiles)
    assert all(p["description"] for p in profiles.values())
    assert profiles["loopback"]["available"] and profiles["loopback"]["needs"] == []
    assert profiles["ethernet-10m"]["mtu"] == 1500 and profiles["ethernet-10m"]["rate_mbit"] == 10
    assert 10 <= profiles["wan"]["delay_ms"] <= 100 and profiles["wan"]["loss_percent"] > 0
    # delays, jitter, loss and queues are the link process's (this kernel has no netem); a rate alone is tc's
    for name in ("ethernet-10m", "wan", "intercontinental", "wifi", "lte", "bufferbloat", "ecs-internet"):
        assert profiles[name]["emulation"] == "wire" and profiles[name]["needs"] == ["tun", "perflab-link"], name
    assert profiles["lan-1g"]["emulation"] == "shaped" and profiles["loopback"]["emulation"] == "none"
    assert "token bucket" in profiles["lan-1g"]["description"] and "lone frame" in profiles["lan-1g"]["fidelity"]
    assert profiles["lte"]["reverse"] == {"rate_mbit": 30} and profiles["wifi"]["jitter_distribution"] == "pareto-normal"
    assert profiles["bufferbloat-codel"]["aqm"] == "codel" and profiles["wifi"]["ge_p_percent"] > 0


def test_unknown_profile_is_400_listing_the_known_ones(client, db, agents):
    err = field_error(launch(client, agents[0].id, agents[1].id, link_profile="token-ring"), "link_profile", 400)
    assert "ethernet-10m" in err["msg"] and "'token-ring'" in err["msg"]
    assert runs_stored(db) == 0


def test_loopback_run_off_the_lab_link_records_the_agents_own_network(client, agents):
    r = launch(client, agents[0].id, agents[1].id)
    assert r.status_code == 201, r.text
    link = r.json()["link"]
    assert link["profile"] == "loopback" and link["emulated"] is False and set(link["paths"]) == {"client", "server"}


@pytest.mark.skipif(why_not_usable() is not None, reason=f"needs root and netns: {why_not_usable()}")
def test_shaping_profile_needs_the_lab_link(client, db, agents):
    r = launch(client, agents[0].id, agents[1].id, link_profile="ethernet-10m")
    assert r.status_code == 400
    assert "needs the client and the server to be local-a and local-b" in r.json()["detail"][0]["msg"]
    assert runs_stored(db) == 0


def test_user_profiles_are_added_and_bad_ones_named():
    mine = parse('[dsl]\ndescription = "ADSL uplink"\nmtu = 1492\nrate_mbit = 1\n', "mine.toml")["dsl"]
    assert mine.needs == ["tbf"] and mine.burst == 1492 + 14 + 8
    with pytest.raises(ProfileError, match=r"mine.toml: profile 'x': mtu must be between 68 and 65535 \(got 9\)"):
        parse('[x]\ndescription = "d"\nmtu = 9\n', "mine.toml")
    with pytest.raises(ProfileError, match="unknown field.*speed"):
        parse('[x]\ndescription = "d"\nspeed = 9\n', "mine.toml")
    assert parse('[w]\ndescription = "d"\nemulation = "wire"\nrate_mbit = 2\n', "m")["w"].needs == ["tun", "perflab-link"]
    with pytest.raises(ProfileError, match="burst_bytes is a token bucket's"):
        parse('[w]\ndescription = "d"\nemulation = "wire"\nrate_mbit = 2\nburst_bytes = 3000\n', "m")
    # a delay, jitter or loss makes a wire of its own accord; asking tc for one says why it cannot
    lossy = parse('[l]\ndescription = "d"\nrate_mbit = 2\ndelay_ms = 20\nloss_percent = 1\n', "m")["l"]
    assert lossy.emulation == "wire" and lossy.needs == ["tun", "perflab-link"]
    with pytest.raises(ProfileError, match=r"delay_ms need emulation = \"wire\".*no netem"):
        parse('[s]\ndescription = "d"\nemulation = "shaped"\nrate_mbit = 2\ndelay_ms = 20\n', "m")
    with pytest.raises(ProfileError, match="a wire needs rate_mbit"):
        parse('[s]\ndescription = "d"\ndelay_ms = 20\n', "m")
    with pytest.raises(ProfileError, match=r"ge_r_percent must be above 0"):
        parse('[g]\ndescription = "d"\nrate_mbit = 2\nge_p_percent = 1\n', "m")
    with pytest.raises(ProfileError, match=r"aqm must be one of drop-tail, codel \(got 'red'\)"):
        parse('[q]\ndescription = "d"\nrate_mbit = 2\naqm = "red"\n', "m")
    with pytest.raises(ProfileError, match=r"\(reverse\): loss_percent must be between 0 and 100 \(got 101\)"):
        parse('[r]\ndescription = "d"\nrate_mbit = 2\n[r.reverse]\nloss_percent = 101\n', "m")
    with pytest.raises(ProfileError, match=r"jitter_table .* is not a file"):
        parse('[t]\ndescription = "d"\nrate_mbit = 2\njitter_distribution = "table"\njitter_table = "no.txt"\n',
              "m", Path("/nonexistent"))
    with pytest.raises(ProfileError, match="emulation must be one of wire, shaped, none"):
        parse('[w]\ndescription = "d"\nemulation = "cable"\n', "m")


def test_user_profile_file_in_the_state_folder_shows_in_the_list(client, settings):
    settings.state.mkdir(parents=True, exist_ok=True)
    (settings.state / "link-profiles.toml").write_text('[slow]\ndescription = "a slow one"\nrate_mbit = 2\n')
    slow = by_name(client)["slow"]
    assert slow["rate_mbit"] == 2 and slow["source"].endswith("link-profiles.toml")


def _enrol(client, name: str, address: str) -> int:
    r = client.post("/api/agents/enroll", json={
        "enrollment_token": ENROLLMENT_TOKEN, "name": name, "host": "lab", "address": address,
        "version": "0.1.0", "clock_id": 1, "capabilities": {}})
    assert r.status_code == 201, r.text
    return r.json()["agent_id"]


def _wait_summarised(db, run_id: int) -> None:
    """The reaper summarises a cancelled run in its own thread: let it finish before the tables are emptied."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with db.session() as s:
            if s.scalar(select(func.count()).select_from(Analysis).where(Analysis.run_id == run_id)):
                return
        time.sleep(0.1)


@pytest.mark.skipif(why_not_usable() is not None, reason=f"needs root and netns: {why_not_usable()}")
def test_launch_on_the_lab_link_applies_and_records_the_profile(client, db, settings):
    created = lab.create(settings.state)
    try:
        a = _enrol(client, "local-a", created["agents"]["local-a"]["address"])
        b = _enrol(client, "local-b", created["agents"]["local-b"]["address"])
        r = launch(client, a, b, link_profile="ethernet-10m")
        assert r.status_code == 201, r.text
        link = r.json()["link"]
        assert link["profile"] == "ethernet-10m" and link["emulated"] and link["mtu"] == 1500
        assert link["rate_mbit"] == 10 and link["requested"]["rate_mbit"] == 10 and link["rtt_us_min"] > 0
        assert link["emulation"] == "wire" and link["wire"]["pid"] > 0  # the wire runs before any job was queued
        with db.session() as s:
            assert s.scalar(select(func.count()).select_from(Job)) == 1
        same = launch(client, a, b, link_profile="ethernet-10m")  # shares the shaped link, does not reshape it
        assert same.status_code == 201 and same.json()["link"]["shared_with_run"] == r.json()["id"]
        assert same.json()["link"]["rtt_us_min"] == link["rtt_us_min"]
        client.post(f"/api/runs/{same.json()['id']}/cancel")
        busy = launch(client, a, b, link_profile="lan-1g")
        assert busy.status_code == 400 and "busy with ethernet-10m" in busy.json()["detail"][0]["msg"]
        assert client.post(f"/api/runs/{r.json()['id']}/cancel").status_code == 200
        lan = launch(client, a, b, link_profile="lan-1g")
        assert lan.status_code == 201, lan.text
        assert lan.json()["link"]["rate_mbit"] == 1000 and lan.json()["link"]["emulation"] == "shaped"
        ns, dev = created["agents"]["local-b"]["ns"], created["agents"]["local-b"]["dev"]
        assert "tbf" in tc("qdisc", "show", "dev", dev, ns=ns).stdout
        assert client.get("/api/links/status").json()["applied_profile"] == "lan-1g"
        _wait_summarised(db, r.json()["id"])
        _wait_summarised(db, same.json()["id"])
    finally:
        lab.clear(settings.state)
    assert not set(created["namespaces"]) & set(list_namespaces())
