"""Mean Value Analysis of closed multi-class queueing networks (Reiser & Lavenberg 1980), with the two-phase
extension of Khandker & Teorey ("How modeling revealed serious performance problems in DCE", section 3.1).

Stations are queueing (load-independent: FCFS with exponential service, or processor sharing) or delay
(infinite server). Demands D[c][k] are per class c and station k; phase-two demands D2[c][k] (part of D) load a
station but are not on the caller's path, so they are subtracted from the class's response time:

    R_ck(n) = D_ck (1 + Q_k(n - 1_c))  (queueing)   R_ck = D_ck  (delay)
    R_c(n)  = sum_k R_ck(n) - sum_k D2_ck
    X_c(n)  = n_c / (Z_c + R_c(n))
    Q_k(n)  = sum_c X_c(n) R_ck(n)

With D2 = 0 this is textbook exact MVA. Schweitzer-Bard approximates Q_k(n - 1_c) by
Q_k(n) - Q_ck(n)/n_c and iterates at the full population only.

A queueing station may have c > 1 servers (`servers`, default 1): exact() then runs load-dependent MVA and
schweitzer() the Seidmann approximation (mva_multiserver.py). With every c = 1 the recursions below run
unchanged."""

from dataclasses import replace
from itertools import product

import numpy as np

from perflab.analysis import mva_multiserver as ms
from perflab.analysis.mva_network import DELAY, QUEUE, MvaResult, Network, population_vector, result_at  # noqa: F401

def _step(net: Network, n: np.ndarray, q_minus: np.ndarray) -> tuple:
    """One MVA step: q_minus[c, k] = Q_k(n - 1_c). Returns residence, response, throughput."""
    is_q = np.array([k == QUEUE for k in net.kinds])
    res = np.where(is_q[None, :], net.demands * (1.0 + q_minus), net.demands)
    resp = res.sum(axis=1) - net.phase2.sum(axis=1)
    denom = net.think + resp
    x = np.divide(n, denom, out=np.zeros_like(denom), where=denom > 0)
    return res, resp, x


def exact(net: Network, population) -> MvaResult:
    """Exact MVA over every population vector up to `population` (product of (N_c + 1) states)."""
    if ms.is_multiserver(net):
        return ms.exact_load_dependent(net, population)
    pop = population_vector(net, population)
    C, K = net.demands.shape
    if int(np.prod(pop + 1)) > 2_000_000:
        raise ValueError("population too large for exact MVA (over 2,000,000 vectors): use Schweitzer-Bard")
    q = np.zeros(tuple(pop + 1) + (K,))  # Q_k(n), total over classes
    last = None
    # population vectors in order of total size: each one's predecessors are already solved
    for n in sorted(product(*(range(m + 1) for m in pop)), key=sum):
        if sum(n) == 0:
            continue
        nv = np.array(n)
        q_minus = np.zeros((C, K))
        for c in range(C):
            if n[c] > 0:
                prev = list(n)
                prev[c] -= 1
                q_minus[c] = q[tuple(prev)]
        res, resp, x = _step(net, nv, q_minus)
        q[n] = (x[:, None] * res).sum(axis=0)
        last = (res, resp, x)
    return result_at(net, pop, last)


def schweitzer(net: Network, population, tol: float = 1e-10, max_iter: int = 100_000) -> MvaResult:
    """Schweitzer-Bard approximate MVA: fixed point at the full population (c-server stations: Seidmann)."""
    if ms.is_multiserver(net):
        split, origin = ms.seidmann(net)
        return ms.fold(net, origin, schweitzer(split, population, tol, max_iter))
    pop = np.asarray(population, dtype=float)
    C, K = net.demands.shape
    if pop.shape != (C,) or np.any(pop < 0):
        raise ValueError(f"population must be {C} non-negative numbers")
    qck = np.outer(pop, np.ones(K)) / K
    for it in range(1, max_iter + 1):
        total = qck.sum(axis=0)
        share = np.divide(qck, pop[:, None], out=np.zeros_like(qck), where=pop[:, None] > 0)
        q_minus = np.maximum(total[None, :] - share, 0.0)
        res, resp, x = _step(net, pop, q_minus)
        new = x[:, None] * res
        if np.max(np.abs(new - qck)) < tol:
            qck = new
            break
        qck = new
    return MvaResult(pop.astype(int).tolist(), res, resp, x, x[:, None] * net.demands, qck, it)


def bottleneck(net: Network, r: MvaResult) -> str | None:
    """The most utilised queueing station per server (a delay station never saturates)."""
    u = r.utilisation.sum(axis=0) / (np.asarray(net.servers) if net.servers else 1)
    queues = [k for k, kind in enumerate(net.kinds) if kind == QUEUE]
    return net.stations[max(queues, key=lambda k: u[k])] if queues else None


def sweep(net: Network, threads: list[int], thinks: list[float], method: str = "exact") -> list[dict]:
    """Single-class sweep over threads x think time (the case study's Table 2 layout)."""
    if net.demands.shape[0] != 1:
        raise ValueError("sweep takes a single-class network")
    if method == "exact" and not ms.is_multiserver(net):
        return _exact_sweep(net, threads, thinks)
    solve = exact if method == "exact" else schweitzer
    rows = []
    for n in threads:
        for z in thinks:
            one = replace(net, think=np.array([float(z)]))
            rows.append(_sweep_row(net, n, z, solve(one, [n])))
    return rows


def _sweep_row(net: Network, threads: int, think: float, r: MvaResult) -> dict:
    return {"threads": threads, "think": think, "response": float(r.response[0]),
            "throughput": float(r.throughput[0]), "utilisation": r.utilisation.sum(axis=0).tolist(),
            "bottleneck": bottleneck(net, r)}


def _exact_sweep(net: Network, threads: list[int], thinks: list[float]) -> list[dict]:
    """Single-class exact MVA for every think time at once: one recursion up to the largest thread count passes
    through every smaller one, so the sweep costs max(threads) steps, not the sum over its grid. The think times
    ride as rows of one batch network through _step (its rows do not interact; only q carries the recursion)."""
    z = np.asarray(thinks, dtype=float)
    rows_of = lambda a: np.repeat(a, len(z), axis=0)  # noqa: E731
    batch = replace(net, demands=rows_of(net.demands), phase2=rows_of(net.phase2), think=z)
    q = np.zeros(batch.demands.shape)  # Q_k(n - 1) per think time
    at = {}
    wanted = set(threads)
    for n in range(1, max(threads) + 1):
        res, resp, x = _step(batch, np.full(len(z), n), q)
        q = x[:, None] * res
        if n in wanted:
            at[n] = (res, resp, x)
    rows = []
    for n in threads:
        res, resp, x = at[n]
        for i, think in enumerate(thinks):
            rows.append(_sweep_row(net, n, think, result_at(net, np.array([n]),
                                                            (res[i:i + 1], resp[i:i + 1], x[i:i + 1]))))
    return rows
