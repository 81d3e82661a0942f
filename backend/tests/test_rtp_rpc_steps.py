"""The round trip path of the RPC runtime's steps (agents/STEPS.md "RPC steps") on a synthetic trace whose every
segment is known, and the RPC run parameters the packet model and the queueing model read."""

import numpy as np
import pytest

from perflab.analysis.packet_model import PacketParams, count
from perflab.analysis.rtp import round_trip_path
from perflab.analysis.run_analyses import _packet_params, _think_ns
from perflab.analysis.trace import build

# (code, duration ns) in execution order; the request leaves at c.sendmsg's end, the reply at s.sendmsg's end
CLIENT_BEFORE = [(10, 100), (12, 200), (13, 300), (14, 150), (15, 2000)]
SERVER = [(111, 400), (113, 50), (114, 60), (115, 500), (116, 70), (117, 1800)]
CLIENT_AFTER = [(18, 250), (21, 40), (22, 30), (23, 20)]
TRANSIT, GAP = 1000, 25  # one-way network time; the server's untimed gap between s.receive and s.dispatch


def rpc_trace(n=400, rare=(11, 19)):
    calls = {k: [] for k in ("call_no", "point_no", "flags", "start_ns", "rtt_ns", "request_bytes", "response_bytes")}
    steps = {k: [] for k in ("call_no", "code", "start_ns", "end_ns")}

    def step(c, code, a, d):
        steps["call_no"].append(c)
        steps["code"].append(code)
        steps["start_ns"].append(a)
        steps["end_ns"].append(a + d)
        return a + d

    for c in range(n):
        t0 = 1_000_000 + c * 100_000
        t = t0
        for code, d in CLIENT_BEFORE:
            t = step(c, code, t, d)
            if code == 10 and c == 0:  # a new call handle on the first call only
                t = step(c, rare[0], t, 30_000)
        sent = t
        wait = len(steps["code"])
        step(c, 17, sent, 0)  # c.wait begins; it ends when the reply arrives (below)
        step(c, 110, t0 - 50_000, sent + TRANSIT - (t0 - 50_000))  # s.idle ends when the request arrives
        s = sent + TRANSIT
        for code, d in SERVER:
            s = step(c, code, s, d) + (GAP if code == 111 else 0)
        steps["end_ns"][wait] = s + TRANSIT
        t = s + TRANSIT
        if c % 10 == 3:  # an ack in one call in ten
            t = step(c, rare[1], t, 80)
        for code, d in CLIENT_AFTER:
            t = step(c, code, t, d)
        for k, v in (("call_no", c), ("point_no", 0), ("flags", 0), ("start_ns", t0), ("rtt_ns", t - t0),
                     ("request_bytes", 0), ("response_bytes", 0)):
            calls[k].append(v)
    return build(calls, {k: np.array(v) for k, v in steps.items()})


def seg(point, name):
    return next(s for s in point.segments if s.name == name)


def test_rpc_steps_have_a_round_trip_path():
    r = round_trip_path(rpc_trace())
    assert r.unplaced_codes == []
    (p,) = r.points
    assert p.calls == 399  # every call but the point's first; c.bind and c.ack (rare) do not make calls incomplete
    names = {s.name for s in p.segments}
    assert "c.bind" not in names and "c.ack" not in names
    assert seg(p, "c.sendmsg").mean_on_path_ns == 2000 and seg(p, "c.sendmsg").on_path_share == 1.0
    assert seg(p, "s.sendmsg").mean_on_path_ns == 1800
    assert seg(p, "request transit").mean_on_path_ns == TRANSIT
    assert seg(p, "reply transit").mean_on_path_ns == TRANSIT
    assert seg(p, "c.wait").on_path_share == 0.0 and seg(p, "s.idle").on_path_share == 0.0
    # Table 2: timed steps and transits explain all but the untimed gap, plus c.ack's 80 ns in one call in ten
    timed = sum(d for _, d in CLIENT_BEFORE + SERVER + CLIENT_AFTER) + 2 * TRANSIT
    assert p.calculated_rtt_ns == pytest.approx(timed, abs=1)
    assert p.measured_rtt_ns - p.calculated_rtt_ns == pytest.approx(GAP + 80 * 40 / 399, abs=0.01)
    assert any("half of a point's calls" in n and "[19]" in n for n in r.notes)  # c.bind ran in the unmeasured first call only


def test_rpc_run_parameters_reach_the_packet_and_queueing_models():
    run = {"packetisation": {"mtu": 1500, "packet_data": 4016, "header_bytes": 80}}
    pp = _packet_params({0: run})
    assert pp == PacketParams(80, 4016, 8, 20, 1500)  # the DCE paper's parameters (section 3.3)
    assert count(4017, pp).rpc_packets == 2  # Figure 3's jump at 4017 bytes
    assert _packet_params({0: {}}) is None
    assert _think_ns({"think_time_us": 3000}) == 3_000_000
    assert _think_ns({"think_ms": 2}) == 2_000_000
