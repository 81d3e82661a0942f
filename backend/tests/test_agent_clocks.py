"""Clock offset to peers (GET /api/agent-clocks): the latest clock fit of every pair of agents that ran together,
read from real runs between two real agents on loopback, and the arithmetic of seeing a fit from the server."""

import pytest

from perflab.services.agent_clocks import _towards
from test_agent_integration import finished, lab, wait  # noqa: F401 - lab is a fixture


def _run(http, client, server):
    r = http.post("/api/runs", json={"client_agent_id": client, "server_agent_id": server, "transport": "tcp",
                                     "request_bytes": 64, "response_bytes": 64, "calls": 400, "warmup_calls": 10})
    assert r.status_code == 201, r.text
    run = wait(lambda: finished(http, r.json()["id"]), 60, "run finished")
    assert run["status"] == "done", run
    wait(lambda: http.get(f"/api/runs/{run['id']}/analyses").json()["kinds"], 30, "analyses stored")
    return run["id"], http.get(f"/api/runs/{run['id']}/analyses/clock").json()


def _peers(http, name):
    (mine,) = [a for a in http.get("/api/agent-clocks").json() if a["agent_name"] == name]
    return mine["peers"]


def test_each_agent_sees_the_latest_fit_to_its_peer(lab):  # noqa: F811
    http, ids, _ = lab
    # no run between them yet: each agent is listed without peers
    assert _peers(http, "it-a") == [] and _peers(http, "it-b") == []

    first_id, fit = _run(http, ids["it-a"], ids["it-b"])
    assert fit["available"] is True
    (a_to_b,) = _peers(http, "it-a")
    (b_to_a,) = _peers(http, "it-b")
    assert a_to_b["peer_name"] == "it-b" and a_to_b["role"] == "client" and a_to_b["run_id"] == first_id
    # one machine, one clock: offset and drift are 0, as the run's own analysis says; the fit is the method's error
    assert a_to_b["same_clock"] is True and fit["same_clock"] is True
    assert a_to_b["offset_ns"] == fit["offset_ns"] == 0 and a_to_b["drift_ppm"] == fit["drift_ppm"] == 0
    assert a_to_b["fit_offset_ns"] == pytest.approx(fit["fit_offset_ns"])
    assert a_to_b["fit_drift_ppm"] == pytest.approx(fit["fit_drift_ppm"])
    assert a_to_b["error_bound_ns"] == pytest.approx(fit["error_bound_ns"])
    # the server sees the same fit from the other end
    assert b_to_a["peer_name"] == "it-a" and b_to_a["role"] == "server"
    assert b_to_a["offset_ns"] == 0 and b_to_a["fit_offset_ns"] == pytest.approx(-fit["fit_offset_ns"])
    # the fit's bound must hold the true offset, 0
    assert abs(a_to_b["fit_offset_ns"]) <= a_to_b["error_bound_ns"]

    # the pair ran again the other way round: that newer run is the one shown, from both sides
    second_id, fit2 = _run(http, ids["it-b"], ids["it-a"])
    (a_to_b,) = _peers(http, "it-a")
    (b_to_a,) = _peers(http, "it-b")
    assert a_to_b["run_id"] == b_to_a["run_id"] == second_id
    assert b_to_a["role"] == "client" and b_to_a["fit_offset_ns"] == pytest.approx(fit2["fit_offset_ns"])
    assert a_to_b["role"] == "server" and a_to_b["fit_offset_ns"] == pytest.approx(-fit2["fit_offset_ns"])
    assert a_to_b["offset_ns"] == b_to_a["offset_ns"] == 0

    only = http.get("/api/agent-clocks", params={"agent_id": ids["it-b"]}).json()
    assert [a["agent_name"] for a in only] == ["it-b"] and only[0]["peers"][0]["run_id"] == second_id


def test_bad_agent_ids_are_refused(lab):  # noqa: F811
    http, ids, _ = lab
    r = http.get("/api/agent-clocks", params={"agent_id": 0})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["query", "agent_id"]
    r = http.get("/api/agent-clocks", params={"agent_id": max(ids.values()) + 1000})
    assert r.status_code == 404 and "agent_id" in r.json()["detail"]


@pytest.mark.parametrize("offset, ppm", [(12_345.0, 0.0), (-5e6, 40.0), (0.0, -250.0)])
def test_a_fit_seen_from_the_server_maps_times_back(offset, ppm):
    """server = client·(1 + k) + offset; the inverted line must map every server time back to its client time."""
    k = ppm * 1e-6
    inv_offset, inv_ppm = _towards({"offset_ns": offset, "drift_ppm": ppm}, as_client=False)
    for client_t in (0.0, 1e9, 3.6e12):  # relative to the fit's reference
        server_t = client_t * (1 + k) + offset
        # peer = me + offset' + drift'·(me − me at the reference), me = the server, whose reference time is offset
        back = server_t + inv_offset + inv_ppm * 1e-6 * (server_t - offset)
        assert back == pytest.approx(client_t, abs=1e-3)
    assert _towards({"offset_ns": offset, "drift_ppm": ppm}, as_client=True) == (offset, ppm)
