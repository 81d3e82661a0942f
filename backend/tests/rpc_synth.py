"""Synthetic RPC sweeps with kernel stamps, every time chosen here (the ground truth for the model tests): per
point a set of calls, one at a time, each with the RPC runtime's steps (agents/STEPS.md), the request's SCHED/SND
stamps (204/201), the server's RX stamp (211) and the client's RX stamp of the reply (203). The network of a
message is its departure (the send's return) to the receiver's RX stamp; the kernels after RX stamps are the
receivers' CPUs. Slow-start calls send extra small packets and make a new call handle (c.bind)."""

import numpy as np

from perflab.analysis.trace import FLAG_FIRST, FLAG_WARMUP, build

CLIENT_PRE = [(10, 100), (12, 50), (14, 60)]  # c.start, c.marshal, c.queue (ns)
SEND_NS = 3000  # c.sendmsg per packet
SERVER = [(111, 200), (115, 1000), (117, 2000)]  # s.receive, s.service, s.sendmsg
CLIENT_POST = [(18, 150), (22, 20)]  # c.recv, c.end
K_SRV_RX, K_CLI_RX = 1500, 1200  # RX stamp -> recvfrom returns (receiver's kernel: its CPU)
S_END_NS, BIND_NS = 500, 5000
CLIENT_CPU = sum(ns for _, ns in CLIENT_PRE + CLIENT_POST) + SEND_NS + K_CLI_RX  # one packet, phase one
SERVER_CPU = sum(ns for _, ns in SERVER) + K_SRV_RX


def sweep(points: list[dict], calls: int = 60, warmup: int = 2, seed: int = 1, net_ns: float = 10_000,
          net_cv: float = 0.0, gap_ns: int = 50_000):
    """points: dicts of request_bytes, threads, think_time_us, cache, and optionally net_ns (per message),
    qdisc_ns (the request's wait between its SCHED and SND stamps, after the send returned), slow_start (share of
    calls going through slow-start), packets (per request), stall_every and stall_ns (every n-th call's service
waits that long more, as a call does that waits for a shared machine's core). Calls follow each other,
    gap_ns apart (think time is not slept: the analyses read it from the params). Returns the trace, the
    point params, and per point the true mean of each part over the measured calls."""
    rng = np.random.default_rng(seed)
    cols = {k: [] for k in ("call_no", "point_no", "flags", "start_ns", "rtt_ns", "request_bytes",
                            "response_bytes", "thread", "server_recv_ns", "server_send_ns")}
    steps = {k: [] for k in ("call_no", "code", "start_ns", "end_ns")}
    truth, params = {}, {}
    call, now = 0, 1_000_000

    def step(c, code, a, b):
        for k, v in zip(steps, (c, code, int(a), int(b))):
            steps[k].append(v)

    for p, pt in enumerate(points):
        params[p] = {k: pt[k] for k in ("request_bytes", "threads", "think_time_us", "cache") if k in pt}
        net = pt.get("net_ns", net_ns)
        nets, slow = [], []
        for t in range(pt.get("threads", 1)):
            for i in range(calls):
                ss = rng.random() < pt.get("slow_start", 0.0)
                packets = pt.get("packets", 1) + (2 if ss else 0)
                # network time per message: constant, or gamma with the given coefficient of variation
                draw = (lambda: rng.gamma(1 / net_cv**2, net * net_cv**2)) if net_cv > 0 else (lambda: net)
                n_req, n_rep = draw() * (packets if ss else 1), draw()
                t0 = c_at = now
                for code, ns in CLIENT_PRE[:1] + ([(11, BIND_NS)] if ss or i == 0 else []) + CLIENT_PRE[1:]:
                    step(call, code, c_at, c_at + ns)
                    c_at += ns
                for _ in range(packets):  # one sendmsg per packet; the stamps are the last packet's
                    last_send = c_at
                    step(call, 15, c_at, c_at + SEND_NS / pt.get("packets", 1))
                    c_at += SEND_NS / pt.get("packets", 1)
                # SCHED inside the send; SND after the qdisc's (or link's) wait, which may outlast the send
                qdisc = pt.get("qdisc_ns", 0)
                step(call, 204, last_send, last_send + 400)
                step(call, 201, last_send, c_at + qdisc if qdisc else last_send + 600)
                rx = c_at + qdisc + n_req
                step(call, 211, rx, rx + K_SRV_RX)
                step(call, 110, t0 - 20_000, rx + K_SRV_RX)
                s = rx + K_SRV_RX
                stalled = pt.get("stall_every") and i % pt["stall_every"] == pt["stall_every"] - 1
                for code, ns in SERVER:
                    ns += pt.get("stall_ns", 0) if stalled and code == 115 else 0
                    step(call, code, s, s + ns)
                    s += ns
                step(call, 119, s, s + S_END_NS)
                rx2 = s + n_rep
                step(call, 203, rx2, rx2 + K_CLI_RX)
                step(call, 17, c_at, rx2 + K_CLI_RX)
                c_at = rx2 + K_CLI_RX
                for code, ns in CLIENT_POST:
                    step(call, code, c_at, c_at + ns)
                    c_at += ns
                flags = (FLAG_WARMUP if i < warmup else 0) | (FLAG_FIRST if i == 0 else 0)
                for k, v in zip(cols, (call, p, flags, t0, int(c_at) - t0, pt.get("request_bytes", 0), 0, t,
                                       int(rx + K_SRV_RX), int(s - 2000))):
                    cols[k].append(v)
                if i >= warmup:
                    nets.append(qdisc + n_req + n_rep)
                    slow.append(ss)
                call += 1
                now = int(c_at) + gap_ns
        truth[p] = {"network_ns": float(np.mean(nets)), "network_cv2": float(np.var(nets, ddof=1) / np.mean(nets)**2),
                    "slow_start_calls": int(np.sum(slow))}
    tr = build({k: np.array(v) for k, v in cols.items()}, {k: np.array(v) for k, v in steps.items()})
    return tr, params, truth
