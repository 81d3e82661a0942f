"""Multi-server stations in MVA (perflab.analysis.mva_multiserver), checked against independent methods:

- c = 1 everywhere gives exactly today's results (the load-independent recursion of mva.py);
- exact load-dependent MVA against a brute-force continuous-time Markov chain of the same closed network, built
  and solved numerically here (single- and two-class; processor-sharing stations, whose product form holds for
  any class demands — BCMP 1975), to rounding;
- c >= N makes a station a pure delay (Lazowska et al., Quantitative System Performance, 1984, ch. 8:
  a load-dependent center with rate min(j, c) never queues when j <= c);
- Seidmann's approximation (Seidmann, Schweitzer & Shalev-Oren 1987) against exact within a stated tolerance;
- the simulation given the same c agrees with exact MVA within its confidence interval."""

from itertools import product

import numpy as np
import pytest

from perflab.analysis import mva
from perflab.analysis.mva_multiserver import exact_load_dependent, seidmann, server_pool
from perflab.analysis.simulate import simulate


def _compositions(n: int, parts: int):
    """Every way to put n jobs into `parts` places."""
    for cut in product(range(n + 1), repeat=parts - 1):
        if sum(cut) <= n:
            yield (*cut, n - sum(cut))


def ctmc(demands, think, servers, population):
    """Response time per class of a closed network solved as a Markov chain: each class cycles think -> every
    station in turn; station k serves its jobs by processor sharing at total rate min(n_k, c_k) / D (each job
    gets its share), a think station (infinite server) releases each of its jobs at rate 1/Z."""
    d = np.atleast_2d(np.asarray(demands, float))
    C, K = d.shape
    places = K + 1  # place 0 is thinking
    per_class = [list(_compositions(int(n), places)) for n in population]
    states = list(product(*per_class))
    index = {s: i for i, s in enumerate(states)}
    q = np.zeros((len(states), len(states)))
    for s, i in index.items():
        totals = [sum(s[c][k + 1] for c in range(C)) for k in range(K)]
        for c in range(C):
            for place in range(places):
                m = s[c][place]
                if m == 0:
                    continue
                if place == 0:
                    rate = m / think[c]
                else:
                    k = place - 1
                    rate = (m / totals[k]) * min(totals[k], servers[k]) / d[c, k]
                nxt = list(s[c])
                nxt[place] -= 1
                nxt[(place + 1) % places] += 1
                target = tuple(tuple(nxt) if cc == c else s[cc] for cc in range(C))
                q[i, index[target]] += rate
    np.fill_diagonal(q, -q.sum(axis=1))
    # pi Q = 0, sum pi = 1: replace one balance equation by the normalisation
    a = np.vstack([q.T[:-1], np.ones(len(states))])
    b = np.zeros(len(states))
    b[-1] = 1.0
    pi = np.linalg.solve(a, b)
    out = []
    for c in range(C):
        thinking = sum(pi[i] * s[c][0] for s, i in index.items())
        x = thinking / think[c]  # jobs leave thinking at rate (number thinking) / Z
        out.append(population[c] / x - think[c])
    return np.array(out)


def _net(demands, kinds, think, servers, phase2=None):
    d = np.atleast_2d(demands)
    return mva.Network.build([f"s{k}" for k in range(d.shape[1])], kinds, d, think, phase2, servers=servers)


def test_one_server_everywhere_is_todays_mva():
    """servers = [1, ...] takes the load-independent path: bit-for-bit the results of servers=None."""
    d = [[0.2, 0.5, 0.1], [0.4, 0.1, 0.3]]
    kinds = [mva.QUEUE, mva.QUEUE, mva.DELAY]
    for pop in ([3, 2], [0, 4], [5, 5]):
        a = mva.exact(_net(d, kinds, [1.0, 2.0], None, [[0.05, 0, 0], [0, 0.05, 0]]), pop)
        b = mva.exact(_net(d, kinds, [1.0, 2.0], [1, 1, 1], [[0.05, 0, 0], [0, 0.05, 0]]), pop)
        assert np.array_equal(a.response, b.response) and np.array_equal(a.queue, b.queue)
        sa = mva.schweitzer(_net(d, kinds, [1.0, 2.0], None), pop)
        sb = mva.schweitzer(_net(d, kinds, [1.0, 2.0], [1, 1, 1]), pop)
        assert np.array_equal(sa.response, sb.response)
    # and a delay station's server count is irrelevant (it never queues)
    a = mva.exact(_net(d, kinds, [1.0, 2.0], [1, 1, 1]), [3, 2])
    b = mva.exact(_net(d, kinds, [1.0, 2.0], [1, 1, 7]), [3, 2])
    assert np.array_equal(a.response, b.response)


def test_load_dependent_formula_with_one_server_matches_load_independent():
    """The load-dependent recursion itself, forced on c = 1, reproduces the load-independent one to rounding."""
    net = _net([[0.3, 0.2, 0.4]], [mva.QUEUE] * 3, [0.5], [1, 1, 1])
    two = _net([[0.3, 0.2, 0.4]], [mva.QUEUE] * 3, [0.5], [2, 1, 1])
    forced = exact_load_dependent(net, [6], every_queue=True)
    assert forced.response[0] == pytest.approx(mva.exact(net, [6]).response[0], rel=1e-12)
    assert forced.queue == pytest.approx(mva.exact(net, [6]).queue, rel=1e-12)
    assert mva.exact(two, [6]).response[0] < mva.exact(net, [6]).response[0]


@pytest.mark.parametrize("servers,pop", [([2, 1], [4]), ([3, 2], [5]), ([4, 1], [3]), ([2, 3], [6])])
def test_single_class_against_markov_chain(servers, pop):
    d, z = [[0.8, 0.3]], [0.5]
    want = ctmc(d, z, servers, pop)
    got = mva.exact(_net(d, [mva.QUEUE, mva.QUEUE], z, servers), pop)
    assert got.response == pytest.approx(want, rel=1e-9)
    assert got.throughput[0] == pytest.approx(pop[0] / (want[0] + z[0]), rel=1e-9)


@pytest.mark.parametrize("servers,pop", [([2, 1], [2, 2]), ([3, 1], [3, 2]), ([2, 2], [1, 3])])
def test_two_classes_against_markov_chain(servers, pop):
    d, z = [[0.6, 0.2], [0.3, 0.5]], [1.0, 0.4]
    want = ctmc(d, z, servers, pop)
    got = mva.exact(_net(d, [mva.QUEUE, mva.QUEUE], z, servers), pop)
    assert got.response == pytest.approx(want, rel=1e-9)


def test_enough_servers_make_a_pure_delay():
    """Lazowska et al. ch. 8: with c >= N no job ever waits, so the residence is the demand at every N <= c."""
    d, z = [[0.7, 0.2]], [0.3]
    for n in range(1, 6):
        r = mva.exact(_net(d, [mva.QUEUE, mva.QUEUE], z, [5, 1]), [n])
        as_delay = mva.exact(_net(d, [mva.DELAY, mva.QUEUE], z, None), [n])
        assert r.residence[0, 0] == pytest.approx(0.7, rel=1e-12)
        assert r.response[0] == pytest.approx(as_delay.response[0], rel=1e-12)
    # one more job than servers: now it can wait
    assert mva.exact(_net(d, [mva.QUEUE, mva.QUEUE], z, [5, 1]), [6]).residence[0, 0] > 0.7


def test_seidmann_split_keeps_total_demand():
    net = _net([[0.8, 0.3]], [mva.QUEUE, mva.QUEUE], [0.5], [4, 1], [[0.2, 0.0]])
    split, origin = seidmann(net)
    assert split.kinds == [mva.QUEUE, mva.DELAY, mva.QUEUE] and origin == [0, 0, 1]
    assert split.demands[0].tolist() == pytest.approx([0.2, 0.6, 0.3])
    assert split.phase2[0].tolist() == pytest.approx([0.05, 0.15, 0.0])


# Stated tolerances: Seidmann's split over-predicts around the knee of the curve (measured here up to 10.6% when
# the split is solved exactly, 15.9% through Schweitzer-Bard, c = 2..4, N = 1..32) and is exact at N = 1 and
# in saturation. A wrong split or fold (D instead of D/c, a lost delay) misses these by far more.
SEIDMANN_EXACT_TOL, SEIDMANN_SB_TOL = 0.12, 0.18


@pytest.mark.parametrize("c", [2, 4])
def test_seidmann_against_exact(c):
    d, z = [[0.8, 0.2]], [1.0]
    for n in (1, 2, 3, 4, 6, 8, 16, 32):
        net = _net(d, [mva.QUEUE, mva.QUEUE], z, [c, 1])
        want = mva.exact(net, [n]).response[0]
        split, _ = seidmann(net)
        assert mva.exact(split, [n]).response[0] == pytest.approx(want, rel=SEIDMANN_EXACT_TOL)
        assert mva.schweitzer(net, [n]).response[0] == pytest.approx(want, rel=SEIDMANN_SB_TOL)
        if n == 1 or n == 32:  # no queue at all, or both saturated at the single-server station
            assert mva.exact(split, [n]).response[0] == pytest.approx(want, rel=0.003)
            assert mva.schweitzer(net, [n]).response[0] == pytest.approx(want, rel=0.015)


def test_simulation_with_c_servers_agrees_with_exact_mva():
    """The simulation with exponential service and a c-server FCFS station (product form for one class) against exact
    load-dependent MVA: the mean of independent replications within its 99% confidence interval."""
    net = _net([[0.8, 0.3]], [mva.QUEUE, mva.QUEUE], [0.5], [3, 1])
    want = mva.exact(net, [5]).response[0]
    means = [simulate(net, [5], horizon=3000.0, warmup=100.0, seed=s, service="exponential").response[0]
             for s in range(8)]
    m, se = float(np.mean(means)), float(np.std(means, ddof=1) / np.sqrt(len(means)))
    assert abs(m - want) <= 3.5 * se + 1e-9, (m, se, want)  # t(7) 99% two-sided is 3.50
    # and the single-server model is clearly wrong for this network
    single = mva.exact(_net([[0.8, 0.3]], [mva.QUEUE, mva.QUEUE], [0.5], None), [5]).response[0]
    assert abs(m - single) > 3.5 * se


def test_bad_server_counts_are_refused():
    with pytest.raises(ValueError, match="servers"):
        _net([[0.1, 0.2]], [mva.QUEUE, mva.QUEUE], [0.0], [0, 1])
    with pytest.raises(ValueError, match="servers"):
        _net([[0.1, 0.2]], [mva.QUEUE, mva.QUEUE], [0.0], [2])


def test_endpoints_take_servers_per_station(client):
    """POST /api/models/mva, /mva/sweep and /simulate: `servers` per station (default 1), 422 outside 1-1024."""
    body = {"stations": [{"name": "server_cpu", "demands": [0.8], "servers": 3}, {"name": "net", "demands": [0.3]}],
            "classes": [{"population": 5, "think": 0.5}]}
    r = client.post("/api/models/mva", json=body)
    assert r.status_code == 200, r.text
    want = mva.exact(_net([[0.8, 0.3]], [mva.QUEUE, mva.QUEUE], [0.5], [3, 1]), [5]).response[0]
    assert r.json()["response"][0] == pytest.approx(want) and r.json()["servers"] == [3, 1]
    assert r.json()["response"][0] == pytest.approx(ctmc([[0.8, 0.3]], [0.5], [3, 1], [5])[0], rel=1e-9)
    sb = client.post("/api/models/mva", json={**body, "method": "schweitzer"}).json()
    assert sb["response"][0] == pytest.approx(want, rel=SEIDMANN_SB_TOL) and sb["response"][0] != want
    sw = client.post("/api/models/mva/sweep", json={**body, "threads": [5], "thinks": [0.5]}).json()
    assert sw["rows"][0]["response"] == pytest.approx(want)
    # solved point by point: a grid too large for a request's CPU time is refused, naming the field and limit
    big = client.post("/api/models/mva/sweep", json={**body, "threads": list(range(900, 964)),
                                                      "thinks": [float(z) for z in range(64)]})
    assert big.status_code == 422 and big.json()["detail"][0]["msg"].startswith("threads: "), big.text
    assert "at most 30,000,000" in big.text and "schweitzer" in big.text
    sim = client.post("/api/models/simulate", json={**body, "horizon": 200, "service": "exponential"}).json()
    assert sim["mva_response"][0] == pytest.approx(want)
    for bad in (0, 1025, 2.5):
        stations = [{**body["stations"][0], "servers": bad}, body["stations"][1]]
        r = client.post("/api/models/mva", json={**body, "stations": stations})
        assert r.status_code == 422 and "servers" in r.text, r.text
    r = client.post("/api/models/mva", json={**body, "stations": [{**body["stations"][0], "servers": 0}]})
    assert "servers must be between 1 and 1024 (got 0)" in r.text


def test_whatif_demands_take_servers(client):
    """POST /api/models/whatif with given demands: a `servers` count per demand reaches the MVA."""
    demands = [{"device": "client_cpu", "kind": "queue", "total_ns": 3000, "phase2_ns": 0},
               {"device": "server_cpu", "kind": "queue", "total_ns": 8000, "phase2_ns": 0, "servers": 2}]
    body = {"segments": [{"name": "s.work", "kind": "step", "mean_on_path_ns": 8000}], "scales": {"s.work": 0.5},
            "threads": 3, "demands": demands}
    r = client.post("/api/models/whatif", json=body)
    assert r.status_code == 200, r.text
    net = _net([[3000, 8000]], [mva.QUEUE, mva.QUEUE], [0.0], [1, 2])
    assert r.json()["mva"]["baseline_response_ns"] == pytest.approx(mva.exact(net, [3]).response[0])
    bad = client.post("/api/models/whatif", json={**body, "demands": [demands[0], {**demands[1], "servers": 0}]})
    assert bad.status_code == 422 and "demands[1].servers must be an integer between 1 and 1024" in bad.text


def test_server_pool_of_a_run():
    """c = min(server_threads, server CPUs) for RPC runs, server_threads without a CPU count, 1 for ping-pong."""
    assert server_pool({"server_threads": 4, "server_cpus": 2})["servers"] == 2
    assert server_pool({"server_threads": 3, "server_cpus": 16})["servers"] == 3
    no_cpus = server_pool({"server_threads": 4, "server_cpus": None})
    assert no_cpus["servers"] == 4 and "reports no CPU count" in no_cpus["why"]
    pingpong = server_pool({"transport": "tcp"})
    assert pingpong["servers"] == 1 and "ping-pong" in pingpong["why"]
