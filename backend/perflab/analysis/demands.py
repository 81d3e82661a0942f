"""Service demands per device derived from a run's traces (case study, Table 1, but measured), each booked to the
device that spent the time (issue 13, item 2): the client's and the server's CPU (their steps, the untimed gaps
between them, and their kernels' time after a message's RX stamp or before its first TX stamp), and the network
from a message's first TX stamp (SCHED, else SND, else the send's return) to the receiver's RX stamp, a queueing
station: a qdisc's or an emulated link's wait is the link's time, exactly as the round trip path's transit parts
cut it. Without kernel stamps a transit cannot be split and stays one delay (kernel_network), as before.

Agents on one host share its CPUs: the two CPU demands become one station, host_cpu, with c = the host's cores.
Each demand carries the squared coefficient of variation of its per-call phase-one time (cv2; the residual-service
MVA reads it) and the segments and stamps it came from. Phase one is on the caller's path; phase two is work a
side does after the caller is released (the server after its reply left, the client after reading it)."""

from dataclasses import dataclass, field

import numpy as np

from perflab.analysis.plain import as_plain
from perflab.analysis.rtp import PointRtp
from perflab.analysis.rtp_table import STEP_TABLE
from perflab.analysis.step_codes import first_and_last, message_step
from perflab.analysis.trace import Trace


@dataclass(frozen=True)
class Demand:
    device: str  # client_cpu | server_cpu | host_cpu (both on one host) | network | kernel_network (no stamps)
    #            | host_stalls (a delay: calls that waited for the real host's cores)
    kind: str  # queue | delay (for MVA)
    total_ns: float
    phase2_ns: float
    note: str
    servers: int = 1  # c of a multi-server station
    cv2: float | None = None  # squared coefficient of variation of the per-call phase-one demand
    sources: list[dict] = field(default_factory=list)  # segment, part (a transit's lane), between, mean_ns


@dataclass(frozen=True)
class PointDemands:
    point_no: int
    demands: list[Demand]
    notes: list[str]
    # each kept call's phase-one time per demand, [calls, len(demands)]: what the simulation resamples (issue 30);
    # None where the round trip path kept no per-call times. Not stored: the analysis worker's input only.
    calls: np.ndarray | None = field(default=None, repr=False, compare=False)

    def as_dict(self) -> dict:
        return {"point_no": self.point_no, "demands": [as_plain(d) for d in self.demands], "notes": self.notes}


def _device_of_lane(lane: str) -> str:
    """A lane of the round trip path to the device whose time it is: the kernels are their host's CPU."""
    if lane == "network":
        return "network"
    return "client_cpu" if lane.startswith("client") else "server_cpu"


def _side(seg) -> str | None:
    if seg.kind == "transit":
        return "kernel_network"
    if seg.code is not None and seg.code in STEP_TABLE:
        return STEP_TABLE[seg.code].side + "_cpu"
    lane = seg.lanes[0] if seg.lanes else ""
    return f"{lane}_cpu" if lane in ("client", "server") else None


def _phase2(tr: Trace, idx: np.ndarray, end_code: int, next_code: int, think_ns: float) -> float | None:
    """Mean time from a call's end_code end to the next call's next_code start, less think time."""
    je, jn = tr.col(end_code), tr.col(next_code)
    if je is None or jn is None or idx.size < 2:
        return None
    consecutive = np.diff(tr.call_no[idx]) == 1
    if tr.thread is not None:  # an RPC point numbers each caller thread's calls in a block: same thread only
        consecutive &= np.diff(tr.thread[idx]) == 0
    gap = tr.first[idx[1:], jn] - tr.last[idx[:-1], je]
    gap = gap[consecutive].astype(np.float64) - think_ns
    if not gap.size:
        return None
    # with think time the gap holds a random think (an RPC sweep's is exponential): only the mean less the
    # mean think is unbiased; the median of an exponential is 0.69 of its mean
    return float(max(0.0, gap.mean() if think_ns > 0 else np.median(gap)))


def _after(tr: Trace, idx: np.ndarray, sent_code: int, done_code: int) -> float | None:
    """Median time from sent_code's end to done_code's end within one call: a side's work after its message
    left (the RPC server's executor going back to its pool after the reply went out)."""
    js, jd = tr.col(sent_code), tr.col(done_code)
    if js is None or jd is None or idx.size == 0:
        return None
    have = tr.count[idx, jd] > 0
    if not have.any():
        return None
    return float(max(0.0, np.median((tr.last[idx, jd] - tr.last[idx, js])[have])))


# phase two's segments, from the step registry: a client from its last step in a call to its next call's first
# (RPC c.end → c.start, ping-pong c.recv → c.send); a ping-pong server from its reply's send to its next wait for
# a request (s.send → s.wait); an RPC server's executor from its reply's send to its last step (s.sendmsg → s.end)
RPC_CLIENT_FIRST, RPC_CLIENT_LAST = first_and_last("rpc", "client")
PINGPONG_CLIENT_FIRST, PINGPONG_CLIENT_LAST = first_and_last("pingpong", "client")
RPC_SERVER_PHASE2 = (message_step("rpc", "server", "sends", "reply"), first_and_last("rpc", "server")[1])
PINGPONG_SERVER_PHASE2 = (message_step("pingpong", "server", "sends", "reply"),
                          message_step("pingpong", "server", "awaits", "request"))

STALL_FENCE_IQR = 3.0  # Tukey's "far out": a call this far above the upper quartile waited on the host, not a device


def steady_calls(rtt: np.ndarray | None) -> np.ndarray | None:
    """The calls a demand is measured on between emulated hosts: all but those whose RTT lies beyond Q3 + 3 IQR
    of the point's. On a shared machine a call now and then waits tens of ms for a core (another process, a batch
    upload); that is no device's demand, and at a 1-thread base point a few such calls would inflate every
    prediction built on it."""
    if rtt is None or rtt.size < 8:
        return None
    q1, q3 = np.percentile(rtt, [25, 75])
    return rtt <= q3 + STALL_FENCE_IQR * (q3 - q1)


def _per_call_phase1(point: PointRtp, keep: np.ndarray | None) -> tuple[dict[str, np.ndarray | float],
                                                                         dict[str, list[dict]]]:
    """Each device's on-path time per call (arrays over the point's kept calls; a mean where the round trip
    path kept no per-call times), and the segments and parts it came from."""
    per: dict[str, np.ndarray | float] = {}
    sources: dict[str, list[dict]] = {}

    def book(dev: str, x, src: dict):
        per[dev] = per.get(dev, 0.0) + x
        if src["mean_ns"] != 0:
            sources.setdefault(dev, []).append(src)

    def calls(x):
        return x[keep] if keep is not None and isinstance(x, np.ndarray) and x.shape == keep.shape else x

    for s in point.segments:
        whole = calls(point.per_call.get(s.name, s.mean_on_path_ns))
        if s.kind == "transit" and s.parts:
            # a call without the RX stamp is split by the shares of the calls that have it
            total = sum(max(0.0, p["mean_ns"]) for p in s.parts)
            for p in s.parts:
                share = max(0.0, p["mean_ns"]) / total if total > 0 else 0.0
                x = calls(point.per_call.get(f"{s.name}|{p['lane']}"))
                x = whole * share if x is None else np.where(np.isnan(x), whole * share, x)
                dev = _device_of_lane(p["lane"])
                if dev == "network" and s.name.startswith("reply"):
                    dev = "network_reply_part"  # the other direction: merged unless the link is full duplex
                book(dev, x, {"segment": s.name, "part": p["lane"],
                                                     "between": p.get("between"),
                                                     "mean_ns": float(np.mean(x))})
        elif _side(s):
            book(_side(s), whole, {"segment": s.name, "part": None, "between": None,
                                   "mean_ns": float(np.mean(whole))})
    return per, sources


def _cv2(x) -> float | None:
    x = np.asarray(x, dtype=np.float64)
    if x.size < 2 or x.mean() <= 0:
        return None
    return float(x.var(ddof=1) / x.mean() ** 2)


def service_demands(tr: Trace, point: PointRtp, think_ns: float = 0.0, host: dict | None = None,
                    wire: tuple[float, float] | None = None) -> PointDemands:
    """On-path time booked to the device that did it, plus the measured phase two. Medians for phase two: a
    stall between calls (scheduling, a batch upload) should not pass for steady work. host: {"same_host": bool,
    "cpus": int | None, "server_servers": int} (from the run: both agents on one machine, its online CPUs, the
    server CPU's c otherwise). wire: the request's and the reply's time on the link's wire, ns (wire_time.py),
    used where no kernel stamps split the transits."""
    host = host or {}
    emulated = int(host.get("packet_us") or 0) > 0
    # between emulated hosts every device's service is fixed by construction: a far-out call waited for the real
    # machine. Elsewhere a long call is the system's own variability and stays in the demands.
    keep = steady_calls(point.call_rtt_ns) if emulated else None
    per, sources = _per_call_phase1(point, keep)
    idx = np.nonzero(tr.measured & (tr.point_no == point.point_no))[0]
    if tr.col(RPC_CLIENT_FIRST) is not None:  # RPC: from c.end (the RTT's end; c.free is phase two)
        c2 = _phase2(tr, idx, RPC_CLIENT_LAST, RPC_CLIENT_FIRST, think_ns)
        s2 = _after(tr, idx, *RPC_SERVER_PHASE2)
    else:
        c2 = _phase2(tr, idx, PINGPONG_CLIENT_LAST, PINGPONG_CLIENT_FIRST, think_ns)
        s2 = _phase2(tr, idx, *PINGPONG_SERVER_PHASE2, 0.0)
    notes, stalls = [], []
    if keep is not None and not keep.all():
        rtt = point.call_rtt_ns
        notes.append(f"{int((~keep).sum())} of {keep.size} calls left out of the devices' demands: their RTT lies "
                     f"beyond Q3 + {STALL_FENCE_IQR:g} IQR of the point's; their excess is the host_stalls delay")
        stalls = [Demand("host_stalls", "delay", max(0.0, float(rtt.mean() - rtt[keep].mean())), 0.0,
                         "calls that waited for the real host's cores (their RTT beyond Q3 + 3 IQR): the excess "
                         "they add to the mean RTT, a delay every caller meets alone, not a device that queues")]
    split = "network" in per or "network_reply_part" in per
    if split and "kernel_network" in per:  # one message split, the other without stamps: the link's, mostly
        per["network"] = per["network"] + per.pop("kernel_network")
        sources["network"] = sources.get("network", []) + sources.pop("kernel_network", [])
        notes.append("a transit without kernel stamps is booked to the network whole")
    carved = not split and wire is not None and "kernel_network" in per
    overlapped = {}
    if carved:
        # no stamps to split a transit (TCP), but the link is known: each message's frames at its rate are the
        # wire's service, which queues; the rest of the transit (kernels, propagation) stays a delay
        whole_fwd, whole_rev = wire
        kn, mean = per["kernel_network"], float(np.mean(per["kernel_network"]))
        # an unstamped transit starts at the send's return, after the first frames left while the sender still
        # worked (an emulated host's next packet): at most the whole transit is on the path, each call keeping
        # its share (the mean splits exactly, no call below 0); the wire's time the sender's own work overlapped
        # still occupies the wire, so it loads the station as phase two does, off the caller's path
        share = min(1.0, (whole_fwd + whole_rev) / mean) if mean > 0 else 0.0
        scale = share * mean / (whole_fwd + whole_rev) if whole_fwd + whole_rev > 0 else 0.0
        fwd, rev = whole_fwd * scale, whole_rev * scale
        overlapped = {"network": whole_fwd - fwd, "network_reply": whole_rev - rev}
        per["kernel_network"] = kn * (1.0 - share)
        # the same frames every call: a constant service (cv2 0), per call like the other devices
        per["network"], per["network_reply_part"] = (np.full(np.shape(kn), fwd), np.full(np.shape(kn), rev)) \
            if isinstance(kn, np.ndarray) else (fwd, rev)
        sources["network"] = [{"segment": "request frames on the wire", "part": "network", "between": None,
                               "mean_ns": fwd}]
        sources["network_reply_part"] = [{"segment": "reply frames on the wire", "part": "network",
                                          "between": None, "mean_ns": rev}]
        split = True
        notes.append("no kernel RX stamps to split the transits: the wire's own time, each message's frames at the "
                     "link's rate (wire_time.py), is the network station; the rest of each transit a delay "
                     "(kernel_network)")
    elif not split:
        notes.append("kernel, controller and network time is one delay device: no kernel RX stamps (201-213) to "
                     "split it")
    elif wire is not None:
        # stamped transits show what a message waited at low load; a token bucket lets a lone message through on
        # its burst, yet under load each message costs its frames at the link's rate: the excess loads the link
        # off the caller's path, as phase two does
        if host.get("duplex"):
            # the link process's wire (docs/links.md): a transit is its frames' time at the rate, which queues,
            # and the rest (propagation, jitter, a lost message's wait for its retransmission, the ack round trips
            # of a window) that every call meets alone: a delay, however long, not a queue
            lagged = _carve_link_delay(per, wire)
            if lagged is not None:
                per["link_delay"] = lagged
                sources["link_delay"] = [{"segment": "transits beyond the frames' time on the wire", "part": "network",
                                          "between": None, "mean_ns": float(np.mean(lagged))}]
        on_path = {k: float(np.mean(per.get(k, 0.0))) for k in ("network", "network_reply_part")}
        if host.get("duplex"):
            overlapped = {"network": max(0.0, wire[0] - on_path["network"]),
                          "network_reply": max(0.0, wire[1] - on_path["network_reply_part"])}
        else:
            overlapped = {"network": max(0.0, sum(wire) - sum(on_path.values()))}
        if any(v > 0 for v in overlapped.values()):
            notes.append("the link's rate loads it beyond the stamped transits (a token bucket's burst lets a lone "
                         "message through at once): the frames' time at the rate, less the on-path transit, is the "
                         "link's load off the path (phase two)")
    if "network_reply_part" in per and not host.get("duplex"):
        per["network"] = per.get("network", 0.0) + per.pop("network_reply_part")
        sources["network"] = sources.get("network", []) + sources.pop("network_reply_part", [])
    if c2 is None or s2 is None:
        notes.append("phase two not measured: consecutive calls missing")
    c2, s2 = c2 or 0.0, s2 or 0.0

    per_call: dict[str, np.ndarray | float] = {}

    def demand(dev, kind, p2, note, servers=1):
        x = per.get(dev, 0.0)
        per_call[dev] = x
        # a demand cannot be negative; only a clock mapping error between hosts could make a transit so
        mean = max(0.0, float(np.mean(x)))
        return Demand(dev, kind, mean + p2, p2, note, servers, _cv2(x), sources.get(dev, []))

    cpus = host.get("cpus")
    if emulated:
        notes.append(f"emulated 1995 hosts ({host['packet_us']} µs per packet): each agent is its own FCFS CPU, "
                     "c = 1, whatever the real cores and executors")
    if host.get("same_host") and isinstance(cpus, int) and cpus >= 1 and not emulated:
        # one machine: both roles' work (and both kernels') queues for the same cores
        x = np.asarray(per.get("client_cpu", 0.0)) + np.asarray(per.get("server_cpu", 0.0))
        mean = max(0.0, float(np.mean(x)))
        per_call["host_cpu"] = x
        cpu = [Demand("host_cpu", "queue", mean + c2 + s2, c2 + s2,
                      f"client and server on one host: their steps, gaps and kernels share its {cpus} CPUs; phase "
                      "two of both sides", cpus, _cv2(x),
                      sources.get("client_cpu", []) + sources.get("server_cpu", []))]
        notes.append(f"both agents on one host: one CPU station with c = {cpus} cores for both roles")
    else:
        cpu = [demand("client_cpu", "queue", c2, "client steps, untimed client gaps and the client kernel on the "
                      "path; phase two from a call's end to the same thread's next"),
               demand("server_cpu", "queue", s2, "server steps, untimed server gaps and the server kernel on the "
                      "path; phase two after the reply left (next wait, or s.end)",
                      1 if emulated else host.get("server_servers", 1))]
    # a carved transit's remainder (kernels, propagation): a delay after the stations, whatever the duplex
    rest = ([demand("kernel_network", "delay", 0.0, "transits less the wire's time (kernels, propagation)")]
            if carved else [])
    if point.untraced_excess_ns > 0:
        rest.append(Demand("retransmissions", "delay", point.untraced_excess_ns, 0.0,
                           f"{point.untraced_calls} calls resent part of a window or a reply after a timeout (the "
                           "link lost their packets): their time beyond the traced calls, a delay each met alone",
                           sources=[{"segment": "calls retransmitted beyond the path", "part": "network",
                                     "between": None, "mean_ns": point.untraced_excess_ns}]))
    if "link_delay" in per:
        rest.append(demand("link_delay", "delay", 0.0, "the link's propagation and jitter, and the waits of lost "
                           "messages for their retransmission: transits beyond their frames' time on the wire"))
    if split and host.get("duplex"):
        # an emulated wire schedules each direction on its own FIFO (docs/links.md): two stations, in call order
        notes.append("the wire is full duplex: one FIFO station per direction (network = request, network_reply)")
        per["network_reply"] = per.pop("network_reply_part", 0.0)
        sources["network_reply"] = sources.pop("network_reply_part", [])
        ds = [*stalls, cpu[0], demand("network", "queue", overlapped.get("network", 0.0), "the link client -> "
                                      "server: the request's first TX stamp to the server's RX stamp, the link's "
                                      "FIFO wait included"),
              *cpu[1:], demand("network_reply", "queue", overlapped.get("network_reply", 0.0), "the link server -> "
                               "client: the reply's first TX stamp to the client's RX stamp")]
        return PointDemands(point.point_no, ds + rest, notes, _call_matrix(ds + rest, per_call))
    middle = (demand("network", "queue", sum(overlapped.values()), "the link: each message's first TX stamp (SCHED, else SND, else "
                     "the send's return) to the receiver's RX stamp, a qdisc's or link's wait included")
              if split else
              demand("kernel_network", "delay", 0.0, "request and reply transits (kernels and network unsplit)"))
    ds = [*stalls, cpu[0], middle, *cpu[1:], *rest]
    return PointDemands(point.point_no, ds, notes, _call_matrix(ds, per_call))


def _carve_link_delay(per: dict, wire: tuple[float, float]) -> np.ndarray | float | None:
    """Cut each stamped transit at its frames' time on the wire (the request's a->b, the reply's b->a): the part
    up to it stays the network's service, the rest is returned as the link's delay per call (None: no transit)."""
    lagged = None
    for key, frames in (("network", wire[0]), ("network_reply_part", wire[1])):
        if key not in per:
            continue
        x = per[key]
        served = np.minimum(x, frames) if isinstance(x, np.ndarray) else min(x, frames)
        per[key] = served
        lagged = (x - served) + (0.0 if lagged is None else lagged)
    return lagged


def _call_matrix(ds: list[Demand], per_call: dict) -> np.ndarray | None:
    """Each call's phase-one time per demand (a demand known only as a mean, such as host_stalls, is that mean in
    every call; a negative transit from clock mapping is 0, as its mean is)."""
    n = max((x.size for x in per_call.values() if isinstance(x, np.ndarray) and x.ndim == 1), default=0)
    if n < 2:
        return None
    cols = []
    for d in ds:
        x = per_call.get(d.device, d.total_ns - d.phase2_ns)
        x = np.asarray(x, dtype=np.float64)
        x = np.full(n, float(np.mean(x))) if x.shape != (n,) else np.nan_to_num(x, nan=float(np.nanmean(x)))
        cols.append(np.maximum(x, 0.0))
    return np.column_stack(cols)
