"""Bounds that nothing may cross (issue 30, item 2): over random one-class networks (stations queueing or delay,
one to three servers, demands, phase two, cv2, callers, think time; hypothesis draws them, its seed printed on a
failure), every solver's mean response lies within the asymptotic bounds of analysis/bounds.py: exact and
Schweitzer MVA where they are physical (no phase two: the two-phase extension counts phase-two work as queued
callers, up to more than exist, and can leave them), residual MVA everywhere (it moves an answer its correction
left outside into them itself), the simulation within its own 95%
interval, and the model the lab reports (model_solvers.predict, any solver forced) everywhere, exactly. Exact MVA
also lies within the balanced job bounds where the network is separable, and a deterministic pipeline does not
(why the lab does not draw them as limits on the system)."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from perflab.analysis.bounds import response_bounds
from perflab.analysis.model_solvers import SimBudget, predict
from perflab.analysis.mva import Network, exact, schweitzer
from perflab.analysis.mva_residual import solve
from perflab.analysis.simulate import simulate

TIGHT = 1e-9


@st.composite
def networks(draw, phase_two: bool = True):
    k = draw(st.integers(1, 4))
    kinds = [draw(st.sampled_from(["queue", "queue", "queue", "delay"])) for _ in range(k)]
    d = [draw(st.floats(0.01, 5.0)) for _ in range(k)]
    p2 = [d[i] * draw(st.sampled_from([0.0, 0.0, 0.2, 0.6])) if phase_two and kinds[i] == "queue" else 0.0
          for i in range(k)]
    servers = tuple(draw(st.sampled_from([1, 1, 1, 2, 3])) if kinds[i] == "queue" else 1 for i in range(k))
    cv2 = [draw(st.sampled_from([0.0, 0.05, 0.5, 1.0, 3.0])) if kinds[i] == "queue" else None for i in range(k)]
    z = draw(st.sampled_from([0.0, 0.0, 0.5, 3.0, 20.0]))
    n = draw(st.integers(1, 8))
    net = Network.build([f"s{i}" for i in range(k)], kinds, [d], [z], [p2], servers=servers)
    return net, n, cv2


def within(r: float, b, rel: float = TIGHT) -> bool:
    return b.lower * (1 - rel) - TIGHT <= r <= b.upper * (1 + rel) + TIGHT


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(networks(phase_two=False))
def test_exact_schweitzer_and_residual_mva_stay_within_the_bounds(case):
    net, n, cv2 = case
    b = response_bounds(net, n, cv2)
    assert b.lower <= b.upper
    for name, r in (("exact", exact(net, [n])), ("schweitzer", schweitzer(net, [n])),
                    ("residual", solve(net, [n], cv2))):
        assert within(float(r.response[0]), b), (name, float(r.response[0]), b)
    if b.balanced is not None:  # separable: exact MVA is the product-form answer the balanced bounds hold for
        r = float(exact(net, [n]).response[0])
        assert b.balanced[0] * (1 - 1e-9) <= r <= b.balanced[1] * (1 + 1e-9), (r, b.balanced)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(networks())
def test_residual_mva_and_the_reported_model_stay_within_the_bounds_with_phase_two(case):
    net, n, cv2 = case
    b = response_bounds(net, n, cv2)
    assert within(float(solve(net, [n], cv2).response[0]), b)
    budget = SimBudget()
    for solver in ("exact", "residual", "simulation"):
        p = predict(net, n, cv2, None, "exponential", budget, band_end=True, solver=solver)
        assert within(p.model, p.bounds), (solver, p)
        assert p.bounds.lower == pytest.approx(b.lower)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(networks(), st.sampled_from(["constant", "exponential", "empirical"]), st.integers(0, 2**31 - 1))
def test_the_simulation_stays_within_the_bounds_within_its_own_interval(case, service, seed):
    net, n, cv2 = case
    rng = np.random.default_rng(seed)
    d1 = net.demands[0] - net.phase2[0]
    samples = [d1[None, :] * rng.gamma(2.0, 0.5, size=(500, d1.size))] if service == "empirical" else None
    if samples is not None:  # measured calls: the columns' means are the phase-one demands, as model_fit makes them
        samples[0] *= np.divide(d1, samples[0].mean(axis=0), out=np.zeros_like(d1), where=samples[0].mean(axis=0) > 0)
    cycle = float(net.think[0] + net.demands[0].sum())
    horizon = 4000 * cycle
    r = simulate(net, [n], horizon, horizon * 0.05, seed=seed % 1000, service=service, samples=samples)
    b = response_bounds(net, n)
    slack = 4 * (r.response_ci95[0] or 0.0) + 0.01 * b.lower
    assert b.lower - slack <= r.response[0] <= b.upper + slack, (service, r.response[0], r.response_ci95, b)


def test_the_issue_s_wire_point_is_bounded_by_n_times_the_bottleneck():
    """Issue 30's first row: three callers sharing a wire whose request takes 1.17 ms need at least 3 x 1.17 ms
    per call at think 0; residual MVA with cv2 = 0 charged half a service for the caller in service (2.85 ms)."""
    net = Network.build(["client_cpu", "network", "server_cpu"], ["queue"] * 3, [[0.2, 1.17, 0.15]], [0.0])
    b = response_bounds(net, 3, [0.3, 0.0, 0.3])
    assert b.lower == pytest.approx(3 * 1.17) and b.bottleneck == "network"
    assert float(solve(net, [3], [0.3, 0.0, 0.3]).response[0]) >= 3 * 1.17 - 1e-9


def test_a_deterministic_pipeline_crosses_the_balanced_job_bounds_but_not_the_asymptotic_ones():
    """Two balanced constant stations of 1 and two callers pipeline perfectly: R = 2, below the balanced job
    bounds' lower 2 + 1 / (1 + 0) = 3 (product form only), on the asymptotic lower bound max(2, 2 x 1)."""
    net = Network.build(["a", "b"], ["queue", "queue"], [[1.0, 1.0]], [0.0])
    b = response_bounds(net, 2)
    r = simulate(net, [2], 4000, 100, service="constant").response[0]
    assert r == pytest.approx(2.0, rel=1e-6) and b.lower == pytest.approx(2.0)
    assert r < b.balanced[0] - 0.5
