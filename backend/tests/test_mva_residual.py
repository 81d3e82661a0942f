"""MVA with the residual-service correction (perflab/analysis/mva_residual.py) against independent results: the
Pollaczek-Khinchine mean of an M/G/1 queue (many customers, long think: nearly Poisson arrivals), the bottleneck
law in saturation, exact MVA at cv2 = 1, and the simulation with constant service on a wire-dominated
network (the issue's ethernet-10m shape), where exact MVA over-predicts."""

import numpy as np
import pytest

from perflab.analysis.mva import DELAY, QUEUE, Network, exact
from perflab.analysis.mva_residual import solve
from perflab.analysis.simulate import simulate


@pytest.mark.parametrize("cv2", [0.0, 0.5, 2.0])
def test_many_customers_give_the_pollaczek_khinchine_mean(cv2):
    """1000 customers thinking 10 s each against a 5 ms queue: nearly Poisson arrivals at utilisation ~0.5. The
    M/G/1 mean response is D (1 + rho (1 + cv2) / (2 (1 - rho))) (P-K), written here from the textbook."""
    d = 5e-3
    net = Network.build(["q"], [QUEUE], [[d]], [10.0])
    r = solve(net, [1000], [cv2])
    rho = float(r.utilisation[0, 0])
    assert 0.4 < rho < 0.6
    pk = d * (1 + rho * (1 + cv2) / (2 * (1 - rho)))
    assert r.response[0] == pytest.approx(pk, rel=0.01)
    assert abs(exact(net, [1000]).response[0] - pk) > 0.05 * pk or cv2 == 1.0  # the correction matters here


def test_exponential_service_is_exact_mva_also_with_c_servers_and_phase_two():
    net = Network.build(["c", "k", "w", "s"], [QUEUE, DELAY, QUEUE, QUEUE], [[3.5, 1.5, 1.3, 3.6]], [9.0],
                        [[0.8, 0, 0, 1.2]])
    for n in (1, 3, 6):
        assert solve(net, [n]).response[0] == pytest.approx(exact(net, [n]).response[0], rel=1e-12)
        assert solve(net, [n], [1, None, 1, 1]).response[0] == pytest.approx(exact(net, [n]).response[0], rel=1e-12)
    multi = Network.build(["cpu", "w"], [QUEUE, QUEUE], [[2.0, 1.0]], [1.0], servers=[2, 1])
    assert solve(multi, [5], [1, 1]).response[0] == pytest.approx(exact(multi, [5]).response[0], rel=1e-12)
    # a constant wire beside the 2-core CPU: less queueing than with an exponential wire
    assert solve(multi, [5], [1, 0]).response[0] < exact(multi, [5]).response[0]


def test_saturation_obeys_the_bottleneck_law():
    """N callers, no think, constant service D: one always in service, the rest queued: R = N D exactly."""
    net = Network.build(["w"], [QUEUE], [[1.1]], [0.0])
    for n in (1, 2, 3, 6):
        r = solve(net, [n], [0.0])
        assert r.response[0] == pytest.approx(n * 1.1, rel=1e-12) and r.utilisation[0, 0] <= 1 + 1e-12
    # with think time, far past the knee: R = N D_max - Z
    r = solve(Network.build(["w", "c"], [QUEUE, QUEUE], [[1.0, 0.2]], [5.0]), [20], [0.0, 1.0])
    assert r.response[0] == pytest.approx(20 * 1.0 - 5.0, rel=1e-3)


@pytest.mark.parametrize("threads,think", [(3, 3.0), (3, 9.0), (6, 3.0), (6, 9.0)])
def test_wire_dominated_network_against_constant_service_simulation(threads, think):
    """Client CPU 0.1 ms, a 10 Mbit/s wire 1.1 ms (a 1392-byte request), server CPU 0.1 ms, all constant: the
    residual-corrected MVA within 6% of the simulation (mean of 3 seeds); exact MVA, here, is further off."""
    net = Network.build(["c", "w", "s"], [QUEUE] * 3, [[0.1, 1.1, 0.1]], [think])
    sim = np.mean([simulate(net, [threads], horizon=12_000, warmup=200, seed=s).response[0] for s in (1, 2, 3)])
    ours = solve(net, [threads], [0.0, 0.0, 0.0]).response[0]
    ex = exact(net, [threads]).response[0]
    assert ours == pytest.approx(sim, rel=0.06)
    assert abs(ours - sim) < abs(ex - sim)


def test_bad_cv2_is_refused():
    net = Network.build(["q"], [QUEUE], [[1.0]], [0.0])
    with pytest.raises(ValueError, match="cv2"):
        solve(net, [1], [-1.0])
    with pytest.raises(ValueError, match="cv2"):
        solve(net, [1], [0.0, 0.0])
