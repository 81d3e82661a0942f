"""MVA against: the single-thread rows of the case study (Khandker & Teorey, tests/reference/
modeling_case_study.json, exact by the stated two-phase equations), an independent brute-force Markov chain of a
small product-form network solved in this file, and textbook single-class numbers worked by hand."""

from dataclasses import replace
from itertools import product

import numpy as np
import pytest

from perflab.analysis.mva import DELAY, QUEUE, Network, bottleneck, exact, schweitzer, sweep
from refdata import load

CASE = load("modeling_case_study")
STATIONS = ["client_cpu", "controllers", "network", "server_cpu"]
KINDS = [QUEUE, DELAY, QUEUE, QUEUE]


def case_network(rpc_type: str, think: float = 0.0) -> Network:
    row = next(r for r in CASE["table1_service_demands"]["rows"] if r[0] == rpc_type)
    _, c, c2, ctl, net, net2, s, s2 = row
    return Network.build(STATIONS, KINDS, [[c, ctl, net, s]], [think], [[c2, 0.0, net2, s2]])


def test_single_thread_rows_match_the_paper_exactly():
    rows = [r for r in CASE["table2_selected_rows"]["rows"] if r[1] == 1]
    assert rows
    for rpc_type, threads, think, model_ms, *_ in rows:
        r = exact(case_network(rpc_type, think), [threads])
        assert r.response[0] == pytest.approx(model_ms, abs=0.005), rpc_type
    # the note's arithmetic: 1 packet 10.02 - 2.03 = 7.99 ms
    one = case_network("1 packet")
    assert one.demands.sum() == pytest.approx(10.02) and one.phase2.sum() == pytest.approx(2.03)


def test_textbook_single_class_by_hand():
    # two queueing stations D = 1, 2 and think 3, N = 2, solved by hand:
    # n=1: R = (1, 2), X = 1/6, Q = (1/6, 2/6); n=2: R = (7/6, 8/3), X = 2/(3 + 23/6) = 12/41
    net = Network.build(["a", "b"], [QUEUE, QUEUE], [[1.0, 2.0]], [3.0])
    r = exact(net, [2])
    assert r.residence[0].tolist() == pytest.approx([7 / 6, 8 / 3])
    assert r.throughput[0] == pytest.approx(12 / 41)
    assert r.utilisation[0].tolist() == pytest.approx([12 / 41, 24 / 41])


def ctmc(demands: np.ndarray, pop: list[int], think: np.ndarray, delay: tuple[int, ...] = ()):
    """Brute-force continuous-time Markov chain of a closed network: classes c visit a think (infinite server)
    station then stations 0..K-1 in turn, processor sharing, or infinite server for the stations in `delay`;
    exponential times with means think[c] and demands[c, k]. States: customers of each class at each place.
    Returns throughput per class and mean queue length per (class, station)."""
    C, K = demands.shape
    places = K + 1  # place K is thinking
    def splits(n, m):
        if m == 1:
            yield (n,)
            return
        for i in range(n + 1):
            for rest in splits(n - i, m - 1):
                yield (i,) + rest
    per_class = [list(splits(n, places)) for n in pop]
    states = list(product(*per_class))
    index = {s: i for i, s in enumerate(states)}
    Q = np.zeros((len(states), len(states)))
    flows = []  # (state index, class, rate) of completions at the last PS station
    for s, i in index.items():
        for c in range(C):
            for k in range(places):
                n_ck = s[c][k]
                if n_ck == 0:
                    continue
                if k == K:
                    rate = n_ck / think[c]
                    nxt = 0
                elif k in delay:
                    rate = n_ck / demands[c, k]
                    nxt = k + 1 if k + 1 < K else K
                else:
                    total = sum(s[x][k] for x in range(C))
                    rate = n_ck / total / demands[c, k]
                    nxt = k + 1 if k + 1 < K else K
                t = [list(v) for v in s]
                t[c][k] -= 1
                t[c][nxt] += 1
                j = index[tuple(tuple(v) for v in t)]
                Q[i, j] += rate
                Q[i, i] -= rate
                if k == K - 1:
                    flows.append((i, c, rate))
    A = np.vstack([Q.T, np.ones(len(states))])
    b = np.zeros(len(states) + 1)
    b[-1] = 1.0
    pi = np.linalg.lstsq(A, b, rcond=None)[0]
    x = np.zeros(C)
    for i, c, rate in flows:
        x[c] += pi[i] * rate
    q = np.zeros((C, K))
    for s, i in index.items():
        for c in range(C):
            for k in range(K):
                q[c, k] += pi[i] * s[c][k]
    return x, q


def test_exact_mva_agrees_with_a_markov_chain():
    demands = np.array([[0.4, 1.0, 0.3], [1.2, 0.2, 0.7]])
    think = np.array([2.0, 0.5])
    pop = [3, 2]
    x, q = ctmc(demands, pop, think)
    r = exact(Network.build(["a", "b", "c"], [QUEUE] * 3, demands, think), pop)
    assert r.throughput.tolist() == pytest.approx(x.tolist(), rel=1e-9)
    assert r.queue.ravel().tolist() == pytest.approx(q.ravel().tolist(), rel=1e-8, abs=1e-12)


def test_exact_mva_agrees_with_a_markov_chain_with_a_delay_station():
    # the case study's shape: CPU, a delay (controllers), network, CPU; two classes
    demands = np.array([[0.35, 0.15, 0.13, 0.36], [0.50, 0.15, 0.36, 0.48]])
    think = np.array([0.3, 0.9])
    pop = [2, 2]
    x, q = ctmc(demands, pop, think, delay=(1,))
    r = exact(Network.build(STATIONS, KINDS, demands, think), pop)
    assert r.throughput.tolist() == pytest.approx(x.tolist(), rel=1e-9)
    assert r.queue.ravel().tolist() == pytest.approx(q.ravel().tolist(), rel=1e-8, abs=1e-12)


def test_schweitzer_is_close_to_exact_and_exact_at_one_customer():
    net = case_network("3 packet", think=9.0)
    for n in (1, 3, 6, 9, 20):
        e, s = exact(net, [n]), schweitzer(net, [n])
        tol = 1e-9 if n == 1 else 0.05  # Bard-Schweitzer is known to be within a few per cent
        assert s.response[0] == pytest.approx(e.response[0], rel=tol)
        assert s.iterations > 0


def test_utilisation_law_and_littles_law_hold():
    net = case_network("6 packet", think=3.0)
    r = exact(net, [6])
    assert r.utilisation[0].tolist() == pytest.approx((r.throughput[0] * net.demands[0]).tolist())
    # Little's law over the whole cycle: N = X (Z + R + phase two not on the caller's path)
    n_in_cycle = r.throughput[0] * (3.0 + r.response[0])
    assert n_in_cycle == pytest.approx(6.0)
    assert r.utilisation.sum(axis=0).max() < 1.0


def test_paper_multi_thread_column_is_below_the_stated_equations():
    """Documents (docs/analysis.md), without tuning: the paper's multi-thread model column is lower than the
    stated two-phase equations give, by 10-35% per row, mean about 22% (pinned so a change is noticed)."""
    gaps = []
    for rpc_type, threads, think, model_ms, *_ in CASE["table2_selected_rows"]["rows"]:
        if threads == 1:
            continue
        ours = exact(case_network(rpc_type, think), [threads]).response[0]
        gaps.append((ours - model_ms) * 100 / model_ms)
    assert all(g > 0 for g in gaps)
    assert 15 < np.mean(gaps) < 30
    assert 3 < min(gaps) and max(gaps) < 40


def test_sweep_names_the_bottleneck():
    rows = sweep(case_network("1 packet"), [1, 3], [0.0, 9.0])
    assert [(r["threads"], r["think"]) for r in rows] == [(1, 0.0), (1, 9.0), (3, 0.0), (3, 9.0)]
    assert rows[2]["bottleneck"] == "server_cpu"  # largest total demand (3.64 ms)
    assert rows[3]["response"] < rows[2]["response"]


def test_an_exact_sweep_equals_exact_mva_at_each_point():
    """The sweep runs one recursion for the whole grid (the largest thread count passes through the smaller ones);
    each row must be what exact() gives for that point alone, phase two and a delay station included."""
    net = Network.build(["cpu", "disk", "wire", "srv"], [QUEUE, QUEUE, DELAY, QUEUE], [[1.0, 2.0, 0.5, 1.5]],
                        [0.0], phase2=[[0.2, 0.5, 0.0, 0.1]])
    threads, thinks = [7, 1, 20, 3], [0.0, 1.5, 10.0]
    rows = sweep(net, threads, thinks)
    assert [(r["threads"], r["think"]) for r in rows] == [(n, z) for n in threads for z in thinks]
    for row in rows:
        alone = exact(replace(net, think=np.array([row["think"]])), [row["threads"]])
        assert row["response"] == pytest.approx(alone.response[0], rel=1e-12)
        assert row["throughput"] == pytest.approx(alone.throughput[0], rel=1e-12)
        assert row["utilisation"] == pytest.approx(alone.utilisation.sum(axis=0).tolist(), rel=1e-12)
        assert row["bottleneck"] == bottleneck(net, alone)


def test_bad_networks_are_refused():
    with pytest.raises(ValueError, match="phase-two"):
        Network.build(["a"], [QUEUE], [[1.0]], [0.0], [[2.0]])
    with pytest.raises(ValueError, match="kind"):
        Network.build(["a"], ["fcfs"], [[1.0]], [0.0])
