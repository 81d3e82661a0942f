"""The model of one point, by the solver its measurement calls for (issue 30, item 1), inside the bounds no closed
system can cross (item 2).

Three solvers answer the same network (the base point's demands, the point's callers and think time):
  exact       exact MVA: exponential service, product form
  residual    MVA with each queue's residual service from its measured cv2 (mva_residual)
  simulation  the network simulated with each call's service times resampled from the base point's measured
              calls (simulate.py, `empirical`): no distribution assumed, the devices' correlation within a call kept

The simulation makes the fewest assumptions, so it is the reference: an analytic answer is the model where it
agrees with the simulation within SOLVER_AGREEMENT_PCT (or the simulation's own 95% interval, if wider), since it
then explains the point with a formula; otherwise the simulation is the model and the row says how far the analytic
ones were. A point of one caller never queues: every solver gives the sum of its demands. Whatever the solver, the
prediction is clamped into the asymptotic bounds (bounds.py) and the row says when that happened."""

import time
from dataclasses import dataclass, field

import numpy as np

from perflab.analysis.bounds import Bounds, response_bounds
from perflab.analysis.mva import QUEUE, Network, exact
from perflab.analysis.mva_residual import solve
from perflab.analysis.simulate import simulate

SOLVER_AGREEMENT_PCT = 1.0  # an analytic answer this close to the simulation is the model (it explains itself)
SIM_CALLS = 20_000  # simulated calls per prediction: a 95% interval of ~0.5% of the mean on the lab's networks
SIM_CALLS_BAND = 6_000  # for the band's two ends (same seed: common random numbers)
SIM_CALLS_OVER_BUDGET = 3_000  # once a run's simulations passed SIM_BUDGET_S: intervals about 2.5 times wider
SIM_BUDGET_S = 30.0  # seconds of simulation per run, in the analysis worker
SOLVERS = ("exact", "residual", "simulation")


@dataclass
class SimBudget:
    """Simulation time spent on one run; past the budget, predictions simulate fewer calls (stated per run)."""
    budget_s: float = SIM_BUDGET_S
    spent_s: float = 0.0
    reduced: int = 0  # predictions simulated with the reduced length
    widest_ci_pct: float = 0.0

    def calls(self, full: int) -> int:
        if self.spent_s <= self.budget_s:
            return full
        self.reduced += 1
        return min(full, SIM_CALLS_OVER_BUDGET)

    def as_dict(self) -> dict:
        return {"budget_s": self.budget_s, "seconds": round(self.spent_s, 3), "calls_per_point": SIM_CALLS,
                "calls_over_budget": SIM_CALLS_OVER_BUDGET, "reduced_predictions": self.reduced,
                "widest_ci95_pct": round(self.widest_ci_pct, 3)}


@dataclass(frozen=True)
class Prediction:
    model: float  # the chosen solver's answer, within the bounds
    solver: str  # exact | residual | simulation
    reason: str
    exact: float
    residual: float
    simulation: float | None
    simulation_ci95: float | None  # half width of the simulation's 95% interval
    bounds: Bounds
    clamped: bool = False
    notes: list[str] = field(default_factory=list)


def _cv2_words(net: Network, cv2) -> str:
    parts = [f"{s} {v:.2f}" for s, k, v in zip(net.stations, net.kinds, cv2) if k == QUEUE and v is not None]
    return "cv² " + ", ".join(parts) if parts else "no measured cv²"


def _simulate(net: Network, threads: int, samples: np.ndarray | None, think: str, calls: int,
              budget: SimBudget, lower: float) -> tuple[float, float | None]:
    """Mean response and its 95% half width, from about `calls` simulated calls (the same seed each time); lower:
    the response's lower bound, which sizes the horizon."""
    cycle = float(net.think[0]) + lower
    horizon = calls / max(threads / cycle, 1e-30) if cycle > 0 else 1.0
    began = time.perf_counter()
    service = "empirical" if samples is not None else "constant"
    r = simulate(net, [threads], horizon, horizon * 0.02, seed=1, service=service, think=think,
                 samples=[samples] if samples is not None else None)
    budget.spent_s += time.perf_counter() - began
    ci = r.response_ci95[0]
    if ci is not None and r.response[0] > 0:
        budget.widest_ci_pct = max(budget.widest_ci_pct, ci * 100.0 / r.response[0])
    return float(r.response[0]), ci


def predict(net: Network, threads: int, cv2: list, samples: np.ndarray | None, think: str,
            budget: SimBudget, band_end: bool = False, solver: str | None = None) -> Prediction:
    """The point's model. samples: the base point's calls' phase-one times per station ([calls, stations], their
    column means the network's phase-one demands); None: no per-call times, the simulation serves constant demands.
    solver: force one (the band's ends use the point's own solver)."""
    bounds = response_bounds(net, threads, cv2)
    ex = float(exact(net, [threads]).response[0])
    res = float(solve(net, [threads], cv2).response[0])
    if threads <= 1:
        # one caller never waits: every solver gives its demands' sum (the simulation's mean would only add noise)
        return Prediction(bounds.clamp(ex), "exact", "one caller never queues: the sum of the base point's demands",
                          ex, res, None, None, bounds)
    sim, ci = None, None
    if solver in (None, "simulation"):
        sim, ci = _simulate(net, threads, samples, think, budget.calls(SIM_CALLS_BAND if band_end else SIM_CALLS),
                            budget, bounds.lower)
    if solver is not None:
        value = {"exact": ex, "residual": res, "simulation": sim}[solver]
        chosen, reason = solver, "the point's own solver"
    else:
        chosen, value, reason = _choose(net, cv2, ex, res, sim, ci, samples is not None)
    clamped = bounds.clamp(value)
    notes = []
    if abs(clamped - value) > 1e-9 * max(1.0, abs(value)):
        notes.append(f"{chosen}'s {value:.6g} lay outside the bounds [{bounds.lower:.6g}, {bounds.upper:.6g}]: "
                     "clamped to the nearer")
    return Prediction(clamped, chosen, reason, ex, res, sim, ci, bounds, bool(notes), notes)


def _choose(net: Network, cv2, ex: float, res: float, sim: float, ci: float | None, measured: bool):
    what = ("the simulation of the base point's measured service times" if measured else
            "the simulation with constant service (no per-call times measured)")
    agree = max(SOLVER_AGREEMENT_PCT / 100.0 * sim, ci or 0.0)
    off = {"exact": ex, "residual": res}
    name = min(off, key=lambda k: abs(off[k] - sim))
    pct = {k: (v - sim) * 100.0 / sim for k, v in off.items()} if sim > 0 else {k: 0.0 for k in off}
    words = {"exact": "exact MVA", "residual": "residual MVA"}
    if abs(off[name] - sim) <= agree:
        return name, off[name], (f"{words[name]} agrees with {what} within {abs(pct[name]):.1f}% "
                                 f"({_cv2_words(net, cv2)})")
    return "simulation", sim, (f"exact MVA is {pct['exact']:+.1f}% and residual MVA {pct['residual']:+.1f}% from "
                               f"{what} ({_cv2_words(net, cv2)}): the analytic solvers' assumptions do not hold "
                               f"here, so the simulation is the model")
