"""What-if (DCE RPC paper, section 5: "how much faster the RPC would be if certain improvements were made"):
scale chosen segments of the round trip path and predict the RTT and a caller's throughput. The path is taken
as fixed: scaling a segment that lies beside the path changes nothing until it would become critical, which
this first-order model does not follow."""

from dataclasses import asdict, dataclass

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

    def as_dict(self) -> dict:
        return asdict(self)


def what_if(segments: list[dict], scales: dict[str, float], think_ns: float = 0.0) -> WhatIf:
    """segments: name, kind (step|transit|gap), mean_on_path_ns; scales: segment name, step code (as text) or a
    group (network = every transit, untimed = every gap) -> factor. One caller thread: calls/s = 1 / (RTT + think)."""
    for key, f in scales.items():
        if not (f >= 0):
            raise ValueError(f"scale for {key!r} must be a non-negative number (got {f})")
    used = set()
    changes, base, new = [], 0.0, 0.0
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
    rate = lambda rtt: 1e9 / (rtt + think_ns) if rtt + think_ns > 0 else 0.0
    return WhatIf(base, new, base / new if new > 0 else float("inf"), rate(base), rate(new), changes,
                  sorted(set(scales) - used))
