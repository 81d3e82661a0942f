"""Every analysis of one run, from its trace and parameters to JSON-ready results keyed by kind (pure: the
service reads the rows and stores what this returns). One analysis failing on odd data does not take the others
down."""

import logging

import numpy as np

from perflab.analysis import trace as trace_mod
from perflab.analysis.clock_align import align
from perflab.analysis.demands import service_demands
from perflab.analysis.ecs_stats import one_way_anova, ratio_table, regression, throughput
from perflab.analysis.model_vs_measured import Row, compare
from perflab.analysis.mva import Network, exact
from perflab.analysis.packet_model import PacketParams, count, jumps, rpc_packets
from perflab.analysis.rtp import round_trip_path
from perflab.analysis.step_stats import step_statistics
from perflab.analysis.unit_cost import unit_costs

log = logging.getLogger("perflab.analyses")
KINDS = ("step_stats", "clock", "rtp", "demands", "unit_cost", "ecs", "model_vs_measured", "packets")
# protocol parameters an RPC run reports (run or point params) that the packet model reads
PACKET_PARAMS = ("rpc_header_bytes", "data_per_rpc_packet", "udp_header_bytes", "ip_header_bytes", "mtu_bytes")


def compute(tr: trace_mod.Trace, point_params: dict[int, dict], run_params: dict, same_clock: bool) -> dict:
    """Every analysis of one run, as JSON-ready dicts keyed by kind. One analysis failing on odd data does not
    take the others down: its kind stores {"available": false, "error": ...}."""
    out: dict[str, dict] = {}

    def attempt(kind: str, fn):
        try:
            out[kind] = fn()
        except Exception as e:  # noqa: BLE001 - reported in the stored result, logged with its trace
            log.exception("analysis %s failed", kind)
            out[kind] = {"available": False, "error": f"{type(e).__name__}: {e}"}
        return out[kind]

    stats = attempt("step_stats", lambda: step_statistics(tr, run_params.get("probe_cost_ns")).as_dict())
    step_counts = {p["point_no"]: p["steps"] for p in stats.get("points", [])}
    clock = attempt("clock", lambda: _clock(tr, same_clock))
    use_offset = bool(clock.get("available")) and not same_clock
    holder = {}

    def rtp_kind():
        holder["rtp"] = round_trip_path(tr, clock["offset_ns"] if use_offset else None,
                                        clock.get("drift_ppm", 0.0) if use_offset else 0.0,
                                        clock.get("ref_ns", 0.0) if use_offset else 0.0)
        return holder["rtp"].as_dict()

    attempt("rtp", rtp_kind)
    rtp = holder.get("rtp")
    by_point = {p.point_no: p for p in rtp.points if p.calls} if rtp else {}
    params = {p: {**run_params, **point_params.get(p, {})} for p in tr.points}
    demands = {}

    def demands_kind():
        demands.update({p: service_demands(tr, by_point[p], _think_ns(params[p])) for p in by_point})
        return {"unit": "ns", "points": [d.as_dict() for d in demands.values()]}

    attempt("demands", demands_kind)
    attempt("unit_cost", lambda: _unit_cost(by_point, params, step_counts))
    attempt("ecs", lambda: _ecs(tr, params))
    attempt("model_vs_measured", lambda: _model_vs_measured(by_point, demands, params, tr))
    attempt("packets", lambda: _packets(tr, params))
    return out


def _packet_params(params) -> PacketParams | None:
    first = params[min(params)] if params else {}
    given = {k: int(first[k]) for k in PACKET_PARAMS if k in first}
    pk = first.get("packetisation") or {}  # an RPC run's own names (docs/protocol.md "RPC runs")
    for ours, theirs in (("data_per_rpc_packet", "packet_data"), ("rpc_header_bytes", "header_bytes"), ("mtu_bytes", "mtu")):
        if theirs in pk and ours not in given:
            given[ours] = int(pk[theirs])
    if "data_per_rpc_packet" not in given or "mtu_bytes" not in given:
        return None
    return PacketParams(**given)


def _packets(tr: trace_mod.Trace, params) -> dict:
    """The packet model at the run's request sizes, when the run carries the protocol parameters (an RPC run:
    header bytes, data per RPC packet, MTU); a socket ping-pong does not, and the result says so."""
    pp = _packet_params(params)
    if pp is None:
        return {"available": False, "reason": "the run reports no protocol parameters (data_per_rpc_packet, "
                                              "mtu_bytes; optional rpc_header_bytes, udp_header_bytes, "
                                              "ip_header_bytes)"}
    sizes = sorted({int(x) for x in np.unique(tr.request_bytes)})
    return {"available": True, "params": pp.__dict__,
            "counts": [count(sz, pp).__dict__ for sz in sizes],
            "jumps": [j.__dict__ for j in jumps(max(sizes, default=0), pp)]}


def _think_ns(p: dict) -> float:
    return (float(p.get("think_ns") or 0.0) or float(p.get("think_ms") or 0.0) * 1e6
            or float(p.get("think_time_us") or 0.0) * 1e3)  # an RPC run's name (docs/protocol.md)


def _clock(tr: trace_mod.Trace, same_clock: bool) -> dict:
    cols = [tr.col(c) for c in (1, 101, 103, 2)]
    if any(c is None for c in cols):
        return {"available": False, "reason": "the four timestamps need steps 1, 101, 103 and 2"}
    ok = tr.measured
    for c in cols:
        ok &= tr.count[:, c] > 0
    a = align(tr.first[ok, cols[0]], tr.last[ok, cols[1]], tr.first[ok, cols[2]], tr.last[ok, cols[3]],
              same_clock=same_clock)
    if a is None:
        return {"available": False, "reason": "no call has all four timestamps"}
    return {"available": True, "same_clock": same_clock, **a.as_dict()}


def _unit_cost(by_point, params, step_counts: dict[int, list[dict]]) -> dict:
    pts = sorted(by_point)
    sizes = [params[p].get("request_bytes", 0) for p in pts]
    if len(set(sizes)) < 2:
        return {"available": False, "reason": "the run has one request size: a size sweep is needed"}
    names = sorted({s.name for p in pts for s in by_point[p].segments})
    segs = {n: [next((s.mean_on_path_ns for s in by_point[p].segments if s.name == n), 0.0) for p in pts]
            for n in names}
    # steps that run more than once in a call are fitted per execution (times their count at each size)
    counts = {}
    for n in names:
        per = [next((r["runs_per_call"] for r in step_counts.get(p, []) if r["name"] == n), 1.0) for p in pts]
        if max(per) > 1.0:
            counts[n] = per
    pp = _packet_params(params)
    count_of = (lambda name, size: float(rpc_packets(size, pp))) if pp else None
    r = unit_costs(sizes, segs, [by_point[p].measured_rtt_ns for p in pts], counts, count_of)
    return {"available": True, "unit": "ns", **r.as_dict()}


def _ecs(tr: trace_mod.Trace, params) -> dict:
    measured = tr.measured
    rows, groups, xs, ys = [], {}, [], []
    for p in tr.points:
        sel = measured & (tr.point_no == p)
        if sel.sum() < 2:
            continue
        start, end = tr.start_ns[sel], tr.start_ns[sel] + tr.rtt_ns[sel]
        per_call = float((tr.request_bytes[sel] + tr.response_bytes[sel]).mean())
        t = throughput(int(sel.sum()), float(end.max() - start.min()) / 1e9, per_call)
        rows.append({"point_no": p, "threads": int(params[p].get("threads", 1)),
                     "request_bytes": int(tr.request_bytes[sel][0]), **t.__dict__})
        size = int(tr.request_bytes[sel][0])
        groups.setdefault(size, []).append(tr.rtt_ns[sel])
        xs.append(tr.request_bytes[sel])
        ys.append(tr.rtt_ns[sel])
    out = {"throughput": rows, "anova": None, "regression": None, "ratios": _ratios(tr, params)}
    if len(groups) >= 2:
        out["anova"] = one_way_anova([np.concatenate(g) for g in groups.values()]).as_dict()
        out["regression"] = regression(np.concatenate(xs), np.concatenate(ys)).as_dict()
    else:
        out["reason"] = "ANOVA and regression need two or more request sizes"
    return out


def _ratios(tr: trace_mod.Trace, params) -> dict:
    """Ratio tables of mean RTT across the labels a sweep varies (the ECS paper's socket : RPC : protection
    levels), per request size, relative to the first point's label."""
    out = {}
    measured = tr.measured
    for key in ("protection", "transport", "kind"):
        labels = {p: params[p].get(key) for p in params}
        if len({v for v in labels.values() if v is not None}) < 2:
            continue
        by_size: dict[int, dict[str, list]] = {}
        for p, label in labels.items():
            sel = measured & (tr.point_no == p)
            if label is None or not sel.any():
                continue
            size = int(params[p].get("request_bytes", 0))
            by_size.setdefault(size, {}).setdefault(str(label), []).append(tr.rtt_ns[sel])
        table = []
        for size, groups in sorted(by_size.items()):
            means = {k: float(np.concatenate(v).mean()) for k, v in groups.items()}
            base = str(labels[min(p for p in labels if labels[p] is not None)])
            if len(means) > 1 and base in means:
                table.append({"request_bytes": size, "base": base, "ratios": ratio_table(means, base)})
        out[key] = table
    return out


def _model_vs_measured(by_point, demands, params, tr) -> dict:
    """Demands measured at each size's one-thread, no-think point predict every point of that size (the case
    study's method); a run without such a sweep compares each point with its own demands."""
    base: dict[int, int] = {}
    for p in sorted(by_point, key=lambda p: (params[p].get("threads", 1), _think_ns(params[p]))):
        base.setdefault(int(params[p].get("request_bytes", 0)), p)
    rows = []
    for p, rtp in sorted(by_point.items()):
        b = base[int(params[p].get("request_bytes", 0))]
        d = demands[b].demands
        net = Network.build([x.device for x in d], [x.kind for x in d], [[x.total_ns for x in d]],
                            [_think_ns(params[p])], [[x.phase2_ns for x in d]])
        threads = int(params[p].get("threads", 1))
        model = float(exact(net, [threads]).response[0])
        sel = tr.measured & (tr.point_no == p)
        ms = 1e-6  # the case study's unit
        rows.append(Row(f"{params[p].get('request_bytes', 0)} B", threads, _think_ns(params[p]) * ms, model * ms,
                        float(tr.rtt_ns[sel].mean()) * ms,
                        float(tr.rtt_ns[sel].std(ddof=1)) * ms if sel.sum() > 1 else None,
                        {s.name: s.mean_on_path_ns * ms for s in rtp.segments}))
    if not rows:
        return {"available": False, "reason": "no complete calls"}
    return {"available": True, "unit": "ms", **compare(rows, unit="ms").as_dict()}
