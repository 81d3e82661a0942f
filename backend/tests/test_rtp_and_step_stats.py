"""Round trip path and step statistics on synthetic ping-pong traces whose every segment is known
(tests/synth_trace.py), so the critical path, on/off-path marks, Table 2 sums and statistics are checked
against independent ground truth (the DCE RPC paper's Figure 5 / Table 2 method)."""

import numpy as np
import pytest

from perflab.analysis.rtp import round_trip_path
from perflab.analysis.step_stats import step_statistics
from perflab.analysis.trace import FLAG_SLOW_START, build
from synth_trace import pingpong


def seg(point, name):
    return next(s for s in point.segments if s.name == name)


def test_critical_path_of_a_ping_pong():
    tr, truth = pingpong(n_calls=3000)
    r = round_trip_path(tr)
    (p,) = r.points
    assert p.calls == 3000 - 5  # warm-up calls left out (the cold first call, call 0, is one of them)
    for name in ("c.send", "s.recv", "s.send", "c.recv", "request transit", "reply transit"):
        assert seg(p, name).on_path_share == 1.0, name
    for name in ("c.wait", "s.wait"):  # waits run beside the path: the message binds them
        assert seg(p, name).on_path_share == 0.0 and seg(p, name).mean_on_path_ns == 0.0, name
    assert seg(p, "c.send").mean_on_path_ns == 3000
    assert seg(p, "s.send").mean_on_path_ns == 2500
    idx = np.nonzero(tr.measured)[0]
    assert seg(p, "request transit").mean_on_path_ns == pytest.approx(truth["d_req"][idx].mean(), abs=1.0)
    # Table 2: timed segments explain all but the server's 200 ns untimed gap between s.recv and s.send
    assert p.untimed_on_path_ns == pytest.approx(200, abs=1)
    assert p.measured_rtt_ns - p.calculated_rtt_ns == pytest.approx(200, abs=1)
    assert p.percent_error == pytest.approx(200 * 100 / p.measured_rtt_ns, rel=1e-3)
    assert "kernel" in r.notes[0]
    assert [m["message"] for m in p.messages] == ["reply", "request"]
    assert {m["to_lane"] for m in p.messages} == {"client", "server"}


def test_loopback_receiver_returning_inside_the_senders_send():
    # on loopback send() carries the request to the server socket and wakes the server, whose recv() can
    # return while the client's send() is still unwinding: that tail runs beside the path, the transit is 0
    tr, truth = pingpong(n_calls=1000, net_ns=-2000, jitter_ns=100)
    p = round_trip_path(tr).points[0]
    idx = np.nonzero(tr.measured)[0]
    early = 3000 + truth["d_req"][idx]  # c.send time until the server had the request
    assert seg(p, "request transit").mean_on_path_ns == 0
    assert seg(p, "c.send").mean_on_path_ns == pytest.approx(early.mean(), abs=1)
    assert seg(p, "c.send").mean_ns == 3000
    assert p.calculated_rtt_ns + p.untimed_on_path_ns == pytest.approx(p.measured_rtt_ns, abs=1)


def test_a_request_that_waits_for_a_busy_server_stays_on_the_path():
    # the server came back to recv() only 100 ns before it returned: the request had been queued meanwhile
    tr, truth = pingpong(n_calls=500)
    j = tr.col(101)
    tr.first[:, j] = tr.last[:, j] - 100
    tr.duration[:, j] = 100
    p = round_trip_path(tr).points[0]
    assert seg(p, "c.send").on_path_share == 1.0 and seg(p, "request transit").on_path_share == 1.0
    req = next(m for m in p.messages if m["message"] == "request")
    assert req["queued_share"] > 0.9 and req["mean_queued_ns"] > 0
    assert p.calculated_rtt_ns + p.untimed_on_path_ns == pytest.approx(p.measured_rtt_ns, abs=1)


def test_offset_moves_transit_split_but_not_the_sum():
    tr, truth = pingpong(n_calls=2000, offset_ns=7e6, drift_ppm=3.0)
    idx = np.nonzero(tr.measured)[0]
    aligned = round_trip_path(tr, offset_ns=7e6, drift_ppm=3.0, ref_ns=0.0).points[0]
    assert seg(aligned, "request transit").mean_on_path_ns == pytest.approx(truth["d_req"][idx].mean(), abs=2)
    assert seg(aligned, "reply transit").mean_on_path_ns == pytest.approx(truth["d_rep"][idx].mean(), abs=2)
    total = aligned.calculated_rtt_ns + aligned.untimed_on_path_ns
    assert total == pytest.approx(aligned.measured_rtt_ns, abs=2)


def test_kernel_points_split_each_transit_into_lanes():
    tr, truth = pingpong(n_calls=2000, kernel=True, offset_ns=5e6)
    r = round_trip_path(tr, offset_ns=5e6)
    assert r.unplaced_codes == [] and not any("not recorded" in n for n in r.notes)
    p = r.points[0]
    idx = np.nonzero(tr.measured)[0]
    req = {x["lane"]: x["mean_ns"] for x in seg(p, "request transit").parts}
    assert req["client kernel"] == 0  # the SND stamp came inside send()
    assert req["server kernel"] == pytest.approx(1500, abs=1)
    assert req["network"] == pytest.approx(truth["d_req"][idx].mean() - 1500, abs=2)
    rep = {x["lane"]: x["mean_ns"] for x in seg(p, "reply transit").parts}
    assert rep["client kernel"] == pytest.approx(1200, abs=1) and rep["server kernel"] == 0
    assert sum(rep.values()) == pytest.approx(seg(p, "reply transit").mean_on_path_ns, abs=1)
    # without stamps there is nothing to split, and the result says so
    plain = round_trip_path(pingpong(n_calls=200)[0])
    assert seg(plain.points[0], "reply transit").parts == []


def test_unknown_codes_are_reported_not_placed():
    tr, _ = pingpong(n_calls=200)
    calls = {k: getattr(tr, k) for k in ("call_no", "point_no", "flags", "start_ns", "rtt_ns", "request_bytes",
                                         "response_bytes")}
    steps = {"call_no": [], "code": [], "start_ns": [], "end_ns": []}
    for j, code in enumerate(list(tr.codes) + [57]):
        jj = min(j, len(tr.codes) - 1)
        steps["call_no"].append(tr.call_no)
        steps["code"].append(np.full(len(tr.call_no), code))
        steps["start_ns"].append(tr.first[:, jj])
        steps["end_ns"].append(tr.last[:, jj])
    tr2 = build(calls, {k: np.concatenate(v) for k, v in steps.items()})
    r = round_trip_path(tr2)
    assert r.unplaced_codes == [57]
    assert any("57" in n for n in r.notes)


def test_step_statistics_subtract_the_probe_cost_and_keep_first_calls_apart():
    tr, _ = pingpong(n_calls=1000, points=2, warmup=0)
    raw = step_statistics(tr)
    assert "not measured" in raw.probe_cost_note and raw.probe_cost_ns == {}
    sub = step_statistics(tr, probe_cost_ns=40.0)
    assert [p.point_no for p in sub.points] == [0, 1]
    for p_raw, p_sub in zip(raw.points, sub.points):
        assert p_sub.calls == 499  # 500 calls per point, the first apart
        assert p_sub.first_call.call_no in (0, 500)
        by_code = {s.code: s for s in p_sub.steps}
        assert by_code[1].stats["mean_ns"] == pytest.approx(3000 - 40)
        assert by_code[1].stats["stddev_ns"] == 0
        raw_wait = next(s for s in p_raw.steps if s.code == 2).stats
        assert by_code[2].stats["median_ns"] == pytest.approx(raw_wait["median_ns"] - 40)
        assert p_sub.first_call.steps_ns[103] == 2500 - 40
    per_side = step_statistics(tr, probe_cost_ns={"client": 40.0})
    assert "server agent" in per_side.probe_cost_note
    rows = {s.code: s.stats["mean_ns"] for s in per_side.points[0].steps}
    assert rows[1] == pytest.approx(3000 - 40) and rows[103] == pytest.approx(2500)
    # an independent computation of one step's percentile and CI from the raw arrays
    j = tr.col(2)
    sel = tr.measured & (tr.point_no == 0)
    x = tr.duration[sel, j].astype(float)
    st = next(s for s in raw.points[0].steps if s.code == 2).stats
    assert st["p99_ns"] == pytest.approx(np.percentile(x, 99))
    half = (st["ci95_high_ns"] - st["ci95_low_ns"]) / 2  # bootstrap: close to t on 499 calls, never below 0
    assert half == pytest.approx(1.9647 * x.std(ddof=1) / np.sqrt(x.size), rel=0.15)
    assert st["ci95_low_ns"] >= x.min()


def test_a_step_shorter_than_the_probe_cost_is_never_negative():
    # c.send takes 3000 ns in every call: subtracting a (mis)measured 5000 ns probe cost must not give −2000 ns
    tr, _ = pingpong(n_calls=200, points=1, warmup=0)
    st = next(s for s in step_statistics(tr, probe_cost_ns=5000.0).points[0].steps if s.code == 1).stats
    assert st["mean_ns"] == 0 and st["min_ns"] == 0 and st["ci95_low_ns"] == 0


def test_slow_start_calls_are_counted_per_point_with_their_rtt():
    tr, _ = pingpong(n_calls=1000, points=2, warmup=0)
    slow = (tr.point_no == 1) & (tr.call_no % 4 == 0)  # a quarter of point 1's calls, as if sent in small packets
    tr.flags = tr.flags | np.where(slow, FLAG_SLOW_START, 0)
    tr.rtt_ns = tr.rtt_ns + np.where(slow, 1_000_000, 0)
    p0, p1 = step_statistics(tr).points
    assert p0.slow_start is None
    measured = tr.measured & (tr.point_no == 1)
    assert p1.slow_start.count == int((measured & slow).sum()) > 100
    assert p1.slow_start.share == pytest.approx(p1.slow_start.count / p1.calls)
    gap = p1.slow_start.rtt["mean_ns"] - p1.slow_start.other_rtt["mean_ns"]
    assert gap == pytest.approx(1_000_000, rel=0.05)


def test_repeated_steps_are_grouped_per_call():
    # a large request sent by three send() calls: first start, last end, summed duration, count 3
    calls = {"call_no": [0, 1], "point_no": [0, 0], "flags": [0, 0], "start_ns": [0, 100], "rtt_ns": [50, 50],
             "request_bytes": [9000, 9000], "response_bytes": [1, 1]}
    steps = {"call_no": [1, 0, 1, 1, 7], "code": [1, 1, 1, 1, 1], "start_ns": [120, 0, 100, 110, 0],
             "end_ns": [125, 5, 104, 115, 1]}
    tr = build(calls, steps)
    j = tr.col(1)
    assert tr.count[:, j].tolist() == [1, 3]  # call 7 is unknown: dropped
    assert (tr.first[1, j], tr.last[1, j], tr.duration[1, j]) == (100, 125, 14)


def _rpc_calls_with_lost_requests(n=40, lost_every=2, rto_ns=100_000_000, server_idles_again=False):
    """One-packet RPC calls whose every lost_every-th request is lost once: the client waits rto_ns in c.wait,
    retransmits (c.retransmit, 500 ns) and sends again (c.copy .. c.post_send repeat: one row each, first start
    to last end, summed time)."""
    calls = {k: [] for k in ("call_no", "point_no", "flags", "start_ns", "rtt_ns", "request_bytes", "response_bytes")}
    steps = {k: [] for k in ("call_no", "code", "start_ns", "end_ns")}

    def step(c, code, a, b):
        for k, v in zip(steps, (c, code, a, b)):
            steps[k].append(v)

    now = 1_000_000
    for c in range(n):
        t0 = t = now
        for code, ns in ((10, 100), (12, 50)):
            step(c, code, t, t + ns)
            t += ns

        def send(t):
            for code, ns in ((13, 10), (14, 60), (15, 3000), (16, 30)):
                step(c, code, t, t + ns)
                t += ns
            return t
        t = send(t)
        if c % lost_every == lost_every - 1:
            step(c, 17, t, t + rto_ns)
            t += rto_ns
            step(c, 20, t, t + 500)
            t = send(t + 500)
        rx = t + 10_000
        step(c, 110, t0 - 20_000, rx + 1500)
        s = rx + 1500
        for code, ns in ((111, 200), (115, 1000), (117, 2000), (119, 500)):
            step(c, code, s, s + ns)
            s += ns
        if server_idles_again and c % lost_every == lost_every - 1:
            step(c, 110, s - 500, s - 400)  # the server's rows of a call it saw twice overlap its receive
        step(c, 17, t, s - 500 + 10_000)
        t = s - 500 + 10_000
        for code, ns in ((18, 150), (21, 30), (22, 20)):
            step(c, code, t, t + ns)
            t += ns
        step(c, 23, t, t + 50)
        for k, v in zip(calls, (c, 0, 1 if c < 2 else 0, t0, t - t0, 100, 0)):
            calls[k].append(v)
        now = t + 50_000
    return build({k: np.array(v) for k, v in calls.items()}, {k: np.array(v) for k, v in steps.items()})


def test_a_retransmitted_requests_timeout_wait_is_the_networks():
    from perflab.analysis.demands import service_demands

    clean = round_trip_path(_rpc_calls_with_lost_requests(lost_every=10**9)).points[0]
    tr = _rpc_calls_with_lost_requests(lost_every=2)
    p = round_trip_path(tr).points[0]
    # the path still explains the whole RTT, with no negative client gaps
    assert p.calculated_rtt_ns == pytest.approx(p.measured_rtt_ns, abs=1)
    assert all(s.mean_on_path_ns >= 0 for s in p.segments), [(s.name, s.mean_on_path_ns) for s in p.segments]
    w = seg(p, "request retransmission wait")
    assert w.lanes == ["network"] and w.kind == "transit"
    lost = np.asarray(p.per_call["request retransmission wait"]) > 0
    assert lost.sum() == (p.calls + 1) // 2  # every other measured call
    # the timeout, the retransmit step and the first try's post-send: what the client did not spend working
    np.testing.assert_allclose(p.per_call["request retransmission wait"][lost], 100_000_000 + 500 + 30)
    # the client's on-path steps hold only the work of both sends, as the clean calls' plus the resend's
    assert seg(p, "c.sendmsg").mean_on_path_ns == pytest.approx(3000 * 1.5, rel=0.05)
    assert p.measured_rtt_ns - clean.measured_rtt_ns == pytest.approx(w.mean_on_path_ns + 3100 * lost.mean(), rel=0.01)
    d = {x.device: x for x in service_demands(tr, p).demands}
    assert d["client_cpu"].total_ns - d["client_cpu"].phase2_ns < 10_000  # the client host did not spend the timeout
    assert any(s["segment"] == "request retransmission wait" for s in d["kernel_network"].sources)


def test_calls_no_single_path_follows_are_left_out_and_their_excess_is_the_networks():
    """A call whose repeated steps overlap on both sides (a window resent after a timeout) comes out with negative
    segments: it is left out of the path, drawn from the other calls, and its RTT beyond theirs is one segment on
    the network lane and a delay in the demands (issue 31: the wifi profile's 40 KB calls, -700 ms gaps)."""
    from perflab.analysis.demands import service_demands
    from perflab.analysis.rtp import UNTRACED

    tr = _rpc_calls_with_lost_requests(lost_every=4, server_idles_again=True)
    clean = round_trip_path(_rpc_calls_with_lost_requests(lost_every=10**9)).points[0]
    p = round_trip_path(tr).points[0]
    assert p.untraced_calls == 10 and p.calls == 28  # 38 measured calls (2 warm-up), every 4th lost once
    assert all(s.mean_on_path_ns >= 0 for s in p.segments), [(s.name, s.mean_on_path_ns) for s in p.segments]
    assert p.calculated_rtt_ns == pytest.approx(p.measured_rtt_ns, abs=1)
    u = seg(p, UNTRACED)
    assert u.lanes == ["network"] and u.on_path_share == pytest.approx(10 / 38)
    # each untraced call waited the timeout and sent twice: its excess over a clean call
    assert u.mean_ns == pytest.approx(100_000_000 + 500 + 3100, rel=1e-3)
    assert p.measured_rtt_ns == pytest.approx(clean.measured_rtt_ns + u.mean_ns * 10 / 38, rel=1e-6)
    d = {x.device: x for x in service_demands(tr, p).demands}
    assert d["retransmissions"].kind == "delay" and d["retransmissions"].total_ns == pytest.approx(u.mean_on_path_ns)
