"""Unit-cost model (DCE RPC paper, section 4.3.2): each step's time fitted as a + b * bytes over a size sweep
(the paper's Tmemcpy(S) = 0.029 S), then the RTT of any size predicted as the sum of the on-path segments' fits,
and compared with the measured curve, % error = (measured - predicted) * 100 / measured per size."""

from dataclasses import asdict, dataclass

import numpy as np


@dataclass(frozen=True)
class UnitCost:
    name: str
    a_ns: float  # fixed cost
    b_ns_per_byte: float
    r2: float | None  # None with fewer than three sizes or no spread
    sizes: int


@dataclass(frozen=True)
class SizeRow:
    request_bytes: int
    predicted_ns: float
    measured_ns: float
    percent_error: float | None


@dataclass(frozen=True)
class UnitCostResult:
    costs: list[UnitCost]
    rows: list[SizeRow]
    note: str

    def as_dict(self) -> dict:
        return asdict(self)

    def predict(self, size: float) -> float:
        return float(sum(c.a_ns + c.b_ns_per_byte * size for c in self.costs))


def fit_line(sizes, times_ns, name: str = "") -> UnitCost:
    x = np.asarray(sizes, dtype=np.float64)
    y = np.asarray(times_ns, dtype=np.float64)
    if x.size == 0:
        raise ValueError("fit_line needs at least one size")
    if x.size == 1 or np.ptp(x) == 0:
        return UnitCost(name, float(y.mean()), 0.0, None, int(np.unique(x).size))
    b, a = np.polyfit(x, y, 1)
    ss_tot = float(((y - y.mean()) ** 2).sum())
    r2 = 1.0 - float(((y - (a + b * x)) ** 2).sum()) / ss_tot if ss_tot > 0 and x.size > 2 else None
    return UnitCost(name, float(a), float(b), r2, int(np.unique(x).size))


def unit_costs(sizes, segments: dict[str, list[float]], measured_rtt_ns) -> UnitCostResult:
    """sizes: request bytes of each point; segments: on-path mean (ns) of each segment at each point;
    measured_rtt_ns: mean RTT at each point."""
    sizes = np.asarray(sizes, dtype=np.float64)
    costs = [fit_line(sizes, v, name) for name, v in segments.items()]
    res = UnitCostResult(costs, [], "")
    rows = []
    for s, m in zip(sizes, measured_rtt_ns):
        pred = res.predict(s)
        rows.append(SizeRow(int(s), pred, float(m), (float(m) - pred) * 100.0 / float(m) if m else None))
    note = ("one size only: fixed costs, no per-byte slope" if np.unique(sizes).size < 2
            else "per-segment least-squares lines; untimed gaps count as segments")
    return UnitCostResult(costs, rows, note)
