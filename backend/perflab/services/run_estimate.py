"""How long a run will take: from its parameters, the link it runs on and the lab's own costs, point by point.

A call's time alone is its CPU on the lab's machine, the link's share (every frame's serialisation at the link's
rate on a wire, a token bucket's wait beyond its depth, the wire's propagation delay, the emulated wire's own cost per message),
the packets an emulated 1995 host spends `host_packet_us` on (each side one CPU, per RPC packet sent or received)
and the think time between calls. Several caller threads share the link's two directions, both emulated hosts'
CPUs and the machine's cores: a closed queueing network solved by Schweitzer–Bard mean value analysis gives each
thread's cycle (call plus think), so a point takes calls x cycle, plus its start. The constants are this lab's,
measured on its two-core machine (docs/user-guide.md, "Launch: the duration estimate", lists the checks); the
live page scales what is left by how fast the run has gone compared with this estimate (frontend pages/run/eta.ts).
"""

import math
from dataclasses import dataclass, field

from perflab.links.frames import udp_frames, wire_bytes

RUN_START_S = 0.4  # jobs handed out, server ready, clock exchange, last upload
POINT_START_S = 0.04  # per point: binding, sockets ...
THREAD_START_S = 0.03  # ... per caller thread (its call handle) ...
UPLOAD_CALL_S = 0.0003  # ... and the calls still to upload when it ends (the agent uploads every 200 ms)
UPLOAD_EVERY_S = 0.2
# one small call on loopback, trace included: a socket call (ping-pong, a flow, any kind reusing socket_point) and an
# RPC (its runtime's protocol work besides)
SOCKET_CALL_CPU_US = 35.0
RPC_CALL_CPU_US = 45.0
BYTES_PER_US = 400.0  # copies and checksums, both sides together
FRAME_US = 3.0  # CPU per frame beyond a message's first (segmentation, fragments)
PROTECTED_FACTOR = 1.5  # an authenticated or encrypted RPC point's CPU
CORES = 2  # the lab machine's cores: client, server and the link process share them
WIRE_MESSAGE_US = 100.0  # the emulated wire's cost per message it carries (TUN devices, its wake-ups), measured
RPC_HEADER = 80  # bytes of every RPC packet (agents/src/rpc/rpc_wire.h)
TCP_HEADERS = 52  # IP + TCP with timestamps, per segment
ETH_HEADER = 14
# the single call-handle cache with several threads and think time: the share of calls whose handle is new (and
# so goes through slow start), seen in the case study's sweep on ethernet-10m (0.19-0.42 per point)
SLOW_START_SHARE = 0.35
MVA_ITERATIONS = 200


@dataclass(frozen=True)
class Link:
    """What the estimate reads of a link profile (links/profiles.toml) or of a run's recorded link."""

    emulation: str = "none"  # wire | shaped | none
    rate_mbit: float | None = None
    delay_us: float = 0.0  # one way
    mtu: int = 65535
    burst: int = 0  # token bucket depth (shaped)
    loss: float = 0.0  # share of packets lost, each direction
    overhead: int = 38
    min_frame: int = 84
    message_us: float = 0.0  # a wire's own cost per message it carries

    @classmethod
    def of(cls, profile: dict | None) -> "Link":
        p = profile or {}
        if "requested" in p:  # a run's link: the profile as applied
            p = {**p["requested"], **{k: v for k, v in p.items() if k in ("mtu",) and v}}
        mtu = int(p.get("mtu") or 65535)
        return cls(emulation=p.get("emulation") or "none", rate_mbit=p.get("rate_mbit"),
                   delay_us=float(p.get("delay_ms") or 0) * 1000, mtu=mtu,
                   burst=max(int(p.get("burst_bytes") or 0), mtu + ETH_HEADER),
                   loss=float(p.get("loss_percent") or 0) / 100, overhead=int(p.get("overhead_bytes") or 38),
                   min_frame=int(p.get("min_frame_bytes") or 84),
                   message_us=WIRE_MESSAGE_US if p.get("emulation") == "wire" else 0.0)


@dataclass
class CallCost:
    """One call: its time alone (µs) and what it asks of each shared station (µs; a station serves one at a time)."""

    alone_us: float = 0.0
    demands: dict[str, float] = field(default_factory=dict)

    def station(self, name: str, us: float, on_path: bool = True):
        self.demands[name] = self.demands.get(name, 0.0) + us
        if on_path:
            self.alone_us += us


def tcp_frames(payload: int, mtu: int) -> list[int]:
    mss = mtu - TCP_HEADERS
    return [min(mss, payload - i) + TCP_HEADERS + ETH_HEADER for i in range(0, max(payload, 1), mss)]


def _message(cost: CallCost, link: Link, direction: str, frames: list[int]):
    """One message (a datagram, a TCP write, an RPC packet) crossing the link in one direction."""
    if link.emulation == "wire" and link.rate_mbit:
        cost.station(direction, sum(wire_bytes(f, link.overhead, link.min_frame) for f in frames) * 8 / link.rate_mbit)
        cost.alone_us += link.message_us + link.delay_us
    elif link.emulation == "shaped":
        if link.rate_mbit:  # a token bucket passes its depth at once; only the rest waits for the rate
            size = sum(frames)
            cost.station(direction, size * 8 / link.rate_mbit, on_path=False)
            cost.alone_us += max(0, size - link.burst) * 8 / link.rate_mbit
        cost.alone_us += link.delay_us


def _cpu(cost: CallCost, call_us: float, payload: int, frames: int, factor: float = 1.0):
    us = (call_us + payload / BYTES_PER_US + FRAME_US * max(0, frames - 2)) * factor
    cost.station("cpu", us / CORES, on_path=False)  # two cores: each serves half the demand's rate
    cost.alone_us += us


def socket_call(transport: str, request: int, response: int, link: Link) -> CallCost:
    """A ping-pong (or one flow's) call: request and response as one datagram or one TCP write each."""
    frames = udp_frames if transport == "udp" else tcp_frames
    req, rep = frames(request, link.mtu), frames(response, link.mtu)
    cost = CallCost()
    _cpu(cost, SOCKET_CALL_CPU_US, request + response, len(req) + len(rep))
    _message(cost, link, "link_out", req)
    _message(cost, link, "link_back", rep)
    if link.loss:  # a lost segment or datagram costs a retransmission timeout (TCP's at least 200 ms)
        cost.alone_us += link.loss * (len(req) + len(rep)) * 200_000
    return cost


def bursts(packets: int, window: int, data: int, largest: int) -> list[int]:
    """Packets a sender sends before each wait for an ack (rpc_client.c): while less than `window` bytes are
    unacknowledged it sends another packet of `data` bytes; each ack doubles the window, up to `largest`."""
    out, sent = [], 0
    while sent < packets:
        n = min(packets - sent, -(-window // data))
        out.append(n)
        sent += n
        window = min(largest, window * 2)
    return out or [1]


def _rpc_packets(size: int, data: int) -> list[int]:
    return [min(data, size - i) for i in range(0, size, data)] or [0]


def rpc_call(params: dict, point: dict, link: Link, slow_start: bool = False) -> CallCost:
    """One RPC of the point: the request in packets of packet_data bytes (small_packet_data, with one packet in
    the first window, in slow start), an ack each time a window is full, the reply likewise; every packet crosses
    the links and costs each emulated host's CPU host_packet_us, a window's packets pipelined through both."""
    size = point["request_bytes"]
    pk = params.get("packetisation") or {}
    full = int(pk.get("packet_data") or params.get("packet_data") or 4016)
    data = min(full, int(params.get("small_packet_data") or 944)) if slow_start else full
    tcp = params.get("transport") == "tcp"
    req = _rpc_packets(size, data)
    reply = _rpc_packets(size if params.get("procedure") == "echo" else 0, full)
    w0, w_max = int(params.get("window_initial") or 4096), int(params.get("window_max") or 32768)
    if tcp:  # no windows, no acks: TCP carries the packets
        req_bursts, reply_bursts = [len(req)], [len(reply)]
    else:
        req_bursts = bursts(len(req), data if slow_start else w0, data, w_max)
        reply_bursts = bursts(len(reply), w0, full, w_max)
    acks_out, acks_back = len(reply_bursts) - 1, len(req_bursts) - 1  # the client acks the reply's windows
    frames = (lambda n: tcp_frames(n, link.mtu)) if tcp else (lambda n: udp_frames(n, link.mtu))
    cost = CallCost()
    factor = 1.0 if point.get("protection", "none") == "none" else PROTECTED_FACTOR
    _cpu(cost, RPC_CALL_CPU_US, size + sum(reply), sum(len(frames(p + RPC_HEADER)) for p in req + reply), factor)
    # the agent's own emulated link (rpc_link.h): each side's packets at link_mbps, UDP and IP headers counted
    agent_link = Link("wire", float(params["link_mbps"]), float(params.get("link_delay_us") or 0), 65535,
                      overhead=28 + ETH_HEADER, min_frame=0) if params.get("link_mbps") else None
    for direction, packets in (("link_out", req + [0] * acks_out), ("link_back", reply + [0] * acks_back)):
        for p in packets:
            _message(cost, link, direction, frames(p + RPC_HEADER))
            if agent_link:  # one datagram, never fragmented there (wire_bytes takes the Ethernet header off)
                _message(cost, agent_link, f"agent_{direction}", [p + RPC_HEADER])
    host = float(params.get("host_packet_us") or 0)
    if host:
        handled = len(req) + len(reply) + acks_out + acks_back  # each sent by one side, received by the other
        cost.station("host_client", handled * host, on_path=False)
        cost.station("host_server", handled * host, on_path=False)
        # alone, a window's packets pipeline: the receiver is done one packet after the sender; an ack is serial
        cost.alone_us += host * (sum(b + 1 for b in req_bursts + reply_bursts) + 2 * (acks_out + acks_back))
    cost.alone_us += float(params.get("work_us") or 0)
    if link.loss and not tcp:
        lost = link.loss * (len(req) + len(reply) + acks_out + acks_back)
        cost.alone_us += lost * float(params.get("rto_ms") or 100) * 1000
    return cost


def cycle_us(cost: CallCost, threads: int, think_us: float) -> float:
    """Each caller thread's mean time per call plus think time: Schweitzer–Bard MVA over the shared stations,
    whatever of the call's time alone they do not explain spent as a delay (no queue)."""
    queues = {k: v for k, v in cost.demands.items() if v > 0}
    if threads <= 1 or not queues:
        return cost.alone_us + think_us
    delay = max(0.0, cost.alone_us - sum(queues.values())) + think_us
    q = {k: threads / (len(queues) + 1) for k in queues}
    for _ in range(MVA_ITERATIONS):
        resid = {k: d * (1 + q[k] * (threads - 1) / threads) for k, d in queues.items()}
        x = threads / (delay + sum(resid.values()))
        q = {k: x * r for k, r in resid.items()}
    return max(cost.alone_us + think_us, threads / x)


def _point(calls_per_thread: int, threads: int, cycle: float, rpc: bool = True) -> float:
    """A point's wall time: its calls, and for an RPC point its start and the upload of its last calls (about
    30 steps each; a ping-pong streams its few steps a call while it runs)."""
    calls_s = calls_per_thread * cycle / 1e6
    if not rpc:
        return calls_s
    tail = threads * min(calls_per_thread, UPLOAD_EVERY_S * 1e6 / cycle) if cycle > 0 else threads * calls_per_thread
    return POINT_START_S + THREAD_START_S * threads + calls_s + UPLOAD_CALL_S * tail


def open_loop_cycle_us(cycle: float, rate_calls_s: float | None, threads: int = 1) -> float:
    """An open-loop caller sends at its share of the rate, or back to back when the calls take longer than that."""
    return max(cycle, threads * 1e6 / rate_calls_s) if rate_calls_s else cycle


def _rpc_cycle(params: dict, pt: dict, link: Link) -> float:
    threads, think = int(pt["threads"]), float(pt["think_time_us"])
    cyc = cycle_us(rpc_call(params, pt, link), threads, think)
    if pt.get("cache") == "single" and threads > 1 and think > 0:
        slow = cycle_us(rpc_call(params, pt, link, slow_start=True), threads, think)
        cyc = (1 - SLOW_START_SHARE) * cyc + SLOW_START_SHARE * slow
    return open_loop_cycle_us(cyc, pt.get("rate_calls_s"), threads)


def noise_floor_s(params: dict, link: Link) -> float:
    """The idle null RPCs an RPC client makes before its sweep (the noise floor probe; nothing uploaded)."""
    n = int(params.get("noise_floor_calls") or 0)
    if not n:
        return 0.0
    n += int(params.get("noise_floor_warmup_calls") or 0)
    null = {"point_no": -1, "request_bytes": 0, "threads": 1, "think_time_us": 0, "protection": "none"}
    return n * cycle_us(rpc_call({**params, "procedure": "null"}, null, link), 1, 0) / 1e6


def rpc_points(params: dict, link: Link) -> tuple[float, list[dict]]:
    """An RPC sweep's points in the order they run: `calls` and `seconds` of each point's first round (what it adds
    to calls_done), `round_calls` and `round_seconds` of each further round, up to `rounds_most` (a point repeats
    until its interval meets ci_target_pct); and the noise floor probe's seconds before the first point."""
    calls, warmup = int(params.get("calls", 0)), int(params.get("warmup_calls", 0))
    rounds = max(1, int(params.get("max_rounds") or 1)) if float(params.get("ci_target_pct") or 0) > 0 else 1
    points = []
    for pt in params.get("points", []):
        threads, cyc = int(pt["threads"]), _rpc_cycle(params, pt, link)
        points.append({"point_no": int(pt["point_no"]), "calls": threads * (warmup + calls),
                       "seconds": _point(warmup + calls, threads, cyc), "rounds_most": rounds,
                       "round_calls": threads * calls, "round_seconds": calls * cyc / 1e6})
    return noise_floor_s(params, link), points


def socket_point(params: dict, link: Link, flows: int = 1) -> dict:
    """The one point of a socket run: `flows` callers (1 for a ping-pong) each making warm-up and measured calls,
    back to back or, open loop, at rate_calls_s."""
    calls, warmup = int(params.get("calls", 0)), int(params.get("warmup_calls", 0))
    cost = socket_call(params.get("transport", "tcp"), int(params["request_bytes"]),
                       int(params["response_bytes"]), link)
    open_rate = params.get("rate_calls_s") if params.get("arrival", "closed") != "closed" else None
    cyc = open_loop_cycle_us(cycle_us(cost, flows, 0), open_rate)
    return {"point_no": 0, "calls": flows * (warmup + calls), "seconds": _point(warmup + calls, flows, cyc, rpc=False)}


def summed(start_s: float, points: list[dict]) -> dict:
    """A run's estimate from its points (each kind's, perflab/kinds/): `seconds` if every point runs one round,
    `seconds_most` if every point runs its rounds_most; `start_s` is the time before the first point's calls and
    after the last (RUN_START_S plus the kind's own, e.g. the noise floor probe)."""
    start = RUN_START_S + start_s
    total = start + sum(p["seconds"] for p in points)
    most = total + sum((p.get("rounds_most", 1) - 1) * p.get("round_seconds", 0) for p in points)
    rounded = [{k: round(v, 4) if isinstance(v, float) else v for k, v in p.items()} for p in points]
    return {"seconds": round(total, 3), "seconds_most": round(most, 3), "start_s": round(start, 3), "points": rounded}


def timeout_for_calls(calls_total: int) -> int:
    """A generous limit where the link is not known: 60 s plus 2 ms per call, at most an hour."""
    return min(3600, 60 + calls_total // 500)


def timeout_s(estimated_s: float) -> int:
    """The limit a run gets: twice the estimate plus a minute, at most a day (the estimate is a guide, the limit
    only catches a run that hangs)."""
    return int(min(86400, 60 + 2 * math.ceil(estimated_s)))
