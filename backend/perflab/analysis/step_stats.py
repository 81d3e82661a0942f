"""Per-point, per-step statistics with the probe cost subtracted; each point's first (cold) call apart.
The numbers behind the step ladders of the DCE RPC paper's Figures 1 and 2 (section 4.3.1 adjusts every
trace-derived value for the tracing overhead; here the agent's measured probe cost plays that part)."""

from dataclasses import dataclass

import numpy as np

from perflab.analysis.plain import as_plain
from perflab.analysis.stats import describe, describe_columns
from perflab.analysis.step_codes import describe_code
from perflab.analysis.trace import FLAG_ERROR, FLAG_FIRST, FLAG_SLOW_START, Trace


@dataclass(frozen=True)
class StepRow:
    code: int
    name: str
    side: str
    paper: str
    runs_per_call: float  # mean times the step ran in a call (several sends for a large request)
    stats: dict  # perflab.analysis.stats.Stats as a dict, ns, probe cost subtracted (a row is a step that ran)


@dataclass(frozen=True)
class FirstCall:
    call_no: int
    rtt_ns: int
    steps_ns: dict[int, int]  # code -> duration, probe cost subtracted


@dataclass(frozen=True)
class FirstCalls:
    """The calls the agent flagged first call (an RPC run flags every caller thread's first: its new call
    handle, binding included), described together and kept out of the steady-state rows."""
    count: int
    rtt: dict | None
    steps: list[StepRow]


@dataclass(frozen=True)
class SlowStart:
    """The point's measured calls whose request went in small packets (a call handle that had not learnt the
    peer's packet size: the case study's slow start, which its authors counted with BPF), beside the others."""
    count: int
    share: float  # of the point's measured calls
    rtt: dict | None  # of the slow-start calls
    other_rtt: dict | None  # of the rest


@dataclass(frozen=True)
class PointStepStats:
    point_no: int
    calls: int  # measured calls described
    rtt: dict | None
    first_call: FirstCall | None
    steps: list[StepRow]
    first_calls: FirstCalls | None = None
    slow_start: SlowStart | None = None  # None: no measured call of the point went through slow start


@dataclass(frozen=True)
class StepStatsResult:
    probe_cost_ns: dict[str, float]  # per side (client, server) what was subtracted per timed segment
    probe_cost_note: str
    points: list[PointStepStats]

    def as_dict(self) -> dict:
        return as_plain(self)


def step_statistics(tr: Trace, probe_cost_ns: dict[str, float] | float | None = None) -> StepStatsResult:
    """probe_cost_ns: what the probe adds to one timed segment (one clock read: consecutive steps share the read at
    their boundary; services/analyses.py _probe_costs), per side
    ({"client": ns, "server": ns}) or one value for both; None or a missing side when the agent did not measure
    it, in which case nothing is subtracted there and the result says so. Kernel points (codes 200-299) are
    stamped by the kernel, not by the probe: nothing is subtracted from them."""
    if probe_cost_ns is None:
        costs = {}
    elif isinstance(probe_cost_ns, dict):
        costs = {k: float(v) for k, v in probe_cost_ns.items() if v is not None}
    else:
        costs = {"client": float(probe_cost_ns), "server": float(probe_cost_ns)}
    missing = [side for side in ("client", "server") if side not in costs]
    note = "one clock read subtracted per timed segment of the client and server steps"
    if missing:
        note = f"not measured by the {' and '.join(missing)} agent: nothing subtracted there"
    per_code = np.array([costs.get(describe_code(int(c)).side, 0.0) for c in tr.codes])
    # a call whose probe ran quicker than its mean cost would come out below zero: no step takes negative time,
    # so such a call's step counts as 0 (the step took no longer than the probe could resolve)
    net = np.maximum(tr.duration - per_code[None, :] * tr.count, 0.0)  # float [calls, codes]
    measured, first = tr.measured, tr.first_of_point
    flagged = ((tr.flags & FLAG_FIRST) != 0) & ((tr.flags & FLAG_ERROR) == 0)
    points = []
    for p in tr.points:
        in_p = tr.point_no == p
        sel = in_p & measured
        rtt, rows = _rtt_and_rows(tr, net, sel)
        fl = in_p & flagged
        fcs = None
        if fl.any():
            fr, frows = _rtt_and_rows(tr, net, fl)
            fcs = FirstCalls(int(fl.sum()), fr.as_dict() if fr else None, frows)
        fc = None
        idx = np.nonzero(in_p & first)[0]
        if idx.size:
            i = int(idx[0])
            fc = FirstCall(int(tr.call_no[i]), int(tr.rtt_ns[i]),
                           {int(c): int(net[i, j]) for j, c in enumerate(tr.codes) if tr.count[i, j] > 0})
        points.append(PointStepStats(int(p), int(sel.sum()), rtt.as_dict() if rtt else None, fc, rows, fcs,
                                     _slow_start(tr, sel)))
    return StepStatsResult(costs, note, points)


def _slow_start(tr: Trace, sel: np.ndarray) -> SlowStart | None:
    slow = sel & ((tr.flags & FLAG_SLOW_START) != 0)
    n = int(slow.sum())
    if n == 0:
        return None
    rest = describe(tr.rtt_ns[sel & ~slow])
    return SlowStart(n, n / int(sel.sum()), describe(tr.rtt_ns[slow]).as_dict(), rest.as_dict() if rest else None)


def _rtt_and_rows(tr: Trace, net: np.ndarray, sel: np.ndarray) -> tuple:
    """The selected calls' RTT statistics (None for none) and a row per step that ran. The RTTs and the steps that
    every selected call ran are samples of one size, described together (describe_columns: one bootstrap pass)."""
    idx = np.nonzero(sel)[0]
    if idx.size == 0:
        return None, []
    count, sub = tr.count[idx], net[idx]  # the selected calls' rows once, then one column per step
    ran = count > 0
    every = [j for j in range(len(tr.codes)) if ran[:, j].all()]
    together = describe_columns([tr.rtt_ns[idx]] + [sub[:, j] for j in every])
    rtt, stats = together[0], dict(zip(every, together[1:]))
    rows = []
    for j, code in enumerate(tr.codes):
        if not ran[:, j].any():
            continue
        sc = describe_code(int(code))
        st = stats[j] if j in stats else describe(sub[ran[:, j], j])  # not empty: the step ran
        rows.append(StepRow(sc.code, sc.name, sc.side, sc.paper, float(count[ran[:, j], j].mean()), st.as_dict()))
    return rtt, rows
