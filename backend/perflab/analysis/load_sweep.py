"""A load sweep's figures (issue 32, item 2): open-loop points at rising offered rates, read as the hockey stick
(percentiles against offered load), throughput against offered load, the knee, and the model's open-network
prediction beside them.

The prediction is built once, from the demands of the run's closed-loop 1-thread base point (calls back to back:
service alone, warm), else of the least loaded open point, and asked at every offered rate: each queueing device
an M/G/c station fed by Poisson
arrivals at the rate (Pollaczek-Khinchine for c = 1, the Allen-Cunneen approximation for c > 1: Erlang C's wait
scaled by (1 + cv^2) / 2), each delay device its demand. The lab's open loop keeps one schedule per caller (a
ping-pong's connection, an RPC thread's call handle) and a caller makes one call at a time, so a call due while
its caller is still busy waits for it: each caller is itself an M/G/1 queue at rate / callers whose service is the
devices' response (with the base point's RTT cv^2), in front of the devices. With one caller no call
waits at a device (there is never a second one); with several the devices' open waits overstate what a few
callers can make, which the figure says. Nothing is fitted to the loaded points, so where the
measured stick leaves the model the lab has learnt something (a device the demands missed, a lock, a burst).

The knee is stated from the measurements alone: the first rate whose p99 exceeds KNEE_FACTOR times the least
loaded point's, or whose throughput falls below KEPT of the offered rate (the system stopped keeping up)."""

import math
from dataclasses import dataclass

import numpy as np

from perflab.analysis.open_loop import loop_of, schedule
from perflab.analysis.plain import as_plain

KNEE_FACTOR = 2.0
KEPT = 0.95


@dataclass(frozen=True)
class Station:
    device: str
    kind: str  # queue | delay
    demand_ns: float  # phase one: on the caller's path
    total_ns: float  # phase one and two: what the device is busy for (its utilisation)
    servers: int = 1
    cv2: float = 1.0


def erlang_c(servers: int, offered: float) -> float:
    """Probability that an arrival waits at an M/M/c station with offered load a = lambda / mu < c (Erlang C),
    by the stable recursion of Erlang B."""
    if offered <= 0:
        return 0.0
    b = 1.0
    for k in range(1, servers + 1):
        b = offered * b / (k + offered * b)
    rho = offered / servers
    return b / (1 - rho + rho * b)


def station_response_ns(s: Station, rate_per_s: float) -> float | None:
    """Mean time a call spends at station s at an offered Poisson rate; None once the station saturates."""
    if s.kind != "queue":
        return s.demand_ns
    lam = rate_per_s / 1e9  # calls per ns
    busy = lam * s.total_ns  # offered load in servers
    if busy >= s.servers:
        return None
    c = max(1, s.servers)
    if c == 1:
        wait = lam * s.total_ns ** 2 * (1 + s.cv2) / (2 * (1 - busy))  # Pollaczek-Khinchine
    else:
        wait = erlang_c(c, busy) * s.total_ns / (c - busy) * (1 + s.cv2) / 2  # Allen-Cunneen
    return wait + s.demand_ns


def saturation_rate(stations: list[Station]) -> float:
    """Calls/s at which the first queueing device is fully busy (the open network's asymptote)."""
    rates = [s.servers * 1e9 / s.total_ns for s in stations if s.kind == "queue" and s.total_ns > 0]
    return min(rates) if rates else math.inf


def devices_ns(stations: list[Station], rate_per_s: float, callers: int = 0) -> float | None:
    """The devices' mean response at an offered rate (open waits; with one caller, their demands alone: no call of
    its own is ever at a device before it); None at or beyond a device's saturation."""
    total = 0.0
    for s in stations:
        r = s.demand_ns if callers == 1 else station_response_ns(s, rate_per_s)
        if r is None:
            return None
        total += r
    return total


def predict_ns(stations: list[Station], rate_per_s: float, callers: int = 0, rtt_cv2: float = 1.0) -> float | None:
    """The mean latency from the intended send at an offered rate: the devices' response behind `callers` M/G/1
    caller queues at rate / callers each (0: the devices alone); None at or beyond saturation."""
    total = devices_ns(stations, rate_per_s, callers)
    if total is None or callers < 1:
        return total
    return station_response_ns(Station("callers", "queue", total, total, 1, rtt_cv2), rate_per_s / callers)


def stations_from_demands(demands: list[dict]) -> list[Station]:
    """Stations from one point's stored demands (analysis/demands.py as_dict): a device without a measured cv2
    is taken as exponential (cv2 = 1), the M/M/c case."""
    out = []
    for d in demands:
        total = float(d["total_ns"])
        if total <= 0:
            continue
        cv2 = d.get("cv2")
        out.append(Station(d["device"], d["kind"], total - float(d.get("phase2_ns") or 0.0), total,
                           int(d.get("servers") or 1), 1.0 if cv2 is None else float(cv2)))
    return out


@dataclass(frozen=True)
class SweepPoint:
    point_no: int
    offered_per_s: float
    achieved_per_s: float
    mean_ns: float
    p50_ns: float
    p99_ns: float
    p999_ns: float | None = None


def _past_the_knee(p: SweepPoint, base_p99: float) -> str | None:
    """Why a point is past the knee (its rate not served, or its p99 beyond KNEE_FACTOR x the base's), or None."""
    served = p.achieved_per_s / p.offered_per_s if p.offered_per_s > 0 else 1.0
    if served < KEPT:
        return f"served only {served * 100:.1f} % of the offered rate"
    if p.p99_ns > KNEE_FACTOR * base_p99:
        return f"had a p99 of {p.p99_ns / 1e3:,.0f} µs, {p.p99_ns / base_p99:.1f}x the least loaded point's"
    return None


def knee(points: list[SweepPoint]) -> dict:
    """Where the stick bends, from measurements alone: the first rate from which every higher rate is past the knee
    (beyond KNEE_FACTOR x the least loaded p99, or less than KEPT of its rate served) and the rate before it. A
    stick bends for good: one noisy p99 with calm rates above it is a blip, named in the sentence, not a knee."""
    pts = sorted(points, key=lambda p: p.offered_per_s)
    if len(pts) < 2:
        return {"found": False, "sentence": "A knee needs at least two offered rates."}
    whys = [_past_the_knee(p, pts[0].p99_ns) for p in pts]
    first = len(pts)
    while first > 0 and whys[first - 1] is not None:
        first -= 1
    blips = [p.offered_per_s for p, why in zip(pts[:first], whys[:first]) if why is not None]
    blip_words = (f" (a rise at {', '.join(f'{r:,.0f}' for r in blips)} calls/s did not last at higher rates)"
                  if blips else "")
    if first == len(pts):
        return {"found": False, "below_per_s": pts[-1].offered_per_s, "above_per_s": None, "reason": None,
                "sentence": f"No knee up to {pts[-1].offered_per_s:,.0f} calls/s: p99 stays within "
                            f"{KNEE_FACTOR:g}x the least loaded point's and the rate is served{blip_words}."}
    p, why = pts[first], whys[first]
    if first == 0:
        return {"found": True, "below_per_s": None, "above_per_s": p.offered_per_s, "reason": why,
                "sentence": f"Already past the knee at the lowest rate, {p.offered_per_s:,.0f} calls/s: {why}."}
    below = pts[first - 1].offered_per_s
    return {"found": True, "below_per_s": below, "above_per_s": p.offered_per_s, "reason": why,
            "sentence": f"The knee lies between {below:,.0f} and {p.offered_per_s:,.0f} calls/s: at "
                        f"{p.offered_per_s:,.0f} the run {why}, and so did every higher rate{blip_words}."}


def load_sweep(points: list[SweepPoint], base_demands: list[dict] | None, callers: int = 1, rtt_cv2: float = 1.0,
               curve_steps: int = 60) -> dict:
    """The sweep's figure data: measured points, the knee, and the model's mean latency from the given (base)
    demands (a dense curve up to just below saturation, and its value at each measured rate)."""
    pts = sorted(points, key=lambda p: p.offered_per_s)
    out = {"available": len(pts) >= 1, "points": [as_plain(p) for p in pts], "knee": knee(pts), "model": None}
    stations = stations_from_demands(base_demands or [])
    if not stations or not pts:
        return out
    sat = saturation_rate(stations)
    # the callers saturate when rate / callers reaches 1 / (the devices' response), before any device may
    sat = min(sat, _callers_saturation(stations, callers, sat))
    top = max(p.offered_per_s for p in pts)
    end = min(top * 1.1, sat * 0.98) if math.isfinite(sat) else top * 1.1
    curve = []
    for i in range(curve_steps + 1):
        rate = end * i / curve_steps
        r = predict_ns(stations, rate, callers, rtt_cv2)
        if r is not None:
            curve.append({"offered_per_s": rate, "mean_ns": r})
    at_points = []
    for p in pts:
        r = predict_ns(stations, p.offered_per_s, callers, rtt_cv2)
        at_points.append({"point_no": p.point_no, "offered_per_s": p.offered_per_s, "model_mean_ns": r,
                          "error_pct": None if r is None else (p.mean_ns - r) / r * 100})
    out["model"] = {"from_point": pts[0].point_no, "saturation_per_s": None if math.isinf(sat) else sat,
                    "callers": callers, "rtt_cv2": rtt_cv2,
                    "stations": [as_plain(s) for s in stations], "curve": curve, "at_points": at_points}
    return out


def _callers_saturation(stations: list[Station], callers: int, device_sat: float) -> float:
    """The rate at which the callers' queues saturate, rate = callers / R(rate), found by bisection below the
    devices' saturation (R grows with the rate, so the gap closes once)."""
    if callers < 1:
        return math.inf
    lo, hi = 0.0, device_sat if math.isfinite(device_sat) else 1e9
    for _ in range(80):
        mid = (lo + hi) / 2
        r = devices_ns(stations, mid, callers)
        if r is not None and mid / callers * r / 1e9 < 1:
            lo = mid
        else:
            hi = mid
    return lo


def run_load_sweep(tr, params: dict[int, dict], tails: dict, demands: dict) -> dict:
    """The `load` kind of a run (analysis/run_analyses.py): its open-loop points (those with a rate) as the sweep,
    each with how well the agent kept its schedule (analysis/open_loop.py), the percentiles of its latency from the
    intended send (the tails kind's), and the model from its base point's demands (_model_base)."""
    open_points = sorted((p for p in tr.points if loop_of(params.get(p, {})) == "open"),
                         key=lambda p: params[p]["rate_calls_s"])
    if not open_points:
        return {"available": False, "reason": "no open-loop point: launch arrivals at a rate to draw latency "
                                              "against offered load"}
    by_point = {t["point_no"]: t for t in tails.get("points", [])}
    lag = tr.send_lag_ns if tr.send_lag_ns is not None else np.zeros_like(tr.rtt_ns)
    thread = tr.thread if tr.thread is not None else np.zeros_like(tr.rtt_ns)
    points, schedules = [], []
    for p in open_points:
        pp = params[p]
        paced = (tr.point_no == p) & ((tr.flags & 4) == 0)  # every call the schedule sent (warm-up too), no error
        kept = schedule(tr.start_ns[paced], lag[paced], thread[paced], pp["rate_calls_s"], pp.get("arrival", "constant"))
        schedules.append({"point_no": p, **kept})
        rows = {r["name"]: r for r in by_point.get(p, {}).get("percentiles", [])}
        pct = {k: r["value_ns"] for k, r in rows.items()}
        # p99.9 is drawn only where the calls bound it (3,688 of them): of 300 calls it is their slowest, not p99.9
        if rows.get("p99.9", {}).get("ci_high_ns") is None:
            pct["p99.9"] = None
        sel = tr.measured & (tr.point_no == p)
        if not sel.any() or pct.get("p99") is None:
            continue
        points.append(SweepPoint(p, float(pp["rate_calls_s"]), float(kept["achieved_calls_s"] or 0.0),
                                 float(tr.latency_ns[sel].mean()), float(pct["p50"]), float(pct["p99"]),
                                 None if pct.get("p99.9") is None else float(pct["p99.9"])))
    if not points:
        return {"available": False, "reason": "no open-loop point has measured calls"}
    base = _model_base(tr.points, params, points[0].point_no)
    base_demands = next((d["demands"] for d in demands.get("points", []) if d["point_no"] == base), None)
    base_rtt = tr.rtt_ns[tr.measured & (tr.point_no == base)].astype(np.float64)
    rtt_cv2 = float(base_rtt.var() / base_rtt.mean() ** 2) if base_rtt.size > 1 and base_rtt.mean() > 0 else 1.0
    callers = int(params[points[0].point_no].get("threads") or 1)
    out = load_sweep(points, base_demands, callers, rtt_cv2)
    if out["model"]:
        out["model"]["from_point"] = base
    return {**out, "loop": "open", "schedules": schedules}


def _model_base(all_points: list[int], params: dict[int, dict], least_loaded: int) -> int:
    """Whose demands build the model: the run's closed-loop 1-thread point without think time of the sweep's call
    kind (the lab adds it to every RPC sweep: calls back to back, warm caches, no idle phase booked as work), else the
    least loaded open point. An open point at a low rate pays a wake-up and cold caches per call (measured: p50
    1.24 ms at 500 calls/s, 44.5 µs at 2,000 on this VM) and would make the model saturate below every rate."""
    want = params[least_loaded]
    for p in all_points:
        q = params.get(p, {})
        if (loop_of(q) == "closed" and int(q.get("threads") or 1) == 1 and not q.get("think_time_us")
                and all(q.get(k) == want.get(k) for k in ("request_bytes", "protection", "cache"))):
            return p
    return least_loaded
