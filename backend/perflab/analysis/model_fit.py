"""The model of a run against its measurement (case study, section 4; issue 13, items 3-5): each call kind's
demands measured at its 1-thread, no-think point (base_points) predict every point of that kind, by MVA with the
residual-service correction of each device's measured variability (mva_residual; exact MVA kept beside it as
`model_exact`). The model's band is its prediction with the base point's demands at the ends of the base's 95%
confidence interval, widened by the model's tolerance (run param model_tolerance_pct, 10% by default); a point is
an anomaly only when its measured mean's 95% interval excludes that band, and a flag names the device and the step that grew against the base and the calls that went through slow-start."""

from dataclasses import replace

import numpy as np

from perflab.analysis import trace as trace_mod
from perflab.analysis.demands import steady_calls
from perflab.analysis.model_vs_measured import SLOW_START_SHARE, Row, compare
from perflab.analysis.mva import Network, exact
from perflab.analysis.mva_multiserver import server_pool
from perflab.analysis.mva_residual import solve
from perflab.analysis.rpc_inputs import call_label, think_ns
from perflab.analysis.simulate import simulate
from perflab.analysis.stats import mean_ci95

MS = 1e-6  # the case study's unit
# How far measurement may stray from a correct model before it is an anomaly, beyond the base point's noise: the
# model's own structural error. The case study's analytic and simulation models agreed within 12%, and its fixed
# system's errors had a standard deviation of 6.3% (section 4.3-4.4); 10% is the agreement issue 13 asks of the lab.
MODEL_TOLERANCE_PCT = 10.0
C_SENDMSG, C_BIND = 15, 11


def base_points(by_point, params) -> dict[str, dict]:
    """Per call kind (size, protection, cache): the point whose demands predict its rows. The case study's method
    is the kind's 1-thread, no-think point; a run without one (launched before the lab added it) falls back to
    the least-loaded point, and says so (`loaded`), since its demands then hold queueing."""
    out: dict[str, dict] = {}
    for p in sorted(by_point, key=lambda p: (params[p].get("threads", 1), think_ns(params[p]), p)):
        label = call_label(params[p])
        if label in out:
            continue
        threads, think = int(params[p].get("threads", 1)), think_ns(params[p])
        loaded = threads != 1 or think > 0
        out[label] = {"point_no": p, "loaded": loaded, "note": (
            f"no 1-thread, no-think point of {label}: demands taken from the least-loaded point {p} ({threads} "
            f"thread(s), think {think / 1e6:g} ms), whose times include queueing" if loaded else "")}
    return out


def _ci(x: np.ndarray) -> tuple[float, float]:
    """The same 95% interval of the mean as every other view shows (analysis.stats.mean_ci95)."""
    return mean_ci95(x)


def _network(d, think: float, scale: float = 1.0) -> Network:
    return Network.build([x.device for x in d], [x.kind for x in d], [[x.total_ns * scale for x in d]], [think],
                         [[x.phase2_ns * scale for x in d]], servers=[x.servers for x in d])


SIM_REASON = ("emulated 1995 hosts (host_packet_us) on an emulated wire: every station serves a packet for a fixed "
              "time (the host's µs per packet, the frame's bytes ÷ rate), a deterministic pipeline whose queueing "
              "MVA's product form over-predicts even with the residual-service correction (model_mva); the model "
              "is the constant-service simulation of the same network (simulate.py), MVA kept beside it")


def _simulated(net: Network, threads: int) -> float:
    """Mean response of the constant-service simulation; one caller never queues (the sum of its demands). About 800
    cycles per caller, the same seed for a point and its band (common random numbers)."""
    if threads <= 1:
        return float(exact(net, [1]).response[0])
    cycle = float(net.think[0] + net.demands[0].sum())
    return float(simulate(net, [threads], 800 * cycle, 20 * cycle, seed=1, service="constant").response[0])


def _growth(point_d, base_d) -> dict | None:
    """The device whose on-path demand grew most against the base point, and within it the segment (a step, a
    gap, or a transit's part) that grew most, in ns."""
    def phase1(ds):
        return {x.device: x.total_ns - x.phase2_ns for x in ds}

    def parts(x):
        return {(s["segment"], s["part"]): s["mean_ns"] for s in x.sources}

    now, then = phase1(point_d), phase1(base_d)
    grew = {k: v - then.get(k, 0.0) for k, v in now.items()}
    if not grew:
        return None
    dev = max(grew, key=grew.get)
    mine = parts(next(x for x in point_d if x.device == dev))
    old = parts(next((x for x in base_d if x.device == dev), point_d[0])) if dev in then else {}
    steps = {k: v - old.get(k, 0.0) for k, v in mine.items()}
    seg, part = max(steps, key=steps.get) if steps else (None, None)
    return {"device": dev, "device_ns": grew[dev], "step": seg, "part": part,
            "step_ns": steps.get((seg, part), 0.0)}


def _slow_start(tr: trace_mod.Trace, idx: np.ndarray, base_idx: np.ndarray) -> dict:
    """Calls that went through slow-start: a new call handle (c.bind) or more request packets (c.sendmsg runs)
    than the base point's usual call, the small packets a new handle starts with (case study, section 2)."""
    j, jb = tr.col(C_SENDMSG), tr.col(C_BIND)
    sends = tr.count[idx, j] if j is not None else np.zeros(idx.size)
    usual = float(np.median(tr.count[base_idx, j])) if j is not None and base_idx.size else None
    extra = sends > usual if usual is not None else np.zeros(idx.size, bool)
    new = tr.count[idx, jb] > 0 if jb is not None else np.zeros(idx.size, bool)
    return {"calls": int(idx.size), "new_handle": int(new.sum()), "extra_packets": int(extra.sum()),
            "slow_start": int((new | extra).sum()), "usual_packets": usual}


def shared_host_caveat(params: dict, same_host: bool, base_rtts: list[np.ndarray]) -> str | None:
    """Why the model says little on loopback: both agents (their caller threads, executors and uploaders) and the
    backend share one host's few CPUs, so a call's time depends on the host's scheduling more than on its own
    demands; the spread of the base points' RTTs shows it. None when the agents talk over a link."""
    if not same_host or (params.get("link") or {}).get("profile") != "loopback":
        return None
    cpus = params.get("server_cpus")
    cvs = [float(x.std() / x.mean()) for x in base_rtts if x.size > 1 and x.mean() > 0]
    spread = f"; the base points' RTTs vary with a coefficient of variation of {max(cvs):.2f}" if cvs else ""
    return (f"the model may not apply here: both agents and the backend share this host's "
            f"{cpus if cpus else 'few'} CPUs on loopback, so calls wait for the host's scheduler as much as for "
            f"their own demands{spread} (a wire's is near 0). For the case study launch on ethernet-10m, an "
            f"emulated wire between the lab's namespaces")


def _base_rtts(rtp, emulated: bool) -> np.ndarray:
    """The base point's RTTs its demands were measured on (between emulated hosts the stalls left out, as in
    demands.service_demands)."""
    x = rtp.call_rtt_ns if rtp.call_rtt_ns is not None else np.array([rtp.measured_rtt_ns])
    keep = steady_calls(x) if emulated else None
    return x if keep is None else x[keep]


def model_vs_measured(by_point, demands, params, tr: trace_mod.Trace, same_host: bool = False,
                      tolerance_pct: float = MODEL_TOLERANCE_PCT) -> dict:
    if not 0 <= tolerance_pct <= 100:
        raise ValueError(f"model_tolerance_pct must be between 0 and 100 % (got {tolerance_pct})")
    base = base_points(by_point, params)
    pool = server_pool(params[min(params)] if params else {})
    emulated = int((params[min(params)] if params else {}).get("host_packet_us") or 0) > 0
    rows, single, extra = [], [], []
    for p, rtp in sorted(by_point.items()):
        b = base[call_label(params[p])]["point_no"]
        d = demands[b].demands
        threads, z = int(params[p].get("threads", 1)), think_ns(params[p])
        cv2 = [x.cv2 if x.kind == "queue" else None for x in d]
        net = _network(d, z)
        model_mva = float(solve(net, [threads], cv2).response[0])
        model_exact = float(exact(net, [threads]).response[0])
        predict = ((lambda n: _simulated(n, threads)) if emulated
                   else (lambda n: float(solve(n, [threads], cv2).response[0])))
        model = _simulated(net, threads) if emulated else model_mva
        # the model's band: the base's demands at the ends of its own mean RTT's 95% interval (the inputs' noise),
        # widened by the model's tolerance (its structural error)
        base_rtt = _base_rtts(by_point[b], emulated)
        lo, hi = _ci(base_rtt) if base_rtt.size > 1 else (1.0, 1.0)
        mean_b = float(base_rtt.mean()) if base_rtt.size > 1 else 1.0
        inputs = sorted(predict(_network(d, z, f)) for f in (lo / mean_b, hi / mean_b))
        band = [inputs[0] * (1 - tolerance_pct / 100), inputs[1] * (1 + tolerance_pct / 100)]
        single.append(float(exact(replace(net, servers=None), [threads]).response[0]) * MS)
        sel = tr.measured & (tr.point_no == p)
        x = tr.rtt_ns[sel].astype(np.float64)
        ci = _ci(x)
        rows.append(Row(call_label(params[p]), threads, z * MS, model * MS, float(x.mean()) * MS,
                        float(x.std(ddof=1)) * MS if x.size > 1 else None,
                        {s.name: s.mean_on_path_ns * MS for s in rtp.segments},
                        measured_ci95=(ci[0] * MS, ci[1] * MS), model_band=(band[0] * MS, band[1] * MS),
                        input_band=(inputs[0] * MS, inputs[1] * MS),
                        grew=_ms(_growth(demands[p].demands, d)) if p in demands and p != b else None,
                        slow_start=_slow_start(tr, np.nonzero(sel)[0], np.nonzero(tr.measured & (tr.point_no == b))[0])))
        extra.append({"point_no": p, "base_point_no": b, "base_loaded": base[call_label(params[p])]["loaded"],
                      "model_exact": model_exact * MS, "model_mva": model_mva * MS,
                      "cv2": dict(zip([x.device for x in d], cv2))})
    if not rows:
        return {"available": False, "reason": "no complete calls"}
    out = compare(rows, unit="ms").as_dict()
    bases = sorted({e["base_point_no"] for e in extra})
    caveat = shared_host_caveat(params[min(params)], same_host,
                                [tr.rtt_ns[tr.measured & (tr.point_no == b)].astype(np.float64) for b in bases])
    for r, e in zip(out["rows"], extra):
        r.update(e, detectable_pct=detectable_pct(r))
    n = len(rows)
    mean_abs = sum(abs(r["percent_error"]) for r in out["rows"]) / n
    exact_abs = sum(abs((r["measured"] - r["model_exact"]) * 100.0 / r["measured"]) for r in out["rows"]) / n
    single_abs = sum(abs((r.measured - m) * 100.0 / r.measured) for r, m in zip(rows, single)) / n
    return {"available": True, "unit": "ms", **out, "table": table2(out["rows"]),
            "method": (f"constant-service simulation: {SIM_REASON}; model_mva: MVA with the residual-service "
                       "correction; model_exact: exact MVA (exponential service)") if emulated else
                      ("MVA with each queueing device's residual service from its measured cv2 (mva_residual); "
                       "model_exact: exact MVA (exponential service) beside it"),
            "simulated": emulated,
            "mva_mean_abs_percent_error": sum(abs((r["measured"] - r["model_mva"]) * 100.0 / r["measured"])
                                              for r in out["rows"]) / len(rows),
            "tolerance_pct": tolerance_pct,
            "flag_rule": f"anomaly when the measured mean's 95% interval lies outside the model's band: the model at "
                         f"the ends of its base point's 95% interval, widened by the model's tolerance of "
                         f"{tolerance_pct:g}%; or above the band without that tolerance while at least "
                         f"{SLOW_START_SHARE:.0%} of its calls went through slow-start (a cause the trace names)",
            "base_points": [{"label": k, **v} for k, v in base.items()],
            "notes": [v["note"] for v in base.values() if v["loaded"]] + ([caveat] if caveat else []),
            "applies": caveat is None,
            "smallest_detectable_pct": float(np.median([r["detectable_pct"] for r in out["rows"]])),
            "server_cpu_servers": pool, "mean_abs_percent_error": mean_abs,
            "exact_mean_abs_percent_error": exact_abs, "single_server_mean_abs_percent_error": single_abs}


def detectable_pct(row: dict) -> float:
    """The smallest deviation from the model a point can flag, in % of the model: its measured interval's half
    width plus the model band's (the base point's noise carried through the model, and the model's tolerance).
    Less than this, and the two overlap whatever the system did: the run's noise floor, point by point."""
    ci, band = row["measured_ci95"], row["model_band"]
    return float(((ci[1] - ci[0]) + (band[1] - band[0])) / 2 * 100.0 / row["model"])


def _ms(g: dict | None) -> dict | None:
    if g is None:
        return None
    ns = {"device_ns", "step_ns"}  # replaced by their ms (a dict display unpacks **g before its pops ran)
    return {**{k: v for k, v in g.items() if k not in ns}, "device_ms": g["device_ns"] * MS, "step_ms": g["step_ns"] * MS}


def table2(rows: list[dict]) -> dict:
    """The case study's Table 2 layout: per call kind, threads and think time, model and measured RTT (ms) with
    the measured standard deviation and % error; anomalies marked."""
    cols = ["calls", "threads", "think (ms)", "model (ms)", "measured (ms)", "std (ms)", "% error", "anomaly"]
    body = [[r["label"], r["threads"], round(r["think"], 3), round(r["model"], 4), round(r["measured"], 4),
             None if r["measured_std"] is None else round(r["measured_std"], 4), round(r["percent_error"], 1),
             "; ".join(r["reasons"])] for r in sorted(rows, key=lambda r: (r["label"], r["think"], r["threads"]))]
    return {"columns": cols, "rows": body}
