"""Round trip path (DCE RPC paper, section 4.3.3, Figure 5 and Table 2): per call, the dependency graph of its
steps (each side's steps in order; a message from the step that sends it to the step that waits for it), the
critical path found backwards from the client's last step, and every step marked on-path or beside it.

A waiting step whose message arrived after it began is bound by the message: the path leaves it for the sender,
through a transit segment (sender's end to the waiter's end: kernels and network), and the wait itself runs
beside the path. So is a waiting step that is its side's first in the call, even when the message came before
it began (the receiver was still busy with earlier work: the message queued, counted in the transit and
reported as queued). Otherwise the step's own time is on the path, as is the untimed gap before it.

A call whose request was retransmitted (its c.retransmit step present, RPC over UDP) sent the request twice: the
rows of its repeated steps (c.copy .. c.sendmsg) span the first send to the resend, so the client's gaps before
the resend are the time it waited for the timeout. That wait is the network's (the link lost the packet), not the
client host's: in those calls the gaps of the client's request chain are booked to the segment
"request retransmission wait" on the network lane (a part "network" of it where the transits are split by kernel
stamps, so the demands book it to the network; else it joins the kernel_network delay as the transit does).

A multi-packet call that resent part of a window after a timeout, or a reply's packets, repeats steps on both
sides in ways no single path through one row per step follows: its segments come out negative. Such calls (a
c.retransmit and an on-path segment below -1 µs) are
left out of the path (`untraced_calls`), which is drawn from the others, and their mean RTT beyond the traced
calls' is one segment, "calls retransmitted beyond the path", on the network lane: the link lost their packets.
The demands book that excess as a delay (`untraced_excess_ns`)."""

from dataclasses import dataclass, field, replace

import numpy as np

from perflab.analysis.clock_align import ONE_CLOCK, server_to_client
from perflab.analysis.plain import as_plain
from perflab.analysis.rtp_table import KERNEL_CODES, KERNEL_POINTS, LANES, MESSAGES, STEP_TABLE, StepDef
from perflab.analysis.trace import Trace

RETRANSMIT_CODE = 20  # c.retransmit (agents/steps.toml)
RETRANSMISSION_WAIT = "request retransmission wait"
UNTRACED = "calls retransmitted beyond the path"
UNTRACEABLE_NS = -1000.0  # a call with an on-path segment below this is not a path (clock rounding is ns)


@dataclass(frozen=True)
class Segment:
    name: str
    kind: str  # step | transit | gap
    lanes: list[str]  # one lane for a step or gap; the lanes a transit crosses
    code: int | None
    on_path_share: float  # fraction of calls in which it lay on the path
    mean_on_path_ns: float  # mean over calls of its time on the path (0 where it was beside it)
    mean_ns: float  # mean duration over calls
    mean_start_ns: float  # mean start relative to the call's first client step (client clock)
    mean_end_ns: float
    parts: list[dict] = field(default_factory=list)  # a transit split by kernel points: lane, mean_ns, calls


@dataclass(frozen=True)
class PointRtp:
    point_no: int
    calls: int
    incomplete_calls: int  # measured calls missing a step of the graph: left out
    segments: list[Segment]
    calculated_rtt_ns: float  # sum of the on-path means of timed segments (steps and transits)
    untimed_on_path_ns: float  # on-path gaps between timed steps of one side
    measured_rtt_ns: float
    percent_error: float | None  # (measured - calculated) * 100 / measured, as the paper's Table 2
    messages: list[dict]  # Figure 5 arrows: message, from lane/time, to lane/time (mean, ns)
    # per call (the point's complete calls, in order): each segment's on-path time, and a split transit's parts
    # ("<segment>|<lane>", NaN where a call lacks the stamps); for the demands' variability, never stored
    per_call: dict = field(default_factory=dict, repr=False, compare=False)
    call_rtt_ns: np.ndarray | None = field(default=None, repr=False, compare=False)  # the same calls' RTTs
    untraced_calls: int = 0  # complete calls whose retransmissions no path follows (module doc): left out of it
    untraced_excess_ns: float = 0.0  # their mean RTT beyond the traced calls', spread over all complete calls
    # the rows of the trace per_call describes, in its order (the tails' attribution reads each call's latency)
    call_rows: np.ndarray | None = field(default=None, repr=False, compare=False)


@dataclass(frozen=True)
class RtpResult:
    lanes: list[str]
    clock: str
    notes: list[str]
    unplaced_codes: list[int]
    points: list[PointRtp] = field(default_factory=list)

    def as_dict(self) -> dict:
        out = as_plain(replace(self, points=[replace(p, per_call={}, call_rtt_ns=None, call_rows=None)
                                           for p in self.points]))
        for p in out["points"]:
            p.pop("per_call")
            p.pop("call_rtt_ns")
            p.pop("call_rows")
        return out


def percent_error(measured: float, calculated: float) -> float | None:
    """The DCE paper's Table 2 error: (measured - calculated) * 100 / measured; None without a measurement."""
    return (measured - calculated) * 100.0 / measured if measured else None


def _topo(defs: list[StepDef]) -> list[StepDef]:
    """Kahn's algorithm over local-order and message edges; raises on a cycle in the table."""
    preds: dict[int, set[int]] = {d.code: set() for d in defs}
    for side in ("client", "server"):
        seq = sorted((d for d in defs if d.side == side), key=lambda d: d.order)
        for a, b in zip(seq, seq[1:]):
            preds[b.code].add(a.code)
    for d in defs:
        if d.awaits:
            preds[d.code] |= {s.code for s in defs if s.sends == d.awaits}
    out, done = [], set()
    while len(out) < len(defs):
        ready = [d for d in defs if d.code not in done and preds[d.code] <= done]
        if not ready:
            raise ValueError("the step table has a cycle")
        ready.sort(key=lambda d: (d.side != "client", d.order))
        out.append(ready[0])
        done.add(ready[0].code)
    return out


def round_trip_path(tr: Trace, offset_ns: float | None = None, drift_ppm: float = 0.0,
                    ref_ns: float = 0.0) -> RtpResult:
    """offset_ns, drift_ppm, ref_ns: the server clock as server = client + offset + drift * (client - ref),
    from clock alignment; None means both agents read one clock (one machine)."""
    present = [int(c) for c in tr.codes]
    defs = [STEP_TABLE[c] for c in present if c in STEP_TABLE]
    unplaced = [c for c in present if c not in STEP_TABLE and c not in KERNEL_POINTS]
    notes = []
    if not any(c in KERNEL_CODES for c in present):
        notes.append("kernel and network points (codes 200-299) not recorded: each message's transit is one "
                     "segment across client kernel, network and server kernel")
    if unplaced:
        notes.append(f"step codes without a row in the round-trip-path table, left out: {unplaced}")
    clock = ONE_CLOCK if offset_ns is None else "server clock mapped by the fitted offset/drift"
    result = RtpResult(list(LANES), clock, notes, unplaced)
    client = [d for d in defs if d.side == "client"]
    if not client or not any(d.side == "server" for d in defs):
        notes.append("no round trip path: the run lacks client or server steps")
        return result
    order = _topo(defs)
    measured = tr.measured
    complete_calls = measured.copy()  # measured calls that ran every required step: the same for every point
    for d in defs:
        if not d.optional:
            complete_calls &= tr.has(d.code)
    for p in tr.points:
        in_p = tr.point_no == p
        sel = measured & in_p
        complete = complete_calls & in_p
        idx = np.nonzero(complete)[0]
        if idx.size == 0:
            result.points.append(PointRtp(int(p), 0, int(sel.sum()), [], 0.0, 0.0, 0.0, None, []))
            continue
        args = (order, offset_ns, drift_ppm, ref_ns)
        pt = _point(tr, int(p), idx, int(sel.sum()) - idx.size, *args)
        bad = _untraceable(pt) & _retransmitted(tr, idx)
        if bad.any() and not bad.all():
            pt = _beside_the_path(_point(tr, int(p), idx[~bad], int(sel.sum()) - idx.size, *args),
                                  tr.rtt_ns[idx[bad]].astype(np.float64))
        result.points.append(pt)
    if any(p.untraced_calls for p in result.points):
        notes.append("calls that resent part of a window or a reply after a timeout follow no single path: they are "
                     f"left out of it and their time beyond the others is the segment \"{UNTRACED}\"")
    return result


def _retransmitted(tr: Trace, idx: np.ndarray) -> np.ndarray:
    j = tr.col(RETRANSMIT_CODE) if RETRANSMIT_CODE in STEP_TABLE else None
    return tr.count[idx, j] > 0 if j is not None else np.zeros(idx.size, bool)


def _untraceable(pt: PointRtp) -> np.ndarray:
    """Per call of the point: an on-path segment or part below UNTRACEABLE_NS."""
    bad = np.zeros(pt.calls, bool)
    for x in pt.per_call.values():
        x = np.asarray(x, dtype=np.float64)
        if x.shape == bad.shape:
            bad |= np.nan_to_num(x, nan=0.0) < UNTRACEABLE_NS
    return bad


def _beside_the_path(pt: PointRtp, untraced_rtt: np.ndarray) -> PointRtp:
    """The path of the traced calls, with the untraced calls' excess RTT as one segment on the network lane."""
    k, n = untraced_rtt.size, pt.calls + untraced_rtt.size
    excess = max(0.0, float(untraced_rtt.mean()) - pt.measured_rtt_ns)
    share = k / n
    seg = Segment(UNTRACED, "transit", ["network"], None, share, excess * share, excess, pt.measured_rtt_ns,
                  pt.measured_rtt_ns + excess)
    measured = (pt.measured_rtt_ns * pt.calls + float(untraced_rtt.sum())) / n
    calculated = pt.calculated_rtt_ns + excess * share
    return replace(pt, segments=pt.segments + [seg], calculated_rtt_ns=calculated, measured_rtt_ns=measured,
                   percent_error=percent_error(measured, calculated), untraced_calls=k,
                   untraced_excess_ns=excess * share)


def _point(tr: Trace, p: int, idx: np.ndarray, incomplete: int, order: list[StepDef], offset_ns, drift_ppm,
           ref_ns) -> PointRtp:
    start, end, dur = {}, {}, {}

    def clock(side: str, t: np.ndarray) -> np.ndarray:
        if side == "server" and offset_ns is not None:  # into client time
            return server_to_client(t, offset_ns, drift_ppm, ref_ns)
        return t

    prev_end: dict[str, np.ndarray] = {}
    for d in sorted(order, key=lambda d: (d.side, d.order)):
        j = tr.col(d.code)
        start[d.code] = clock(d.side, tr.first[idx, j].astype(np.float64))
        end[d.code] = clock(d.side, tr.last[idx, j].astype(np.float64))
        dur[d.code] = tr.duration[idx, j].astype(np.float64)
        if d.optional and d.side in prev_end:  # absent in a call: no time, placed where the side's chain stands
            absent = tr.count[idx, j] == 0
            start[d.code][absent] = end[d.code][absent] = prev_end[d.side][absent]
            dur[d.code][absent] = 0.0
        prev_end[d.side] = end[d.code]
    first_client = min((d for d in order if d.side == "client"), key=lambda d: d.order)
    # the path ends where the measured RTT does: steps after it (c.free) run beside it, as the caller's phase two
    last_client = max((d for d in order if d.side == "client" and not d.after_rtt), key=lambda d: d.order)
    t0 = start[first_client.code]
    n = idx.size
    on = {d.code: np.zeros(n, bool) for d in order}
    on[last_client.code][:] = True
    own_on = {}
    tail_off = {d.code: np.zeros(n) for d in order}  # a sender's time after its message was already received
    segs: list[Segment] = []
    messages = []
    per_call: dict[str, np.ndarray] = {}
    # calls that retransmitted: their client gaps up to the request's send are the timeout's wait (module doc)
    jr = tr.col(RETRANSMIT_CODE) if RETRANSMIT_CODE in STEP_TABLE else None
    retx = _retransmitted(tr, idx)
    request_sender = next((d for d in order if d.side == "client" and d.sends == "request"), None)
    retx_wait = np.zeros(n)
    for d in reversed(order):
        local_prev = max((x for x in order if x.side == d.side and x.order < d.order), key=lambda x: x.order,
                         default=None)
        chose_msg = np.zeros(n, bool)
        if d.awaits:
            sender = next((x for x in order if x.sends == d.awaits), None)
            if sender is not None:
                # bound by the message when it came after the step began; always when the step is its side's
                # first in the call (the receiver was busy with earlier work and the message queued meanwhile)
                chose_msg = (end[sender.code] > start[d.code]) | (local_prev is None)
                on[sender.code] |= on[d.code] & chose_msg
                t_on = on[d.code] & chose_msg
                # on loopback the receiver can return before the sender's send() does: the message left inside
                # the send, whose rest then runs beside the path, and the transit on the path is 0
                departed = np.minimum(end[sender.code], end[d.code])
                tail_off[sender.code] += np.where(t_on, end[sender.code] - departed, 0.0)
                transit = end[d.code] - departed
                msg = MESSAGES[d.awaits]
                parts, part_calls = _split(tr, idx, msg, departed, end[d.code], t_on, clock)
                name = f"{d.awaits} transit"
                per_call[name] = np.where(t_on, transit, 0.0)
                per_call.update({f"{name}|{lane}": x for lane, x in part_calls.items()})
                segs.append(Segment(f"{d.awaits} transit", "transit", list(msg.lanes), None, float(t_on.mean()),
                                    float(np.where(t_on, transit, 0).mean()), float(transit.mean()),
                                    float((departed - t0).mean()), float((end[d.code] - t0).mean()),
                                    parts))
                queued = np.maximum(0.0, start[d.code] - departed)  # arrived before the receiver asked for it
                messages.append({"message": d.awaits, "from_lane": sender.lane, "from_ns": segs[-1].mean_start_ns,
                                 "to_lane": d.lane, "to_ns": segs[-1].mean_end_ns,
                                 "queued_share": float((t_on & (queued > 0)).mean()),
                                 "mean_queued_ns": float(np.where(t_on, queued, 0).mean())})
        local_on = on[d.code] & ~chose_msg
        own_on[d.code] = local_on
        if local_prev is not None:
            on[local_prev.code] |= local_on
            gap = start[d.code] - end[local_prev.code]
            if retx.any() and request_sender is not None and d.side == "client" and d.order <= request_sender.order:
                # the gap, and the part of the step's row (first start to last end) its summed time does not fill
                retx_wait += np.where(local_on & retx, gap + (end[d.code] - start[d.code]) - dur[d.code], 0.0)
                gap = np.where(retx, 0.0, gap)
            if np.any(gap != 0):
                per_call[f"gap {local_prev.name}→{d.name}"] = np.where(local_on, gap, 0.0)
                segs.append(Segment(f"gap {local_prev.name}→{d.name}", "gap", [d.lane], None,
                                    float(local_on.mean()), float(np.where(local_on, gap, 0).mean()),
                                    float(gap.mean()), float((end[local_prev.code] - t0).mean()),
                                    float((start[d.code] - t0).mean())))
    if retx.any():
        per_call[RETRANSMISSION_WAIT] = retx_wait
        request = next((s for s in segs if s.name == "request transit"), None)
        parts = []
        if request is not None and request.parts:  # split transits: the network's part, for the demands
            per_call[f"{RETRANSMISSION_WAIT}|network"] = retx_wait
            parts = [{"lane": "network", "mean_ns": float(retx_wait.mean()), "calls": int(retx.sum()),
                      "between": "the request's first send -> its resend after the timeout (c.retransmit)"}]
        jw = tr.col(request_sender.code)
        segs.append(Segment(RETRANSMISSION_WAIT, "transit", ["network"], None, float((retx & (retx_wait != 0)).mean()),
                            float(retx_wait.mean()), float(retx_wait[retx].mean()),
                            float((clock("client", tr.first[idx, jw].astype(np.float64)) - t0)[retx].mean()),
                            float((clock("client", tr.last[idx, jr].astype(np.float64)) - t0)[retx].mean()),
                            parts))
    for d in order:
        o = own_on[d.code]
        on_time = np.maximum(0.0, dur[d.code] - tail_off[d.code])
        per_call[d.name] = np.where(o, on_time, 0.0)
        segs.append(Segment(d.name, "step", [d.lane], d.code, float(o.mean()),
                            float(np.where(o, on_time, 0).mean()), float(dur[d.code].mean()),
                            float((start[d.code] - t0).mean()), float((end[d.code] - t0).mean())))
    segs.sort(key=lambda s: (s.mean_start_ns, s.mean_end_ns))
    calculated = sum(s.mean_on_path_ns for s in segs if s.kind != "gap")
    untimed = sum(s.mean_on_path_ns for s in segs if s.kind == "gap")
    rtt = tr.rtt_ns[idx].astype(np.float64)
    measured = float(rtt.mean())
    return PointRtp(p, n, incomplete, segs, calculated, untimed, measured, percent_error(measured, calculated),
                    messages, per_call, rtt, call_rows=idx)


def _split(tr: Trace, idx, msg, sent, received, on, clock) -> tuple[list[dict], dict[str, np.ndarray]]:
    """A transit cut at the kernel stamps, for the on-path calls with the receiver's RX stamp: the sender's kernel
    after its send step returned until the message's first TX stamp (SCHED, else SND; 0 when the message left
    inside the send, or when the sender has no TX stamp), the network from there to the RX stamp (a qdisc's or
    an emulated link's wait included: it is the link's time, as the demands book it), the receiver's kernel
    until its receive step returned. Each part names the stamps it runs between. Also the parts per call
    (NaN where a call lacks the RX stamp). Empty when the RX stamps were not recorded."""
    ja = tr.col(msg.arrival_code) if msg.arrival_code else None
    if ja is None:
        return [], {}
    have = on & (tr.count[idx, ja] > 0)
    if not have.any():
        return [], {}
    receiver = "server" if msg.sender_side == "client" else "client"
    dep = sent.copy()
    dep_names = []
    for code in (msg.departure_code, msg.sched_code):  # the SCHED stamp, where there is one, wins over SND
        j = tr.col(code) if code else None
        if j is not None:
            got = tr.count[idx, j] > 0
            dep = np.where(got, clock(msg.sender_side, tr.last[idx, j].astype(np.float64)), dep)
            dep_names.insert(0, f"{KERNEL_POINTS[code]} end")
    arr = clock(receiver, tr.first[idx, ja].astype(np.float64))
    # cut points kept in order inside [sent, received], so the parts are non-negative and add up to the transit
    b = np.clip(dep, sent, received)
    c = np.clip(arr, b, received)
    pieces = (b - sent, c - b, received - c)
    first_tx = " or ".join(dep_names) or "the send's return (no TX stamp)"
    rx = f"{KERNEL_POINTS[msg.arrival_code]} start (RX stamp)"
    spans = (f"send step's end -> {first_tx}", f"{first_tx} -> {rx}", f"{rx} -> receive step's end")
    calls = int(have.sum())
    parts = [{"lane": lane, "mean_ns": float(x[have].mean()), "calls": calls, "between": span}
             for lane, x, span in zip(msg.lanes, pieces, spans)]
    return parts, {lane: np.where(have, x, np.nan) for lane, x in zip(msg.lanes, pieces)}
