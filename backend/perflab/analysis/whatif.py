"""What-if (DCE RPC paper, section 5: "how much faster the RPC would be if certain improvements were made"):
scale chosen segments of the round trip path and predict the RTT and a caller's throughput. The path is taken
as fixed: scaling a segment that lies beside the path changes nothing until it would become critical, which
this first-order model does not follow."""

from dataclasses import dataclass, field

from perflab.analysis.mva import Network, bottleneck, exact
from perflab.analysis.plain import as_plain
from perflab.analysis.rtp_table import STEP_TABLE

GROUPS = {"network": "transit", "untimed": "gap"}  # group names that scale every segment of a kind


@dataclass(frozen=True)
class WhatIf:
    baseline_rtt_ns: float
    predicted_rtt_ns: float
    speedup: float
    baseline_calls_per_s: float
    predicted_calls_per_s: float
    changes: list[dict]  # segment, factor, before_ns, after_ns
    unknown: list[str]  # scale keys that matched no segment
    mva: dict | None = field(default=None)  # with demands and threads: MVA before and after the change

    def as_dict(self) -> dict:
        return as_plain(self)


def _device(seg: dict) -> str:
    if seg["kind"] == "transit":
        return "kernel_network"
    code = seg.get("code")
    if code is not None and code in STEP_TABLE:
        return STEP_TABLE[code].side + "_cpu"
    lanes = seg.get("lanes") or []
    return f"{lanes[0]}_cpu" if lanes and lanes[0] in ("client", "server") else "kernel_network"


def _devices(seg: dict) -> list[tuple[str, float]]:
    """The devices a segment's time is booked to, with shares: a transit split by kernel stamps goes to the
    sender's and receiver's CPUs and the network as its parts (the demands book it so)."""
    parts = seg.get("parts") or []
    total = sum(max(0.0, p["mean_ns"]) for p in parts)
    if seg["kind"] != "transit" or total <= 0:
        return [(_device(seg), 1.0)]
    # the reply's wire time is its own direction's: network_reply where the demands keep the two apart (a duplex
    # wire), merged back into network below otherwise
    wire = "network_reply" if seg["name"].startswith("reply") else "network"
    lane = lambda p: wire if p["lane"] == "network" else p["lane"].split()[0] + "_cpu"  # noqa: E731
    return [(lane(p), max(0.0, p["mean_ns"]) / total) for p in parts]


def what_if(segments: list[dict], scales: dict[str, float], think_ns: float = 0.0, demands: list[dict] | None = None,
            threads: int | None = None) -> WhatIf:
    """segments: name, kind (step|transit|gap), mean_on_path_ns; scales: segment name, step code (as text) or a
    group (network = every transit, untimed = every gap) -> factor. One caller thread: calls/s = 1 / (RTT + think).
    With a point's measured demands (device, kind, total_ns, phase2_ns) and a thread count, each device's demand
    changes by what its segments gained or lost, and exact MVA gives the response time and throughput before and
    after (the case study's model of that point)."""
    for key, f in scales.items():
        if not (f >= 0):
            raise ValueError(f"scale for {key!r} must be a non-negative number (got {f})")
    used = set()
    changes, base, new = [], 0.0, 0.0
    delta: dict[str, float] = {}
    for s in segments:
        t = float(s["mean_on_path_ns"])
        keys = [s["name"], str(s.get("code")) if s.get("code") is not None else None]
        keys += [g for g, kind in GROUPS.items() if s["kind"] == kind]
        factor = 1.0
        for k in keys:
            if k in scales:
                factor *= scales[k]
                used.add(k)
        base += t
        new += t * factor
        if factor != 1.0:
            changes.append({"segment": s["name"], "factor": factor, "before_ns": t, "after_ns": t * factor})
            for dev, share in _devices(s):
                delta[dev] = delta.get(dev, 0.0) + share * t * (factor - 1.0)
    rate = lambda rtt: 1e9 / (rtt + think_ns) if rtt + think_ns > 0 else 0.0  # noqa: E731
    mva = _mva(demands, delta, threads, think_ns) if demands and threads else None
    return WhatIf(base, new, base / new if new > 0 else float("inf"), rate(base), rate(new), changes,
                  sorted(set(scales) - used), mva)


def _mva(demands: list[dict], delta: dict[str, float], threads: int, think_ns: float) -> dict:
    names = [d["device"] for d in demands]
    kinds = [d["kind"] for d in demands]
    p2 = [float(d["phase2_ns"]) for d in demands]
    before = [float(d["total_ns"]) for d in demands]
    if "host_cpu" in names:  # both agents on one host: one CPU station for both roles
        for side in ("client_cpu", "server_cpu"):
            delta["host_cpu"] = delta.get("host_cpu", 0.0) + delta.pop(side, 0.0)
    if "network_reply" in delta and "network_reply" not in names:  # one network station for both directions
        delta["network"] = delta.get("network", 0.0) + delta.pop("network_reply")
    if "kernel_network" in delta and "network" in names and "kernel" not in names:
        delta["network"] = delta.get("network", 0.0) + delta.pop("kernel_network")
    if "kernel_network" in delta and "kernel_network" not in names:  # older demands: kernel and network
        split = {n: before[i] for i, n in enumerate(names) if n in ("kernel", "network")}
        total = sum(split.values())
        change = delta.pop("kernel_network")
        for n, v in split.items():
            delta[n] = delta.get(n, 0.0) + (change * v / total if total > 0 else change / len(split))
    after = [max(p2[i], before[i] + delta.get(n, 0.0)) for i, n in enumerate(names)]
    out = {"threads": threads}
    for label, dem in (("baseline", before), ("predicted", after)):
        net = Network.build(names, kinds, [dem], [think_ns], [p2], servers=[d.get("servers", 1) for d in demands])
        r = exact(net, [threads])
        out[f"{label}_response_ns"] = float(r.response[0])
        out[f"{label}_calls_per_s"] = float(r.throughput[0]) * 1e9
        out[f"{label}_bottleneck"] = bottleneck(net, r)
    return out
