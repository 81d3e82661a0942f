"""analysis/load_sweep.py against textbook values and an independent simulation (Lindley's recursion)."""

import math

import numpy as np
import pytest

from perflab.analysis.load_sweep import (Station, SweepPoint, erlang_c, knee, load_sweep, predict_ns,
                                         saturation_rate, station_response_ns, stations_from_demands)

MS = 1e6


def test_mm1_and_md1_mean_response():
    # M/M/1 at rho 0.5: R = D / (1 - rho) = 2 ms; M/D/1: R = D + rho D / (2 (1 - rho)) = 1.5 ms
    assert station_response_ns(Station("cpu", "queue", MS, MS, 1, 1.0), 500) == pytest.approx(2 * MS)
    assert station_response_ns(Station("cpu", "queue", MS, MS, 1, 0.0), 500) == pytest.approx(1.5 * MS)
    assert station_response_ns(Station("cpu", "queue", MS, MS, 1, 1.0), 1000) is None  # saturated
    assert station_response_ns(Station("wire", "delay", 3 * MS, 3 * MS), 10_000) == 3 * MS


def test_erlang_c_textbook_values():
    assert erlang_c(1, 0.7) == pytest.approx(0.7)  # one server: P(wait) = rho
    assert erlang_c(2, 1.0) == pytest.approx(1 / 3)
    # direct formula for c = 4, a = 3
    c, a = 4, 3.0
    top = a ** c / math.factorial(c) * c / (c - a)
    assert erlang_c(c, a) == pytest.approx(top / (sum(a ** k / math.factorial(k) for k in range(c)) + top))
    # M/M/2, mu = 1/ms, lambda = 1/ms: Wq = C / (c mu - lambda) = 1/3 ms
    got = station_response_ns(Station("cpu", "queue", MS, MS, 2, 1.0), 1000)
    assert got == pytest.approx(MS + MS / 3)


def _lindley_mean_wait(rate_per_ns: float, service: np.ndarray, rng) -> float:
    gaps = rng.exponential(1 / rate_per_ns, service.size)
    w, total = 0.0, 0.0
    for i in range(1, service.size):
        w = max(0.0, w + service[i - 1] - gaps[i])
        total += w
    return total / (service.size - 1)


@pytest.mark.parametrize("cv2,rho", [(0.25, 0.6), (1.0, 0.5), (2.0, 0.4)])
def test_pollaczek_khinchine_against_a_simulated_queue(cv2, rho):
    seed = int(cv2 * 1000 + rho * 100)
    print("seed", seed)
    rng = np.random.default_rng(seed)
    shape = 1 / cv2  # gamma service with mean 1 ms and the squared coefficient of variation cv2
    service = rng.gamma(shape, MS / shape, 200_000)
    rate = rho / MS * 1e9
    simulated = _lindley_mean_wait(rate / 1e9, service, rng) + MS
    assert station_response_ns(Station("cpu", "queue", MS, MS, 1, cv2), rate) == pytest.approx(simulated, rel=0.06)


def test_one_caller_is_one_queue_whose_service_is_the_whole_call():
    # a ping-pong's connection: devices of 0.3 + 0.2 ms (no waits at them: one call at a time), the caller an
    # M/D/1 at 1000 calls/s with service 0.5 ms -> 0.5 + 0.5 * 0.5 / (2 * 0.5) = 0.75 ms
    st = [Station("client_cpu", "queue", 0.3 * MS, 0.3 * MS, 1, 0.0), Station("network", "delay", 0.2 * MS, 0.2 * MS)]
    assert predict_ns(st, 1000, callers=1, rtt_cv2=0.0) == pytest.approx(0.75 * MS)
    assert predict_ns(st, 2000, callers=1, rtt_cv2=0.0) is None
    assert load_sweep([SweepPoint(0, 100, 100, 0.5 * MS, 0.5 * MS, 0.6 * MS)],
                      [{"device": "network", "kind": "delay", "total_ns": 0.5 * MS, "phase2_ns": 0}],
                      callers=1)["model"]["saturation_per_s"] == pytest.approx(2000, rel=1e-6)


def test_saturation_is_the_busiest_device():
    st = stations_from_demands([
        {"device": "server_cpu", "kind": "queue", "total_ns": 2 * MS, "phase2_ns": 0.5 * MS, "servers": 2, "cv2": 0.3},
        {"device": "network", "kind": "queue", "total_ns": 0.8 * MS, "phase2_ns": 0, "cv2": None},
        {"device": "wire", "kind": "delay", "total_ns": 5 * MS, "phase2_ns": 0},
    ])
    assert [s.cv2 for s in st] == [0.3, 1.0, 1.0]
    assert st[0].demand_ns == pytest.approx(1.5 * MS)
    assert saturation_rate(st) == pytest.approx(1000)  # 2 servers / 2 ms
    assert predict_ns(st, 999) is not None and predict_ns(st, 1000) is None


def test_knee_is_stated_between_the_last_good_and_the_first_bad_rate():
    pts = [SweepPoint(i, r, r * (1 if r < 4000 else 0.9), MS, MS, p99 * MS)
           for i, (r, p99) in enumerate([(1000, 1.0), (2000, 1.2), (3000, 2.5), (4000, 9.0)])]
    k = knee(pts)
    assert (k["below_per_s"], k["above_per_s"]) == (2000, 3000) and "p99 of 2,500 µs, 2.5x" in k["sentence"]
    served = knee([SweepPoint(0, 1000, 1000, MS, MS, MS), SweepPoint(1, 2000, 1800, MS, MS, 1.1 * MS)])
    assert served["above_per_s"] == 2000 and "served only 90.0 %" in served["sentence"]
    assert not knee([SweepPoint(0, 1000, 1000, MS, MS, MS), SweepPoint(1, 2000, 2000, MS, MS, MS)])["found"]


def test_a_p99_blip_with_calm_rates_above_it_is_not_the_knee():
    """A busy VM's p99 (one 2000 calls/s point at 2.1x, measured 2026-11-28) must not be called the knee when the
    rates above it are calm; a later lasting rise is, and the blip is named."""
    rng = np.random.default_rng(int(np.random.SeedSequence().entropy % 2**32))
    calm = lambda: float(rng.uniform(0.8, 1.5))  # noqa: E731
    rates = [500, 1000, 2000, 3000, 4000, 5000, 6000]
    blip = int(rng.integers(2, 4))
    p99s = [1.0] + [calm() for _ in rates[1:]]
    p99s[blip] = 2.1 + calm()
    pts = [SweepPoint(i, r, r, MS, MS, p * MS) for i, (r, p) in enumerate(zip(rates, p99s))]
    calm_sweep = knee(pts)
    assert not calm_sweep["found"] and f"a rise at {rates[blip]:,}" in calm_sweep["sentence"], (p99s, calm_sweep)
    lasting = [SweepPoint(i, r, r, MS, MS, (p if i < 5 else 3.0 + p) * MS) for i, (r, p) in enumerate(zip(rates, p99s))]
    bent = knee(lasting)
    assert (bent["below_per_s"], bent["above_per_s"]) == (4000, 5000), (p99s, bent)
    assert f"a rise at {rates[blip]:,}" in bent["sentence"]


def test_a_runs_open_points_make_the_sweep_and_its_closed_base_stays_out():
    from perflab.analysis import trace as trace_mod
    from perflab.analysis.load_sweep import run_load_sweep
    from perflab.analysis.run_analyses import tails
    # point 0 at 200 calls/s, point 1 at 100 calls/s, point 2 the closed-loop base; 400 calls each, one thread
    rng = np.random.default_rng(7)
    calls = {k: [] for k in ("call_no", "point_no", "flags", "start_ns", "rtt_ns", "request_bytes",
                             "response_bytes", "thread", "send_lag_ns")}
    for p, rate in ((0, 200), (1, 100), (2, None)):
        for i in range(400):
            calls["call_no"].append(p * 400 + i)
            calls["point_no"].append(p)
            calls["flags"].append(2 if i == 0 else 0)
            calls["start_ns"].append(int(10**12 * p + i * (1e9 / rate if rate else 2e6)))
            calls["rtt_ns"].append(int(rng.normal(1e6, 1e4)))
            calls["request_bytes"].append(64)
            calls["response_bytes"].append(64)
            calls["thread"].append(0)
            calls["send_lag_ns"].append(int(6e6) if (p == 0 and i % 50 == 0) else 0)
    tr = trace_mod.build(calls, {"call_no": [], "code": [], "start_ns": [], "end_ns": []})
    params = {0: {"threads": 1, "arrival": "constant", "rate_calls_s": 200.0},
              1: {"threads": 1, "arrival": "constant", "rate_calls_s": 100.0}, 2: {"threads": 1, "arrival": "constant"}}
    loops = {0: "open", 1: "open", 2: "closed"}
    t = tails(tr, None, tr.latency_ns, loops)
    assert [p["loop"] for p in t["points"]] == ["open", "open", "closed"] and t["loop"] == "open"
    delay = lambda ns: [{"device": "network", "kind": "delay", "total_ns": ns, "phase2_ns": 0}]  # noqa: E731
    demands = {"points": [{"point_no": 1, "demands": delay(3e6)}, {"point_no": 2, "demands": delay(1e6)}]}
    got = run_load_sweep(tr, params, t, demands)
    assert [p["point_no"] for p in got["points"]] == [1, 0]  # by offered rate; the closed base left out
    assert got["points"][0]["achieved_per_s"] == pytest.approx(100, rel=1e-6)
    # point 0: 7 of its 399 measured calls sent 6 ms late, more than its 5 ms gap (the 8th late one is its first call, not measured)
    mean_rtt = np.mean(tr.rtt_ns[(tr.point_no == 0) & tr.measured])
    assert got["points"][1]["mean_ns"] == pytest.approx(mean_rtt + 7 * 6e6 / 399, rel=1e-9)
    # the model's demands are the closed-loop base point's (warm, back to back), not the least loaded open point's
    assert got["model"]["from_point"] == 2 and got["model"]["callers"] == 1
    assert [st["total_ns"] for st in got["model"]["stations"]] == [1e6]
    no_base = run_load_sweep(tr, {p: params[p] for p in (0, 1)} | {2: {"threads": 2}}, t, demands)
    assert no_base["model"]["from_point"] == 1 and no_base["model"]["stations"][0]["total_ns"] == 3e6
    assert [s["late_sends"] for s in got["schedules"]] == [0, 8]
    closed = run_load_sweep(tr, {p: {"threads": 1} for p in range(3)}, t, demands)
    assert closed["available"] is False and "no open-loop point" in closed["reason"]
