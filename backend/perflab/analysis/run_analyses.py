"""Every analysis of one run, from its trace and parameters to JSON-ready results keyed by kind (pure: the
service reads the rows and stores what this returns). One analysis failing on odd data does not take the others
down."""

import logging
import numpy as np

from perflab.analysis import trace as trace_mod
from perflab.analysis.clock_align import align
from perflab.analysis.demands import service_demands
from perflab.analysis.load_sweep import run_load_sweep
from perflab.analysis.ecs_stats import one_way_anova, ratio_table, regressions_by_group, throughput
from perflab.analysis.model_fit import model_vs_measured
from perflab.analysis.mva_multiserver import server_pool
from perflab.analysis.open_loop import loop_of
from perflab.analysis.packet_model import count, jumps, rpc_packets
from perflab.analysis.rpc_inputs import call_label, packet_params, think_ns
from perflab.analysis.words import setting_text
from perflab.analysis.rtp import round_trip_path
from perflab.analysis.step_codes import message_step
from perflab.analysis.step_stats import step_statistics
from perflab.analysis.tails import point_tails
from perflab.analysis.unit_cost import unit_costs
from perflab.analysis.wire_time import message_wire_ns

log = logging.getLogger("perflab.analyses")
KINDS = ("step_stats", "clock", "rtp", "demands", "unit_cost", "ecs", "model_vs_measured", "packets", "tails",
         "load")
# a sweep of many points keeps coarser spectra and fewer tail call numbers a point, as point_summary.py's CDFs
TAIL_VALUES_PER_RUN = 20_000


def _wire(tr: trace_mod.Trace, p: int, params: dict) -> tuple[float, float] | None:
    """A call's request and reply time on the run's shaped link (wire_time.py), where the link has a rate and the
    run its packetisation; None otherwise."""
    link = (params.get("link") or {})
    requested = link.get("requested") or {}
    pp, _ = packet_params(params)
    if not link.get("emulated") or not requested.get("rate_mbit") or pp is None or "request_bytes" not in params:
        return None
    sel = tr.measured & (tr.point_no == p)
    reply = int(np.median(tr.response_bytes[sel])) if sel.any() else 0
    return message_wire_ns(int(params["request_bytes"]), reply, params.get("transport") or "udp", pp, requested)


def compute(tr: trace_mod.Trace, point_params: dict[int, dict], run_params: dict, same_clock: bool,
            on_kind=None) -> dict:
    """Every analysis of one run, as JSON-ready dicts keyed by kind. One analysis failing on odd data does not
    take the others down: its kind stores {"available": false, "error": ...}. on_kind(done), when given, is told
    how many kinds are done as each completes (the worker's progress). The tails describe each call's latency from
    its intended send (its RTT in a closed loop), each point labelled by its loop."""
    out: dict[str, dict] = {}

    def attempt(kind: str, fn):
        try:
            out[kind] = fn()
        except Exception as e:  # noqa: BLE001 - reported in the stored result, logged with its trace
            log.exception("analysis %s failed", kind)
            out[kind] = {"available": False, "error": f"{type(e).__name__}: {e}"}
        if on_kind:
            on_kind(len(out))
        return out[kind]

    stats = attempt("step_stats", lambda: step_statistics(tr, run_params.get("probe_cost_ns")).as_dict())
    step_counts = {p["point_no"]: p["steps"] for p in stats.get("points", [])}
    clock = attempt("clock", lambda: clock_analysis(tr, same_clock))
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
    first = params[min(params)] if params else {}
    cpus = first.get("server_cpus")
    host = {"same_host": same_clock, "cpus": int(cpus) if isinstance(cpus, (int, float)) and cpus >= 1 else None,
            "server_servers": server_pool(first)["servers"],
            # emulated 1995 hosts: each agent one FCFS CPU (agents/src/rpc/rpc_host.h); an emulated link: one
            # FIFO per direction (docs/links.md)
            "packet_us": int(first.get("host_packet_us") or 0),
            "duplex": bool((first.get("link") or {}).get("emulated"))}

    def demands_kind():
        demands.update({p: service_demands(tr, by_point[p], think_ns(params[p]), host, _wire(tr, p, params[p]))
                        for p in by_point})
        return {"unit": "ns", "points": [d.as_dict() for d in demands.values()]}

    attempt("demands", demands_kind)
    attempt("unit_cost", lambda: _unit_cost(by_point, params, step_counts))
    attempt("ecs", lambda: _ecs(tr, params))
    tolerance = first.get("model_tolerance_pct")
    # the run's planted fault (a point's own "inject" is whether it ran there)
    attempt("model_vs_measured", lambda: model_vs_measured(
        by_point, demands, params, tr, same_clock, inject=run_params.get("inject"),
        **({} if tolerance is None else {"tolerance_pct": float(tolerance)})))
    attempt("packets", lambda: _packets(tr, params))
    loops = {p: loop_of(params[p]) for p in tr.points}  # as the Results summary reads them (services/results.py)
    tail = attempt("tails", lambda: tails(tr, rtp, tr.latency_ns, loops))
    attempt("load", lambda: run_load_sweep(tr, params, tail, out.get("demands") or {}))
    return out


def tails(tr: trace_mod.Trace, rtp, latency_ns: np.ndarray, loops: dict[int, str] | None = None) -> dict:
    """Per point, its measured calls' percentiles with intervals, HDR histogram, spectrum and which segment of the
    round trip path makes its tail (analysis/tails.py). A spectrum has about ticks x log2(calls) rows (20 per
    tick at a million calls): a sweep of many points gets fewer ticks and tail call numbers a point, so a
    256-point sweep's result stays within a few hundred KB."""
    latency_ns = np.asarray(latency_ns, dtype=np.int64)
    paths = {p.point_no: p for p in rtp.points if p.calls and p.call_rows is not None} if rtp else {}
    share = TAIL_VALUES_PER_RUN // max(1, len(tr.points))
    ticks, call_nos = int(np.clip(share // 40, 1, 5)), int(np.clip(share // 4, 20, 200))
    points = []
    for p in tr.points:
        sel = np.nonzero(tr.measured & (tr.point_no == p))[0]
        path = paths.get(p)
        segment_rows = segments = None
        if path is not None:  # the path's calls as positions among this point's measured calls
            pos = np.searchsorted(sel, path.call_rows)
            ok = (pos < sel.size) & (sel[np.minimum(pos, sel.size - 1)] == path.call_rows) if sel.size else pos < 0
            segment_rows = pos[ok]
            segments = {k: np.asarray(v)[ok] for k, v in path.per_call.items() if np.shape(v) == ok.shape}
        t = point_tails(latency_ns[sel], tr.call_no[sel], segments, segment_rows, (loops or {}).get(p, "closed"),
                        ticks, call_nos)
        points.append({"point_no": p, **t})
    loop = "open" if "open" in (loops or {}).values() else "closed"
    return {"available": True, "unit": "ns", "loop": loop, "points": points}


def _packet_params(params):
    return packet_params(params[min(params)] if params else {})[0]


def _packets(tr: trace_mod.Trace, params) -> dict:
    """The packet model at the run's request sizes, when the run carries the protocol parameters (an RPC run's
    packetisation, or the model's own keys); a socket ping-pong does not, and the result says so. `rtt_vs_size`
    is the data of the DCE paper's Figure 3: per point, the RTT of the threads' first calls (new call handles)
    apart from the later ones, beside the packets the model predicts; `jumps` are the model's boundaries."""
    pp, source = packet_params(params[min(params)] if params else {})
    if pp is None:
        return {"available": False, "reason": "the run reports no protocol parameters (packetisation "
                                              "{header_bytes, packet_data, mtu}, or data_per_rpc_packet and "
                                              "mtu_bytes)"}
    sizes = sorted({int(x) for x in np.unique(tr.request_bytes)})
    return {"available": True, "params": pp.__dict__, "source": source,
            "counts": [count(sz, pp).__dict__ for sz in sizes],
            "jumps": [j.__dict__ for j in jumps(max(sizes, default=0), pp)],
            "rtt_vs_size": _rtt_vs_size(tr, params, pp)}


def _rtt_summary(x: np.ndarray) -> dict:
    if x.size == 0:
        return {"count": 0, "mean_ns": None, "median_ns": None}
    return {"count": int(x.size), "mean_ns": float(x.mean()), "median_ns": float(np.median(x))}


def _rtt_vs_size(tr: trace_mod.Trace, params, pp) -> list[dict]:
    ok = (tr.flags & trace_mod.FLAG_ERROR) == 0
    first = ok & ((tr.flags & trace_mod.FLAG_FIRST) != 0)
    rows = []
    for p in tr.points:
        in_p = tr.point_no == p
        later = tr.rtt_ns[in_p & tr.measured]
        size = int(params[p].get("request_bytes", tr.request_bytes[in_p][0]))
        c = count(size, pp)
        rows.append({"point_no": p, "request_bytes": size, "label": call_label({**params[p], "request_bytes": size}),
                     "threads": int(params[p].get("threads", 1)), "think_ns": think_ns(params[p]),
                     "rpc_packets": c.rpc_packets, "network_packets": c.network_packets,
                     "first_calls": _rtt_summary(tr.rtt_ns[in_p & first]), "later_calls": _rtt_summary(later)})
    return rows


# the four timestamps from a ping-pong call's steps: client send enter, server's wait for the request ended
# (first bytes in), server send enter, client's wait for the reply ended
CLOCK_STEPS = (message_step("pingpong", "client", "sends", "request"),
               message_step("pingpong", "server", "awaits", "request"),
               message_step("pingpong", "server", "sends", "reply"),
               message_step("pingpong", "client", "awaits", "reply"))


def clock_analysis(tr: trace_mod.Trace, same_clock: bool) -> dict:
    """The `clock` analysis: the server's clock as a line of the client's (analysis/clock_align.py), from the
    measured calls' four timestamps."""
    if tr.server_recv_ns is not None and np.any(tr.server_recv_ns > 0):
        # RPC calls carry the four timestamps themselves (Sites' RPC log): client send, server receive and
        # send (server clock), client receive = start + RTT
        ok = tr.measured & (tr.server_recv_ns > 0) & (tr.server_send_ns > 0)
        a = align(tr.start_ns[ok], tr.server_recv_ns[ok], tr.server_send_ns[ok], tr.start_ns[ok] + tr.rtt_ns[ok],
                  same_clock=same_clock)
        if a is None:
            return {"available": False, "reason": "no call has all four timestamps"}
        return _clock_result(a, same_clock, "calls")
    cols = [tr.col(c) for c in CLOCK_STEPS]
    if any(c is None for c in cols):
        return {"available": False, "reason": "the four timestamps need steps " + ", ".join(map(str, CLOCK_STEPS))}
    ok = tr.measured
    for c in cols:
        ok &= tr.count[:, c] > 0
    a = align(tr.first[ok, cols[0]], tr.last[ok, cols[1]], tr.first[ok, cols[2]], tr.last[ok, cols[3]],
              same_clock=same_clock)
    if a is None:
        return {"available": False, "reason": "no call has all four timestamps"}
    return _clock_result(a, same_clock, "steps")


def _clock_result(a, same_clock: bool, source: str) -> dict:
    """With one clock the offset and drift are 0, not what the fit says: the fit's values are kept apart as the
    method's own error, so no view can show them as an offset between the agents."""
    out = {"available": True, "same_clock": same_clock, "source": source, **a.as_dict(),
           "fit_offset_ns": a.offset_ns, "fit_drift_ppm": a.drift_ppm}
    if same_clock:
        out.update(offset_ns=0.0, drift_ppm=0.0)
    return out


def _unloaded(by_point, params) -> list[int]:
    """The points a size sweep is read from: per request size, the least loaded one (fewest threads, least think
    time, default protection first), so a threads x think sweep does not mix load into the unit costs."""
    best: dict[int, int] = {}
    for p in sorted(by_point, key=lambda p: (params[p].get("threads", 1), think_ns(params[p]),
                                             call_label(params[p]) != f"{int(params[p].get('request_bytes', 0))} B",
                                             p)):
        best.setdefault(int(params[p].get("request_bytes", 0)), p)
    return sorted(best.values())


def _unit_cost(by_point, params, step_counts: dict[int, list[dict]]) -> dict:
    pts = _unloaded(by_point, params)
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
    rows, groups, per_point = [], {}, {}
    for p in tr.points:
        sel = measured & (tr.point_no == p)
        if sel.sum() < 2:
            continue
        start, end = tr.start_ns[sel], tr.start_ns[sel] + tr.rtt_ns[sel]
        per_call = float((tr.request_bytes[sel] + tr.response_bytes[sel]).mean())
        t = throughput(int(sel.sum()), float(end.max() - start.min()) / 1e9, per_call)
        # caller threads that completed calls, from the calls' thread column (RPC runs; ping-pong has one)
        seen = int(np.unique(tr.thread[sel]).size) if tr.thread is not None else 1
        rows.append({"point_no": p, "threads": int(params[p].get("threads", 1)), "threads_seen": seen,
                     "think_ns": think_ns(params[p]), "label": call_label(params[p]),
                     "request_bytes": int(tr.request_bytes[sel][0]), **t.__dict__,
                     "calls_per_s_per_thread": t.calls_per_s / seen})
        size = int(tr.request_bytes[sel][0])
        groups.setdefault(size, []).append(tr.rtt_ns[sel])
        per_point[p] = {"x": tr.request_bytes[sel], "y": tr.rtt_ns[sel]}
    out = {"throughput": rows, "anova": None, "regression": None, "regression_groups": [],
           "ratios": _ratios(tr, params)}
    if len(groups) >= 2:
        # the size's effect compares like with like: one fit per group of points sharing every other swept setting
        held = _swept_besides_size(params, per_point)
        out["regression_groups"] = regressions_by_group(
            {p: {**v, "params": {k: params[p].get(k) for k in held}} for p, v in per_point.items()})
        if len(out["regression_groups"]) == 1:  # only the size varies: the one fit and the ANOVA are the run's
            out["regression"] = out["regression_groups"][0]["fit"]
            out["anova"] = one_way_anova([np.concatenate(g) for g in groups.values()]).as_dict()
        else:  # across sizes alone it would pool points that differ in the rest; within a group of two sizes the
            # ANOVA's F is the square of the group's slope t: the per-group fits say it
            out["reason"] = (f"the points differ in {', '.join(map(setting_text, held))} as well as in request size, so one ANOVA "
                             "across sizes would pool them; the regression fits each group of like points")
    else:
        out["reason"] = "ANOVA and regression need two or more request sizes"
    return out


def _swept_besides_size(params, points) -> list[str]:
    """The settings that differ between the measured points, the request size (and a reply that follows it) aside."""
    keys = sorted({k for p in points for k in params[p]} - {"request_bytes", "point_no"})
    swept = [k for k in keys if len({repr(params[p].get(k)) for p in points}) > 1]
    follows = all(params[p].get("response_bytes") == params[p].get("request_bytes") for p in points)
    return [k for k in swept if not (k == "response_bytes" and follows)]


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
