"""The analyses of real RPC runs: two perflab-agent daemons on one machine, a threads x think-time sweep at two
request sizes through the live backend, analysed by the reaper when the run ends. Checked against independent
calculations made here: the agent's own packet formula (agents/src/rpc/rpc_wire.c pl_rpc_frames), the sweep's
thread counts, the run's flags, and the clock both agents share (true offset 0)."""

import json

import pytest

from test_agent_integration import analysed, lab  # noqa: F401 - lab is a fixture

SIZES, THREADS, THINK_US = [100, 5000], [1, 3], [0, 400]
CALLS, WARMUP = 60, 2


def frames(size: int, header=80, packet_data=4016, mtu=1500) -> tuple[int, int]:
    """RPC packets and IP fragments, written from the agent's comment: each RPC packet plus UDP (8) and RPC
    headers cut into fragments of mtu - 20 bytes."""
    n = max(1, -(-size // packet_data))
    chunks = [min(packet_data, size - i * packet_data) for i in range(n)]
    return n, sum(-(-(8 + header + c) // (mtu - 20)) for c in chunks)


def test_a_real_threads_by_think_time_rpc_sweep_is_analysed(lab):  # noqa: F811
    """One run (a live sweep takes seconds), every analysis of it checked below."""
    sweep = _launch(lab)
    for check in (_rtp, _clock, _packets, _first_calls, _throughput_and_model):
        check(sweep)
    # one point's part of the per-point lists (GET /api/runs/{id}/points/{p}/analyses/{kind})
    http, run_id = lab[0], sweep[2]
    last = len(sweep[1]) - 1
    for kind in ("packets", "model_vs_measured", "ecs", "rtp", "step_stats"):
        r = http.get(f"/api/runs/{run_id}/points/{last}/analyses/{kind}")
        assert r.status_code == 200 and r.json()["point"]["point_no"] == last, (kind, r.text[:300])
    pk = http.get(f"/api/runs/{run_id}/points/{last}/analyses/packets").json()
    assert pk["point"]["request_bytes"] == SIZES[-1] and "rtt_vs_size" not in pk and pk["jumps"]
    # what-if on a real RPC point: halving c.sendmsg takes half its on-path mean off the predicted RTT
    seg = {x["name"]: x for x in get_point_segments(http, run_id, 0)}
    w = http.post("/api/models/whatif", json={"run_id": run_id, "point_no": 0, "scales": {"c.sendmsg": 0.5},
                                              "threads": 3}).json()
    assert w["baseline_rtt_ns"] - w["predicted_rtt_ns"] == pytest.approx(seg["c.sendmsg"]["mean_on_path_ns"] / 2,
                                                                         rel=1e-6)
    assert w["mva"]["predicted_calls_per_s"] >= w["mva"]["baseline_calls_per_s"] > 0


def get_point_segments(http, run_id, point_no):
    return http.get(f"/api/runs/{run_id}/points/{point_no}/analyses/rtp").json()["point"]["segments"]


def _launch(lab):  # noqa: F811
    http, ids, _ = lab
    r = http.post("/api/runs", json={
        "kind": "rpc", "client_agent_id": ids["it-a"], "server_agent_id": ids["it-b"], "procedure": "echo",
        "request_bytes": SIZES, "threads": THREADS, "think_time_us": THINK_US, "calls": CALLS,
        "warmup_calls": WARMUP})
    assert r.status_code == 201, r.text
    run_id = r.json()["id"]
    run, index = analysed(http, run_id, 120)
    get = lambda kind: http.get(f"/api/runs/{run_id}/analyses/{kind}").json()  # noqa: E731
    points = [(b, t, z) for b in SIZES for t in THREADS for z in THINK_US]  # the last varies fastest
    return get, points, run_id


def _rtp(sweep):
    get, points, _ = sweep
    rtp = get("rtp")
    assert rtp["unplaced_codes"] == [], rtp["notes"]
    assert len(rtp["points"]) == len(points)
    for pt, (size, threads, think) in zip(rtp["points"], points):
        assert pt["calls"] >= threads * CALLS * 0.9, (pt["point_no"], pt["calls"], pt["incomplete_calls"])
        seg = {s["name"]: s for s in pt["segments"]}
        # the client's steps up to the request's last send are always on the path; the listener's idle wait is
        # bound by the request, so it runs beside the path
        for name in ("c.start", "c.marshal", "c.queue", "c.sendmsg", "c.recv", "c.end"):
            assert seg[name]["on_path_share"] == 1.0, (name, seg[name])
        assert seg["s.idle"]["on_path_share"] == 0.0
        # the server's turn is on the path exactly when the reply came after the client began to wait for it
        # (on loopback the server may answer while the client's sendmsg is still returning): then the path
        # enters it through the request transit and leaves through the reply transit, else c.wait carries it
        share = seg["reply transit"]["on_path_share"]
        for name in ("request transit", "s.receive", "s.service", "s.sendmsg"):
            assert seg[name]["on_path_share"] == pytest.approx(share), (name, seg[name])
        assert seg["c.wait"]["on_path_share"] + share == pytest.approx(1.0)
        assert seg["s.end"]["on_path_share"] == 0.0  # phase two: after the reply left
        # Table 2: the timed on-path segments plus the untimed gaps explain the measured RTT
        total = pt["calculated_rtt_ns"] + pt["untimed_on_path_ns"]
        assert abs(total - pt["measured_rtt_ns"]) < 0.10 * pt["measured_rtt_ns"], (pt["point_no"], total,
                                                                                   pt["measured_rtt_ns"])
        print(f"\npoint {pt['point_no']} ({size} B, {threads} thr, think {think} us): calculated "
              f"{pt['calculated_rtt_ns']:.0f} + untimed {pt['untimed_on_path_ns']:.0f} ns vs measured "
              f"{pt['measured_rtt_ns']:.0f} ns ({pt['percent_error']:.1f}%)")


def _clock(sweep):
    get, _, _ = sweep
    clock = get("clock")
    assert clock["available"] and clock["source"] == "calls" and clock["same_clock"] is True
    assert abs(clock["offset_ns"]) <= clock["error_bound_ns"], clock  # one machine: the true offset is 0


def _packets(sweep):
    get, points, _ = sweep
    pk = get("packets")
    assert pk["available"], pk
    assert pk["params"]["data_per_rpc_packet"] == 4016 and pk["params"]["mtu_bytes"] == 1500
    assert pk["source"]["data_per_rpc_packet"] == "packetisation.packet_data"
    for c in pk["counts"]:
        assert (c["rpc_packets"], c["network_packets"]) == frames(c["request_bytes"])
    # the model's boundaries up to the largest size: one more fragment at each multiple of 1480 - 88 bytes of
    # data (1392, 2872), one more RPC packet after 4016
    got = [(j["request_bytes"], j["kind"]) for j in pk["jumps"]]
    assert got == [(1393, "fragment"), (2873, "fragment"), (4017, "rpc_packet")]
    rows = pk["rtt_vs_size"]
    assert [(r["request_bytes"], r["threads"], r["think_ns"]) for r in rows] == \
        [(b, t, z * 1000.0) for b, t, z in points]
    for r in rows:
        assert r["first_calls"]["count"] == r["threads"]  # every caller thread's first call, flagged by the agent
        assert r["later_calls"]["count"] >= r["threads"] * CALLS * 0.9
        assert (r["rpc_packets"], r["network_packets"]) == frames(r["request_bytes"])
    cold = [r["first_calls"]["median_ns"] / r["later_calls"]["median_ns"] for r in rows]
    print("\nfirst-call / later-call median RTT per point:", [round(x, 2) for x in cold])


def _first_calls(sweep):
    get, points, _ = sweep
    stats = get("step_stats")
    for pt, (_, threads, _) in zip(stats["points"], points):
        fc = pt["first_calls"]
        assert fc["count"] == threads
        first_codes = {s["code"] for s in fc["steps"]}
        steady_codes = {s["code"] for s in pt["steps"]}
        assert 11 in first_codes  # c.bind: a new call handle, on each thread's first call only
        assert 11 not in steady_codes  # per-thread cache: later calls reuse the handle
        assert pt["calls"] >= threads * CALLS * 0.9


def _throughput_and_model(sweep):
    get, points, _ = sweep
    ecs = get("ecs")
    rows = ecs["throughput"]
    assert [(r["request_bytes"], r["threads"]) for r in rows] == [(b, t) for b, t, _ in points]
    for r in rows:
        assert r["threads_seen"] == r["threads"]  # from the calls' thread column
        assert r["mbit_per_s"] == pytest.approx(r["calls_per_s"] * 2 * r["request_bytes"] * 8 / 1e6)
    mvm = get("model_vs_measured")
    assert mvm["available"], mvm
    by_point = {r["point_no"]: r for r in mvm["rows"]}
    assert sorted(by_point) == list(range(len(points)))
    for p, (size, threads, think) in enumerate(points):
        r = by_point[p]
        base = by_point[r["base_point_no"]]
        # each think time's 1-thread point is its base (issue 30: a host's cost after an idle gap is its own)
        assert (base["threads"], base["think"]) == (1, r["think"]) and base["label"] == r["label"] == f"{size} B"
        assert r["think"] == pytest.approx(think / 1000.0)  # ms, the case study's unit
        # flagged exactly when the measured 95% interval excludes the model's band, where the model applies (each
        # point decides that from its own numbers: cores the agents share, a disturbed base, callers in lockstep)
        lo, hi = r["measured_ci95"]
        assert r["anomaly"] == (r["applies"] and (lo > max(r["model_band"]) or hi < min(r["model_band"])))
        assert min(r["bounds"]["lower"], r["bounds"]["upper"]) - 1e-12 <= r["model"] <= r["bounds"]["upper"] + 1e-12
        assert r["solver"] in ("exact", "residual", "simulation") and r["solver_reason"]
        assert r["model_exact"] > 0 and r["slow_start"]["calls"] >= threads * CALLS * 0.9
        assert r["explanation"]
    # the unit costs read the size sweep from the unloaded points (1 thread, no think time) only
    uc, rtp = get("unit_cost"), {pt["point_no"]: pt for pt in get("rtp")["points"]}
    assert uc["available"], uc
    unloaded = [p for p, (_, t, z) in enumerate(points) if t == 1 and z == 0]
    assert [(r["request_bytes"], r["measured_ns"]) for r in uc["rows"]] == \
        [(points[p][0], pytest.approx(rtp[p]["measured_rtt_ns"])) for p in unloaded]
    table = mvm["table"]
    assert table["columns"][:2] == ["calls", "threads"] and len(table["rows"]) == len(points)
    assert sorted((r[0], r[1], r[2]) for r in table["rows"]) == \
        sorted((f"{b} B", t, z / 1000.0) for b, t, z in points)
    print("\nmodel vs measured: " + json.dumps([{k: (round(v, 4) if isinstance(v, float) else v) for k, v in r.items()
                              if k in ("label", "threads", "think", "model", "measured", "percent_error",
                                       "anomaly")} for r in mvm["rows"]], indent=None))
