"""The analysis service and endpoints on a real PostgreSQL: a synthetic run (tests/synth_trace.py, known truth)
stored by COPY, analysed once when finished, served per run and per point; the stateless model endpoints with
their validation (4xx naming the field and the range)."""

import pytest
from sqlalchemy import func, select

from perflab.analysis.run_analyses import KINDS
from perflab.models import Analysis
from perflab.services.analysis_worker import work_until_idle
from refdata import load
from synth_trace import pingpong
from trace_store import add_late_batch, store


def sizes_run(db):
    """Two points of different request size; the second one's steps are slower by a per-byte cost."""
    tr, _ = pingpong(n_calls=4000, points=2)
    big = tr.point_no == 1
    tr.request_bytes[big] = 4096
    tr.response_bytes[big] = 4096
    return store(db, tr, {0: {"request_bytes": 64}, 1: {"request_bytes": 4096}})


def test_a_finished_run_is_analysed_once(db):
    run_id = sizes_run(db)  # no app here: nothing else analyses it
    assert work_until_idle(db) == [run_id, run_id]  # its summary, then its analyses
    assert work_until_idle(db) == []  # once
    with db.session() as s:
        n = s.scalar(select(func.count()).select_from(Analysis).where(Analysis.run_id == run_id))
    assert n == len(KINDS) + 2  # every kind, the index and the summary


def test_a_batch_that_arrives_after_the_analysis_is_taken_in(db):
    from perflab.models import Run
    from perflab.services.analyses import stored
    run_id = sizes_run(db)
    work_until_idle(db)
    with db.session() as s:
        first = s.get(Analysis, (run_id, "rtp")).computed_at
    add_late_batch(db, run_id)
    with db.session() as s:
        assert stored(s, s.get(Run, run_id), "rtp")["points"]
        row = s.get(Analysis, (run_id, "rtp"))
        assert row.batches_seen == 1 and row.computed_at > first


def test_a_finished_run_is_served(client, db):
    run_id = sizes_run(db)  # analysed by the app's reaper, or on this first request, whichever comes first
    index = client.get(f"/api/runs/{run_id}/analyses").json()
    assert index["error"] is None and "rtp" in index["kinds"]
    rtp = client.get(f"/api/runs/{run_id}/analyses/rtp").json()
    assert [p["point_no"] for p in rtp["points"]] == [0, 1]
    seg = {s["name"]: s for s in rtp["points"][0]["segments"]}
    assert seg["c.send"]["mean_on_path_ns"] == 3000 and seg["s.wait"]["on_path_share"] == 0
    clock = client.get(f"/api/runs/{run_id}/analyses/clock").json()
    assert clock["same_clock"] is True and abs(clock["offset_ns"]) < clock["error_bound_ns"]
    one = client.get(f"/api/runs/{run_id}/points/1/analyses/step_stats").json()
    assert one["point"]["point_no"] == 1 and one["probe_cost_note"].startswith("not measured")
    ecs = client.get(f"/api/runs/{run_id}/analyses/ecs").json()
    assert ecs["anova"]["df_between"] == 1 and len(ecs["throughput"]) == 2
    mvm = client.get(f"/api/runs/{run_id}/analyses/model_vs_measured").json()
    assert mvm["rows"][0]["percent_error"] == pytest.approx(0, abs=5)  # its own demands, one thread
    assert client.get(f"/api/runs/{run_id}/analyses/unit_cost").json()["available"] is True


def test_each_timed_segment_loses_one_clock_read_of_its_side(db):
    """Consecutive steps share the clock read at their boundary: what a segment carries of the probe is one read
    (the agent's clock_read_ns), not a standalone probe's two reads and a store (probe_ns)."""
    from perflab.analysis.step_stats import step_statistics
    from perflab.models import Job, Run
    from perflab.services.analyses import read_trace, stored
    run_id = sizes_run(db)
    with db.session() as s:
        run = s.get(Run, run_id)
        for role, agent, read in (("client", run.client_agent_id, 8.0), ("server", run.server_agent_id, 30.0)):
            s.add(Job(run_id=run_id, agent_id=agent, role=role, state="done",
                      probe={"source": "tsc", "probe_ns": 500.0, "clock_read_ns": read, "clock_gettime_ns": 20.0}))
    work_until_idle(db)
    with db.session() as s:
        st = stored(s, s.get(Run, run_id), "step_stats")
    assert st["probe_cost_ns"] == {"client": 8.0, "server": 30.0}
    with db.session() as s:
        unsubtracted = step_statistics(read_trace(s, run_id)).as_dict()
    raw = {row["code"]: row["stats"] for row in unsubtracted["points"][0]["steps"]}
    for row in st["points"][0]["steps"]:
        side_read = 8.0 if row["side"] == "client" else 30.0
        assert row["stats"]["mean_ns"] == pytest.approx(max(raw[row["code"]]["mean_ns"] - side_read, 0), abs=1e-6)


def test_errors_name_what_is_wrong(client, db):
    run_id = sizes_run(db)
    r = client.get(f"/api/runs/{run_id}/analyses/bogus")
    assert r.status_code == 404 and "kind must be one of" in r.json()["detail"]
    r = client.get(f"/api/runs/{run_id}/points/7/analyses/rtp")
    assert r.status_code == 404 and "point_no must be one of [0, 1]" in r.json()["detail"]
    assert client.get("/api/runs/999/analyses").status_code == 404
    tr, _ = pingpong(n_calls=100)
    running = store(db, tr, {0: {"request_bytes": 64}}, status="running")
    r = client.get(f"/api/runs/{running}/analyses/rtp")
    assert r.status_code == 409 and "computed when it ends" in r.json()["detail"]


def test_packet_model_endpoint_reproduces_the_dce_counts(client):
    ref = load("dce_rpc_1995")["packetisation"]
    sizes = [int(s) for s in ref["request_packets_by_size"]]
    r = client.post("/api/models/packets", json={"sizes": sizes, "jumps_up_to": 24097})
    assert r.status_code == 200
    assert [c["network_packets"] for c in r.json()["counts"]] == list(ref["request_packets_by_size"].values())
    assert [j["request_bytes"] for j in r.json()["jumps"] if j["kind"] == "rpc_packet"] == \
        [s for s in ref["rtt_jump_sizes"] if 1393 < s <= 24097]
    bad = client.post("/api/models/packets", json={"mtu_bytes": 10})
    assert bad.status_code == 422 and "mtu_bytes must be between 68 and 65535 bytes (got 10)" in bad.text


CASE_1PKT = {"stations": [
    {"name": "client_cpu", "kind": "queue", "demands": [3.54], "phase2": [0.82]},
    {"name": "controllers", "kind": "delay", "demands": [1.53]},
    {"name": "network", "kind": "queue", "demands": [1.31]},
    {"name": "server_cpu", "kind": "queue", "demands": [3.64], "phase2": [1.21]}],
    "classes": [{"name": "1 packet", "population": 1, "think": 0}]}


def test_mva_sweep_and_simulation_endpoints(client):
    r = client.post("/api/models/mva", json=CASE_1PKT).json()
    assert r["response"][0] == pytest.approx(7.99)  # case study, Table 2, one thread
    sw = client.post("/api/models/mva/sweep", json={**CASE_1PKT, "threads": [1, 3], "thinks": [0, 9]}).json()
    assert len(sw["rows"]) == 4 and sw["rows"][0]["response"] == pytest.approx(7.99)
    sim = client.post("/api/models/simulate", json={**CASE_1PKT, "horizon": 500}).json()
    assert sim["percent_difference"][0] == pytest.approx(0, abs=1e-6)
    bad = client.post("/api/models/mva", json={**CASE_1PKT, "classes": [{"population": 5000}]})
    assert bad.status_code == 422 and "population must be between 0 and 1000 (got 5000)" in bad.text
    bad = client.post("/api/models/simulate", json={**CASE_1PKT, "horizon": 1e9})
    assert bad.status_code == 422 and "horizon" in bad.text
    shape = {**CASE_1PKT, "stations": [{"name": "a", "demands": [1, 2]}]}
    bad = client.post("/api/models/mva", json=shape)
    assert bad.status_code == 422 and "one demand per class" in bad.text


def test_whatif_from_a_stored_run(client, db):
    run_id = sizes_run(db)
    base = client.post("/api/models/whatif", json={"run_id": run_id, "point_no": 0, "scales": {"c.send": 1}}).json()
    half = client.post("/api/models/whatif", json={"run_id": run_id, "point_no": 0, "scales": {"c.send": 0.5}}).json()
    assert base["baseline_rtt_ns"] - half["predicted_rtt_ns"] == pytest.approx(1500)
    # eight callers: the client CPU (its work between calls is phase two) is the bottleneck; halving c.send
    # raises the predicted throughput
    eight = client.post("/api/models/whatif", json={"run_id": run_id, "point_no": 0, "scales": {"c.send": 0.5},
                                                    "threads": 8}).json()["mva"]
    assert eight["baseline_bottleneck"] == "client_cpu"
    assert eight["predicted_calls_per_s"] > 1.01 * eight["baseline_calls_per_s"] > 0
    bad = client.post("/api/models/whatif", json={"run_id": run_id, "point_no": 9, "scales": {"c.send": 1}})
    assert bad.status_code == 422 and "point_no must be one of [0, 1]" in bad.text
    bad = client.post("/api/models/whatif", json={"segments": [], "scales": {"x": -1}})
    assert bad.status_code == 422 and "scales must be between 0 and 1000000.0" in bad.text


def test_ratio_tables_and_the_packet_model_of_a_labelled_run(client, db):
    """Two points of one size, labelled by transport, the second twice as slow; DCE protocol parameters."""
    tr, _ = pingpong(n_calls=2000, points=2, request_bytes=6000)
    slow = tr.point_no == 1
    tr.rtt_ns[slow] *= 2
    dce = {"rpc_header_bytes": 80, "data_per_rpc_packet": 4016, "mtu_bytes": 1500}
    run_id = store(db, tr, {0: {"request_bytes": 6000, "transport": "udp", **dce},
                            1: {"request_bytes": 6000, "transport": "tcp", **dce}})
    ecs = client.get(f"/api/runs/{run_id}/analyses/ecs").json()
    (row,) = ecs["ratios"]["transport"]
    m = tr.measured
    expected = tr.rtt_ns[m & slow].mean() / tr.rtt_ns[m & ~slow].mean()  # about 2, computed apart
    assert row["base"] == "udp" and row["ratios"]["tcp"] == pytest.approx(expected, rel=1e-9)
    packets = client.get(f"/api/runs/{run_id}/analyses/packets").json()
    assert packets["available"] is True
    assert packets["counts"][0]["network_packets"] == 5  # the DCE paper's 6000-byte example
    assert [j["request_bytes"] for j in packets["jumps"]][:2] == [1393, 2873]
    plain = store(db, pingpong(n_calls=100)[0], {0: {"request_bytes": 64}})
    assert "no protocol parameters" in client.get(f"/api/runs/{plain}/analyses/packets").json()["reason"]


def test_a_run_claimed_by_another_worker_is_left_to_it(db):
    """Workers in other processes (or replicas) skip a run whose advisory lock is held; it is taken once free."""
    from sqlalchemy import text

    from perflab.services.analysis_worker import LOCK_CLASS
    run_id = sizes_run(db)
    with db.session() as other:  # another worker's transaction, mid-analysis
        other.execute(text("SELECT pg_advisory_xact_lock(:c, :r)"), {"c": LOCK_CLASS, "r": run_id})
        assert work_until_idle(db) == []
    assert work_until_idle(db) == [run_id, run_id]
