"""Bounds on a closed network's mean response time that no model may cross (issue 30, item 2).

Asymptotic bounds (Denning & Buzen's operational laws; Lazowska et al., Quantitative System Performance, ch. 5),
for one class of N callers with think time Z, on-path demand D1_k (phase one) and total demand D_k (phase two
included: it keeps the station busy) at station k with c_k servers:

  throughput  X <= min(N / (Z + sum D1), min_k c_k / D_k)         the utilisation law, U_k <= c_k
  response    R >= max(sum D1, N max_k(D_k / c_k) - Z - sum D2)   Little's law on the line above
  response    R <= sum D1 + sum_queue ((N - 1) D_k max(1, (1 + cv2_k) / 2) + D2_k)

A caller's phase two (D2 = D - D1) may be work its own thread does after the call (the client's), which then
lengthens its cycle like think time; the lower bound allows for that, so it holds both where phase two is the
caller's and where it is a server's (the paper's two-phase stations). The lower bounds hold for any service
distribution and scheduling that does not idle a server with work waiting. The upper one charges a caller every
other caller ahead at each queue, the one in service with its mean residual ((1 + cv2) / 2 of a service, which
exceeds a whole one when cv2 > 1), one server, and its own phase two, in every call.

Balanced job bounds (ibid., section 5.4) are tighter, but only for separable (product-form) networks: single
servers, no phase two, exponential service. A deterministic pipeline crosses them (two balanced constant stations
of D and two callers: R = 2D, below their lower bound 2D + D / (1 + Z/2D)), so they bound exact MVA only and the
lab draws them as that, not as limits on the system."""

from dataclasses import dataclass

import numpy as np

from perflab.analysis.mva import QUEUE, Network


@dataclass(frozen=True)
class Bounds:
    lower: float  # the mean response time no closed system of these demands can beat
    upper: float
    throughput_max: float
    bottleneck: str  # the station with the largest D_k / c_k
    balanced: tuple[float, float] | None  # balanced job bounds on R, where the network is separable

    def clamp(self, r: float) -> float:
        return float(min(max(r, self.lower), self.upper))

    def as_dict(self) -> dict:
        return {"lower": self.lower, "upper": self.upper, "throughput_max": self.throughput_max,
                "bottleneck": self.bottleneck,
                "balanced_lower": self.balanced[0] if self.balanced else None,
                "balanced_upper": self.balanced[1] if self.balanced else None}

    def scaled(self, f: float) -> "Bounds":
        """The same bounds in another unit (times f; throughput / f)."""
        return Bounds(self.lower * f, self.upper * f, self.throughput_max / f if f else self.throughput_max,
                      self.bottleneck, None if self.balanced is None else (self.balanced[0] * f, self.balanced[1] * f))


def response_bounds(net: Network, n: int, cv2=None, cls: int = 0) -> Bounds:
    """Bounds of class cls's mean response with n callers of that class (the only class: the lab's model of a
    point has one)."""
    if net.demands.shape[0] != 1:
        raise ValueError("response_bounds takes a one-class network")
    if n < 1:
        raise ValueError("n must be at least 1 caller")
    d = net.demands[cls]
    d1 = d - net.phase2[cls]
    z = float(net.think[cls])
    K = d.size
    c = np.array(net.servers or (1,) * K, dtype=float)
    is_q = np.array([k == QUEUE for k in net.kinds])
    c2 = np.ones(K) if cv2 is None else np.array([1.0 if v is None else float(v) for v in cv2])
    per_server = np.where(is_q, d / c, 0.0)
    k_max = int(np.argmax(per_server))
    path = float(d1.sum())
    x_max = min(n / (z + path) if z + path > 0 else np.inf, 1.0 / per_server[k_max] if per_server[k_max] > 0 else np.inf)
    own_phase2 = float(net.phase2[cls].sum())
    lower = max(path, n * float(per_server[k_max]) - z - own_phase2)
    upper = path + float(np.sum(np.where(is_q, (n - 1) * d * np.maximum(1.0, (1.0 + c2) / 2.0) + (d - d1), 0.0)))
    return Bounds(lower, max(upper, lower), float(x_max), net.stations[k_max], _balanced(net, n, d, is_q, z))


def _balanced(net: Network, n: int, d: np.ndarray, is_q: np.ndarray, z: float) -> tuple[float, float] | None:
    """Balanced job bounds for a terminal workload (Lazowska et al., section 5.4), over its queueing stations
    (delay stations add their demand); None where the network is not separable."""
    if net.servers and any(s != 1 for s in net.servers) or np.any(net.phase2 > 0) or not is_q.any():
        return None
    q = d[is_q]
    delay = float(d[~is_q].sum())
    total, d_max, d_avg = float(q.sum()), float(q.max()), float(q.mean())
    if total <= 0:
        return None
    # the delay stations' time is part of every cycle, like think time, for the queueing stations
    zq = z + delay
    lo = max(n * d_max - zq, total + (n - 1) * d_avg / (1 + zq / total))
    hi = total + (n - 1) * d_max / (1 + zq / (n * total))
    return lo + delay, hi + delay
