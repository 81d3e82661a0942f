"""Service demands per device derived from a run's traces (case study, Table 1, but measured): client CPU,
server CPU, and a delay for kernel, controller and network time (a kernel delay and a network queue when kernel
points split the transits, as in the case study's model), each split into phase one (on the caller's
path) and phase two (work a side does after the caller is released: the server after sending its reply, the
client after reading it, until its next call)."""

from dataclasses import asdict, dataclass

import numpy as np

from perflab.analysis.rtp import PointRtp
from perflab.analysis.rtp_table import STEP_TABLE
from perflab.analysis.trace import Trace


@dataclass(frozen=True)
class Demand:
    device: str  # client_cpu | server_cpu | kernel_network, or kernel and network when kernel points split it
    kind: str  # queue | delay (for MVA)
    total_ns: float
    phase2_ns: float
    note: str


@dataclass(frozen=True)
class PointDemands:
    point_no: int
    demands: list[Demand]
    notes: list[str]

    def as_dict(self) -> dict:
        return asdict(self)


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


def service_demands(tr: Trace, point: PointRtp, think_ns: float = 0.0) -> PointDemands:
    """On-path time booked to the device that did it, plus the measured phase two. Medians for phase two: a
    stall between calls (scheduling, a batch upload) should not pass for steady work."""
    phase1 = {"client_cpu": 0.0, "server_cpu": 0.0, "kernel_network": 0.0, "kernel": 0.0, "network": 0.0}
    split = False
    for s in point.segments:
        dev = _side(s)
        parts = {p["lane"]: p["mean_ns"] for p in s.parts} if s.kind == "transit" else {}
        total = sum(max(0.0, v) for v in parts.values())
        if parts and total > 0:  # kernel points split the transit: the wire apart from the kernels
            share = max(0.0, parts.get("network", 0.0)) / total
            phase1["network"] += s.mean_on_path_ns * share
            phase1["kernel"] += s.mean_on_path_ns * (1.0 - share)
            split = True
        elif dev in phase1:
            phase1[dev] += s.mean_on_path_ns
    if split:  # a transit without stamps in some calls: book it by the split seen in the others
        total = phase1["kernel"] + phase1["network"]
        share = phase1["network"] / total if total > 0 else 0.0
        phase1["network"] += phase1["kernel_network"] * share
        phase1["kernel"] += phase1["kernel_network"] * (1.0 - share)
    # a demand cannot be negative; only a clock mapping error between hosts could make a transit so
    phase1 = {k: max(0.0, v) for k, v in phase1.items()}
    idx = np.nonzero(tr.measured & (tr.point_no == point.point_no))[0]
    if tr.col(10) is not None:  # RPC: the client's next call starts at c.start; the server's executor ends s.end
        c2 = _phase2(tr, idx, 22, 10, think_ns)  # from c.end (the RTT's end): c.free is phase two
        s2 = _after(tr, idx, 117, 119)
    else:
        c2 = _phase2(tr, idx, 3, 1, think_ns)
        s2 = _phase2(tr, idx, 103, 101, 0.0)
    notes = [] if split else ["kernel, controller and network time is one delay device: no kernel points "
                              "(201-213) to split it"]
    if c2 is None or s2 is None:
        notes.append("phase two not measured: consecutive calls missing")
    middle = ([Demand("kernel", "delay", phase1["kernel"], 0.0, "kernel time of both messages (controllers)"),
               Demand("network", "queue", phase1["network"], 0.0, "the wire (or loopback device) between stamps")]
              if split else
              [Demand("kernel_network", "delay", phase1["kernel_network"], 0.0, "request and reply transits")])
    demands = [
        Demand("client_cpu", "queue", phase1["client_cpu"] + (c2 or 0.0), c2 or 0.0,
               "client steps and untimed client gaps on the path; phase two from a call's end to the same "
               "thread's next"),
        *middle,
        Demand("server_cpu", "queue", phase1["server_cpu"] + (s2 or 0.0), s2 or 0.0,
               "server steps and untimed server gaps on the path; phase two after the reply left (next wait, "
               "or s.end)"),
    ]
    return PointDemands(point.point_no, demands, notes)
