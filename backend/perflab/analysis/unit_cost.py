"""Unit-cost model (DCE RPC paper, section 4.3.2): each step's time fitted as a + b * bytes over a size sweep
(the paper's Tmemcpy(S) = 0.029 S), then the RTT of any size predicted as the sum of the on-path segments' fits,
and compared with the measured curve, % error = (measured - predicted) * 100 / measured per size."""

from dataclasses import dataclass

import numpy as np

from perflab.analysis.plain import as_plain


@dataclass(frozen=True)
class UnitCost:
    name: str
    a_ns: float  # fixed cost (per execution when per_execution)
    b_ns_per_byte: float
    r2: float | None  # None with fewer than three sizes or no spread
    sizes: int
    per_execution: bool = False  # fitted per run of the step against the bytes of one run; times count(S)


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
        return as_plain(self)

    def predict(self, size: float, count_of=None) -> float:
        """count_of(name, size): how many times a per-execution step runs at that size."""
        total = 0.0
        for c in self.costs:
            if c.per_execution and count_of is not None:
                n = max(count_of(c.name, size), 1e-9)
                total += n * (c.a_ns + c.b_ns_per_byte * size / n)
            else:
                total += c.a_ns + c.b_ns_per_byte * size
        return float(total)


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


def unit_costs(sizes, segments: dict[str, list[float]], measured_rtt_ns, counts: dict[str, list[float]] | None = None,
               count_of=None) -> UnitCostResult:
    """sizes: request bytes of each point; segments: on-path mean (ns) of each segment at each point;
    measured_rtt_ns: mean RTT at each point. counts: for steps that run several times in a call (one send per
    packet), their mean runs per call at each point: they are fitted per execution against the bytes of one
    execution, and predicted as count(S) x (a + b S / count(S)) — the paper's unit cost x times performed, with
    count(S) from count_of(name, S) (the packet model) or else interpolated between the measured sizes."""
    sizes = np.asarray(sizes, dtype=np.float64)
    counts = counts or {}
    costs = []
    for name, v in segments.items():
        if name in counts:
            n = np.maximum(np.asarray(counts[name], dtype=np.float64), 1e-9)
            c = fit_line(sizes / n, np.asarray(v, dtype=np.float64) / n, name)
            costs.append(UnitCost(c.name, c.a_ns, c.b_ns_per_byte, c.r2, c.sizes, True))
        else:
            costs.append(fit_line(sizes, v, name))
    order = np.argsort(sizes)

    def counted(name, size):
        if count_of is not None:
            return float(count_of(name, size))
        return float(np.interp(size, sizes[order], np.asarray(counts[name], dtype=np.float64)[order]))

    res = UnitCostResult(costs, [], "")
    rows = []
    for s, m in zip(sizes, measured_rtt_ns):
        pred = res.predict(s, counted)
        rows.append(SizeRow(int(s), pred, float(m), (float(m) - pred) * 100.0 / float(m) if m else None))
    note = ("one size only: fixed costs, no per-byte slope" if np.unique(sizes).size < 2
            else "per-segment least-squares lines; steps that repeat within a call fitted per execution and "
                 "multiplied by their count; untimed gaps count as segments")
    return UnitCostResult(costs, rows, note)
