"""What a periodic stall does to latency from the intended send (issue 32, item 5): the physics an open-loop run
is checked against, and the reason a closed loop hides it.

One caller (one schedule), calls intended every g = 1/rate, each served in b; every K-th call stalls S more (the
server busy elsewhere: a GC pause, a flush). The stalled call leaves at S + b; the j-th call after it, intended at
j g, leaves at S + b + j b while the backlog lasts, so its latency is S + b - j (g - b) until that falls to b. Over
one period of K calls (T = K g) the share of calls slower than x is (S + b - x) / (K (g - b)), so

    x_p = S + b - (1 - p) T (1 - rate b)        while (1 - p) K (g - b) <= S.

A closed loop with the same rate (think g - b after each reply) has one slow call per stall: its p99 stays near b
as long as fewer than 1 % of its calls stall — the coordinated omission."""

import numpy as np


def period_latencies_ns(rate_per_s: float, base_ns: float, stall_ns: float, every: int) -> np.ndarray:
    """The latencies of one period's K calls, the stalled one first (exact for constant arrivals)."""
    g = 1e9 / rate_per_s
    if base_ns >= g:
        raise ValueError(f"base_ns ({base_ns:.0f}) must be below the gap between calls ({g:.0f} ns): the caller "
                         "cannot keep the rate even without a stall")
    j = np.arange(every, dtype=np.float64)
    return np.maximum(base_ns, stall_ns + base_ns - j * (g - base_ns))


def open_loop_percentile_ns(p: float, rate_per_s: float, base_ns: float, stall_ns: float, every: int) -> float:
    """The p-quantile (0 < p < 1) of latency from the intended send under the periodic stall; a period's latencies
    repeat, so it is the quantile of one period's (the lower order statistic at rank ceil(p K), as counted)."""
    lat = np.sort(period_latencies_ns(rate_per_s, base_ns, stall_ns, every))
    return float(lat[min(lat.size - 1, int(np.ceil(p * lat.size)) - 1)])


def fluid_percentile_ns(p: float, rate_per_s: float, base_ns: float, stall_ns: float, every: int) -> float:
    """The closed form above (the continuous approximation of open_loop_percentile_ns)."""
    period_ns = every * 1e9 / rate_per_s
    return max(base_ns, stall_ns + base_ns - (1 - p) * period_ns * (1 - rate_per_s * base_ns / 1e9))
