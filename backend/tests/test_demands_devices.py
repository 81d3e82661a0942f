"""Time booked to the device that spent it (issue 13, item 2), on synthetic RPC traces whose every time is chosen
in tests/rpc_synth.py: the network from a message's first TX stamp to the receiver's RX stamp is a queueing
station (a qdisc's wait after the send returned included, which the old split called kernel time); the kernels
after RX stamps are their hosts' CPUs; agents on one host share one CPU station with c = its cores; the round
trip path's transit parts and the demands agree on the network."""

import numpy as np
import pytest

from perflab.analysis.demands import service_demands
from perflab.analysis.rtp import round_trip_path
from perflab.analysis.run_analyses import compute
from rpc_synth import CLIENT_CPU, SERVER_CPU, sweep

POINT = {"request_bytes": 1392, "threads": 1, "think_time_us": 0}


def demands_of(tr, host=None):
    (pt,) = round_trip_path(tr).points
    return pt, {d.device: d for d in service_demands(tr, pt, 0.0, host).demands}


@pytest.mark.parametrize("qdisc_ns", [0, 400_000])
def test_the_wire_and_the_qdisc_wait_are_the_networks_the_kernels_the_cpus(qdisc_ns):
    tr, _, truth = sweep([{**POINT, "qdisc_ns": qdisc_ns}], calls=40, net_ns=1_100_000, net_cv=0.1)
    pt, d = demands_of(tr, {"same_host": False, "server_servers": 4})
    assert set(d) == {"client_cpu", "network", "server_cpu"}
    assert d["network"].kind == "queue" and d["network"].servers == 1
    assert d["network"].total_ns == pytest.approx(truth[0]["network_ns"], abs=2)  # ns rounding
    assert d["client_cpu"].total_ns - d["client_cpu"].phase2_ns == pytest.approx(CLIENT_CPU, abs=1)
    assert d["server_cpu"].total_ns - d["server_cpu"].phase2_ns == pytest.approx(SERVER_CPU, abs=1)
    assert d["server_cpu"].servers == 4
    # the round trip path's network parts are the network demand (one notion of "network")
    parts = [p for s in pt.segments for p in s.parts if p["lane"] == "network"]
    assert len(parts) == 2 and sum(p["mean_ns"] for p in parts) == pytest.approx(d["network"].total_ns)
    assert d["network"].cv2 == pytest.approx(truth[0]["network_cv2"], rel=1e-3)


def test_agents_on_one_host_share_one_cpu_station():
    tr, _, _ = sweep([POINT], calls=40)
    _, d = demands_of(tr, {"same_host": True, "cpus": 2, "server_servers": 2})
    assert set(d) == {"host_cpu", "network"}
    cpu = d["host_cpu"]
    assert cpu.servers == 2 and cpu.kind == "queue"
    assert cpu.total_ns - cpu.phase2_ns == pytest.approx(CLIENT_CPU + SERVER_CPU, abs=1)
    segs = {x["segment"] for x in cpu.sources}
    assert {"c.sendmsg", "s.service"} <= segs and "request transit" in segs  # the server kernel after RX
    # compute() gets the host from the run: same clock = one host, the server agent's cpus
    out = compute(tr, {0: POINT}, {"server_cpus": 2, "server_threads": 4}, same_clock=True)
    [pd] = out["demands"]["points"]
    assert [(x["device"], x["servers"]) for x in pd["demands"]] == [("host_cpu", 2), ("network", 1)]


def test_without_rx_stamps_the_transit_stays_one_delay():
    tr, _, _ = sweep([POINT], calls=20)
    keep = ~np.isin(tr.codes, [201, 203, 204, 211])
    tr.codes, tr.first, tr.last = tr.codes[keep], tr.first[:, keep], tr.last[:, keep]
    tr.duration, tr.count = tr.duration[:, keep], tr.count[:, keep]
    _, d = demands_of(tr)
    assert d["kernel_network"].kind == "delay" and "network" not in d


def test_on_the_link_processs_wire_a_transit_beyond_its_frames_is_a_delay_not_a_queue():
    """A 30 ms WAN (issue 31, item 3): each message's 1.1 ms of frames at the rate queues behind other callers',
    the rest of its transit (propagation, jitter, a lost message's wait for its retransmission) is met alone: the
    link_delay demand. A token bucket (not duplex) keeps the whole stamped transit as the network's, as before."""
    tr, _, truth = sweep([POINT], calls=40, net_ns=31_100_000, net_cv=0.05)
    (pt,) = round_trip_path(tr).points
    frames = (1_100_000.0, 1_000_000.0)
    d = {x.device: x for x in service_demands(tr, pt, 0.0, {"duplex": True}, wire=frames).demands}
    assert d["link_delay"].kind == "delay" and d["network"].kind == "queue" and d["network_reply"].kind == "queue"
    # every transit outlasts its frames here: the stations serve exactly the frames' time
    assert d["network"].total_ns - d["network"].phase2_ns == pytest.approx(frames[0])
    assert d["network_reply"].total_ns - d["network_reply"].phase2_ns == pytest.approx(frames[1])
    whole = truth[0]["network_ns"]  # both transits, as measured
    assert d["link_delay"].total_ns == pytest.approx(whole - sum(frames), rel=1e-6)
    shaped = {x.device: x for x in service_demands(tr, pt, 0.0, {"duplex": False}, wire=frames).demands}
    assert "link_delay" not in shaped and shaped["network"].total_ns == pytest.approx(whole, rel=1e-6)
