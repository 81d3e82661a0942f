"""RPC runs in the analysis engine, on a synthetic RPC trace whose every step time is chosen here (the ground
truth): the RPC step rows of the round trip path, optional steps (c.bind on a thread's first call only), first
calls per thread apart, phase two of the server's executor; and the one mapping from a run's packetisation (or
an emulated link's MTU) to the packet model, checked against the DCE paper's packet counts."""

import numpy as np
import pytest

from perflab.analysis.demands import service_demands
from perflab.analysis.packet_model import count
from perflab.analysis.rpc_inputs import call_label, packet_params, think_ns
from perflab.analysis.rtp import round_trip_path
from perflab.analysis.run_analyses import compute
from perflab.analysis.step_stats import step_statistics
from perflab.analysis.trace import FLAG_FIRST, FLAG_WARMUP, build
from refdata import load

CLIENT_PRE = [(10, 100), (12, 50), (13, 80), (14, 60), (15, 3000)]  # c.start .. c.sendmsg (ns)
SERVER = [(111, 200), (113, 300), (114, 40), (115, 1000), (116, 60), (117, 2000)]  # s.receive .. s.sendmsg
CLIENT_POST = [(18, 150), (21, 70), (22, 20)]  # c.recv .. c.end: the measured RTT ends here
FREE_NS = 40  # c.free: the handle goes back to the cache after the RTT ended (agents/src/rpc/rpc_client.c)
BIND_NS, POST_SEND_NS, REQ_NS, REP_NS, S_END_NS = 5000, 30, 7000, 6000, 500
PERIOD_NS, THREADS, PER_THREAD, WARMUP = 100_000, 2, 50, 2


def rpc_trace(offset_ns: int = 0, thinks=None):
    """Each thread's calls in a block of call numbers (docs/protocol.md "RPC runs"), one call at a time. The
    server's clock reads offset_ns ahead of the client's; thinks[c] (ns) is slept before call c."""
    slept = np.cumsum(thinks) if thinks is not None else np.zeros(THREADS * PER_THREAD, np.int64)
    calls = {k: [] for k in ("call_no", "point_no", "flags", "start_ns", "rtt_ns", "request_bytes",
                             "response_bytes", "thread", "server_recv_ns", "server_send_ns")}
    steps = {k: [] for k in ("call_no", "code", "start_ns", "end_ns")}

    def step(call, code, a, b):
        shift = offset_ns if code >= 100 else 0
        for k, v in zip(steps, (call, code, a + shift, b + shift)):
            steps[k].append(v)

    for t in range(THREADS):
        for i in range(PER_THREAD):
            call = t * PER_THREAD + i
            t0 = 1_000_000 + call * PERIOD_NS + int(slept[call])
            now = t0
            for code, ns in CLIENT_PRE[:1] + ([(11, BIND_NS)] if i == 0 else []) + CLIENT_PRE[1:]:
                step(call, code, now, now + ns)
                now += ns
            sent = now
            step(call, 16, now, now + POST_SEND_NS)
            wait_from = now + POST_SEND_NS
            arrived = sent + REQ_NS
            step(call, 110, t0 - 20_000, arrived)  # the listener idled since before the call
            s = arrived
            for code, ns in SERVER:
                step(call, code, s, s + ns)
                s += ns
            step(call, 119, s, s + S_END_NS)  # executor back to its pool after the reply left: phase two
            now = s + REP_NS
            step(call, 17, wait_from, now)
            for code, ns in CLIENT_POST:
                step(call, code, now, now + ns)
                now += ns
            step(call, 23, now + 10, now + 10 + FREE_NS)
            flags = (FLAG_WARMUP if i < WARMUP else 0) | (FLAG_FIRST if i == 0 else 0)
            for k, v in zip(calls, (call, 0, flags, t0, now - t0, 100, 100, t, arrived + offset_ns,
                                          s - 2000 + offset_ns)):
                calls[k].append(v)
    return build({k: np.array(v) for k, v in calls.items()}, {k: np.array(v) for k, v in steps.items()})


def seg(point, name):
    return next(s for s in point.segments if s.name == name)


def test_rpc_steps_on_the_round_trip_path():
    r = round_trip_path(rpc_trace())
    assert r.unplaced_codes == []
    (p,) = r.points
    assert p.calls == THREADS * (PER_THREAD - WARMUP) and p.incomplete_calls == 0  # c.bind is optional
    expected = sum(ns for _, ns in CLIENT_PRE + SERVER + CLIENT_POST) + REQ_NS + REP_NS
    assert p.calculated_rtt_ns == pytest.approx(expected) and p.untimed_on_path_ns == 0.0
    assert p.measured_rtt_ns == pytest.approx(expected) and p.percent_error == pytest.approx(0.0, abs=1e-9)
    assert seg(p, "request transit").mean_on_path_ns == REQ_NS
    assert seg(p, "reply transit").mean_on_path_ns == REP_NS
    for name in ("c.wait", "s.idle", "c.post_send", "s.end"):  # bound by a message, or after the reply left
        assert seg(p, name).on_path_share == 0.0, name
    assert seg(p, "s.service").mean_on_path_ns == 1000 and seg(p, "c.sendmsg").mean_on_path_ns == 3000


def test_first_calls_of_every_thread_apart_and_the_executors_phase_two():
    tr = rpc_trace()
    (pt,) = step_statistics(tr).points
    assert pt.first_calls.count == THREADS
    bind = next(s for s in pt.first_calls.steps if s.code == 11)
    assert bind.stats["mean_ns"] == BIND_NS and bind.stats["count"] == THREADS
    assert 11 not in {s.code for s in pt.steps}  # steady-state rows hold no binding
    assert pt.first_calls.rtt["mean_ns"] == pytest.approx(pt.rtt["mean_ns"] + BIND_NS)
    (rtp,) = round_trip_path(tr).points
    d = {x.device: x for x in service_demands(tr, rtp).demands}
    assert d["server_cpu"].phase2_ns == S_END_NS
    # the client's next call starts one period after this one: the rest of the period is phase two
    rtt = sum(ns for _, ns in CLIENT_PRE + SERVER + CLIENT_POST) + REQ_NS + REP_NS
    assert d["client_cpu"].phase2_ns == PERIOD_NS - rtt


def test_client_phase_two_under_random_think_time():
    """Exponential think time (an RPC sweep's): the client's phase two is the mean gap less the mean think."""
    mean_think = 40_000
    thinks = np.random.default_rng(3).exponential(mean_think, THREADS * PER_THREAD).astype(np.int64)
    tr = rpc_trace(thinks=thinks)
    (rtp,) = round_trip_path(tr).points
    d = {x.device: x for x in service_demands(tr, rtp, think_ns=mean_think).demands}
    rtt = sum(ns for _, ns in CLIENT_PRE + SERVER + CLIENT_POST) + REQ_NS + REP_NS
    # the gaps that count: consecutive measured calls of one thread; call c's gap holds thinks[c]
    nxt = [t * PER_THREAD + i for t in range(THREADS) for i in range(WARMUP + 1, PER_THREAD)]
    expected = PERIOD_NS - rtt + thinks[nxt].mean() - mean_think
    assert d["client_cpu"].phase2_ns == pytest.approx(expected, abs=1.0)
    assert abs(expected - (PERIOD_NS - rtt)) < 0.2 * (PERIOD_NS - rtt)  # the sample mean is near the truth


def test_compute_uses_the_calls_timestamps_and_the_packetisation():
    tr = rpc_trace()
    run = {"packetisation": {"header_bytes": 80, "packet_data": 4016, "mtu": 1500}, "packet_data": 4016,
           "mtu": 1500}
    out = compute(tr, {0: {"request_bytes": 100, "threads": 2, "think_time_us": 0}}, run, same_clock=True)
    assert out["clock"]["source"] == "calls" and out["clock"]["available"]
    pk = out["packets"]
    assert pk["available"] and pk["params"]["mtu_bytes"] == 1500
    (row,) = pk["rtt_vs_size"]
    assert row["first_calls"]["count"] == THREADS and row["later_calls"]["count"] == THREADS * (PER_THREAD - 2)
    assert out["ecs"]["throughput"][0]["threads_seen"] == THREADS
    assert out["rtp"]["unplaced_codes"] == []


def test_agents_on_two_hosts_the_offset_from_the_calls_timestamps():
    """Server clock 5 ms ahead: the fit from the calls' four timestamps must find it within its own error bound
    (the request and reply paths differ here by design, so the midpoint estimate is off by half the asymmetry),
    and the round trip path, its server times mapped back, must still add up to the measured RTT."""
    offset = 5_000_000
    tr = rpc_trace(offset)
    out = compute(tr, {0: {"request_bytes": 100}}, {}, same_clock=False)
    clock = out["clock"]
    assert clock["source"] == "calls" and abs(clock["offset_ns"] - offset) <= clock["error_bound_ns"], clock
    asymmetry = (sum(ns for _, ns in CLIENT_PRE) + REQ_NS) - (2000 + REP_NS + sum(ns for _, ns in CLIENT_POST))
    assert clock["offset_ns"] - offset == pytest.approx(asymmetry / 2, abs=1.0)
    (p,) = out["rtp"]["points"]
    assert p["calculated_rtt_ns"] + p["untimed_on_path_ns"] == pytest.approx(p["measured_rtt_ns"], rel=1e-6)


def test_packetisation_maps_to_the_dce_packet_model():
    """With the DCE parameters (80-byte RPC header, 4016 data bytes per RPC packet, Ethernet MTU 1500) the run's
    packetisation must give the paper's packet counts (reference/dce_rpc_1995.json)."""
    ref = load("dce_rpc_1995")["packetisation"]
    pp, source = packet_params({"packetisation": {"header_bytes": 80, "packet_data": 4016, "mtu": 1500}})
    assert source == {"rpc_header_bytes": "packetisation.header_bytes",
                      "data_per_rpc_packet": "packetisation.packet_data", "mtu_bytes": "packetisation.mtu"}
    for size, frames in ref["request_packets_by_size"].items():
        assert count(int(size), pp).network_packets == frames, size
    assert count(64256, pp).network_packets == load("dce_rpc_1995")["latency"]["ethernet_packets_for_64256_bytes"]
    # an emulated link's MTU is what fragments the datagrams: it wins over the run's
    pp2, src2 = packet_params({"packetisation": {"header_bytes": 80, "packet_data": 4016, "mtu": 1500},
                               "link": {"emulated": True, "mtu": 1000}})
    assert pp2.mtu_bytes == 1000 and src2["mtu_bytes"] == "link.mtu (emulated link)"
    # the loopback (not emulated) keeps the run's; the model's own keys win over both
    assert packet_params({"mtu": 9000, "packet_data": 1000, "link": {"emulated": False, "mtu": 65536}})[0].mtu_bytes \
        == 9000
    assert packet_params({"mtu_bytes": 576, "data_per_rpc_packet": 400, "mtu": 1500})[0].mtu_bytes == 576
    assert packet_params({"transport": "tcp", "request_bytes": 64}) == (None, {})


def test_think_time_and_labels_of_rpc_points():
    assert think_ns({"think_time_us": 400}) == 400_000.0
    assert think_ns({"think_ms": 2}) == 2e6 and think_ns({}) == 0.0
    assert call_label({"request_bytes": 4016, "protection": "none", "cache": "per-thread"}) == "4016 B"
    assert call_label({"request_bytes": 0, "protection": "privacy", "cache": "single"}) == "0 B privacy, single"
