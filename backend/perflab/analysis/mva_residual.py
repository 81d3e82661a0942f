"""MVA with a residual-service correction for queueing stations whose service time is not exponential (issue 13,
item 2: a wire's service time is nearly constant, and exact MVA's exponential assumption over-predicts queueing
there; docs/analysis.md's case-study table shows constant- and exponential-service simulations 4-38% apart).

Exact MVA charges an arriving customer a full service time for the customer it finds in service (memoryless).
With general service of squared coefficient of variation cv2 the one in service has, on average, a residual of
(1 + cv2) / 2 service times left (renewal theory; Lazowska et al., Quantitative System Performance, ch. 7), so:

    R_ck(n) = D_ck (1 + Q_k(n - 1_c) - U_k(n - 1_c) + U_k(n - 1_c) (1 + cv2_k) / 2)

where U_k(n - 1_c) is the probability the server is busy as the customer arrives (the arrival theorem). With
cv2 = 1 this is exact MVA; with cv2 = 0 (a wire) the customer in service costs half a service time. It is an
approximation (the queue-length distribution is still the product-form one), checked against the simulation in
tests/test_mva_residual.py. Delay stations are unchanged; a network with a c-server queue (kept
with exponential service) runs mva_multiserver's exact load-dependent recursion, the single-server stations
corrected there the same way. The two-phase extension (phase two loads
the station, is not on the caller's path) is kept: U includes phase two."""

from itertools import product

import numpy as np

from perflab.analysis import mva
from perflab.analysis.bounds import response_bounds
from perflab.analysis.mva import QUEUE, MvaResult, Network
from perflab.analysis import mva_multiserver as ms


def _cv2_array(net: Network, cv2) -> np.ndarray:
    K = len(net.stations)
    if cv2 is None:
        return np.ones(K)
    out = np.array([1.0 if v is None else float(v) for v in cv2])
    if out.shape != (K,) or np.any(out < 0) or not np.all(np.isfinite(out)):
        raise ValueError(f"cv2 must be {K} non-negative numbers (or None for exponential service)")
    return out


def solve(net: Network, population, cv2=None) -> MvaResult:
    """MVA with each queueing station's residual corrected by its cv2 (None per station: exponential)."""
    c2 = _cv2_array(net, cv2)
    if ms.is_multiserver(net):
        return _within_bounds(net, ms.exact_load_dependent(net, population, cv2=c2), c2)
    pop = mva.population_vector(net, population)
    C, K = net.demands.shape
    if int(np.prod(pop + 1)) > 2_000_000:
        raise ValueError("population too large for this MVA (over 2,000,000 vectors)")
    is_q = np.array([k == QUEUE for k in net.kinds])
    q = np.zeros(tuple(pop + 1) + (K,))  # Q_k(n), all classes
    u = np.zeros(tuple(pop + 1) + (K,))  # U_k(n), all classes
    last = None
    for n in sorted(product(*(range(m + 1) for m in pop)), key=sum):
        if sum(n) == 0:
            continue
        q_minus, u_minus = np.zeros((C, K)), np.zeros((C, K))
        for c in range(C):
            if n[c] > 0:
                prev = list(n)
                prev[c] -= 1
                q_minus[c], u_minus[c] = q[tuple(prev)], u[tuple(prev)]
        # the customer found in service costs (1 + cv2) / 2 of a service instead of a whole one
        ahead = q_minus + u_minus * (c2[None, :] - 1.0) / 2.0
        res = np.where(is_q[None, :], net.demands * (1.0 + ahead), net.demands)
        resp = res.sum(axis=1) - net.phase2.sum(axis=1)
        denom = net.think + resp
        x = np.divide(np.array(n, float), denom, out=np.zeros_like(denom), where=denom > 0)
        # the cap is the utilisation exact MVA's step reaches (above 1 only where phase two makes it so)
        plain = np.where(is_q[None, :], net.demands * (1.0 + q_minus), net.demands)
        zr = net.think + plain.sum(axis=1) - net.phase2.sum(axis=1)
        x_plain = np.divide(np.array(n, float), zr, out=np.zeros_like(zr), where=zr > 0)
        cap = max(1.0, float(np.max(np.where(is_q, (x_plain[:, None] * net.demands).sum(axis=0), 0.0))))
        res, resp, x = _saturate(net, np.array(n, float), is_q, res, resp, x, cap)
        q[n] = (x[:, None] * res).sum(axis=0)
        u[n] = (x[:, None] * net.demands).sum(axis=0)
        last = (res, resp, x)
    return _within_bounds(net, mva.result_at(net, pop, last), c2)


def _within_bounds(net: Network, r: MvaResult, c2: np.ndarray) -> MvaResult:
    """One class: the response moved into the asymptotic bounds (bounds.py) where the correction left them (it
    charges less than the arrival theorem's queue, and the load-dependent recursion has no cap of its own), the
    throughput and the bottleneck's residence following (Little's law), as _saturate does."""
    if net.demands.shape[0] != 1 or r.population[0] < 1:
        return r
    b = response_bounds(net, int(r.population[0]), c2.tolist())
    resp = b.clamp(float(r.response[0]))
    if resp == float(r.response[0]):
        return r
    x = r.population[0] / (net.think[0] + resp) if net.think[0] + resp > 0 else 0.0
    res = r.residence.copy()
    k = net.stations.index(b.bottleneck)
    res[0, k] += resp - float(r.response[0])
    xs = np.array([x])
    return MvaResult(r.population, res, np.array([resp]), xs, xs[:, None] * net.demands, xs[:, None] * res,
                     r.iterations)


def _saturate(net: Network, n: np.ndarray, is_q, res, resp, x, cap: float):
    """The correction charges less than the arrival theorem's queue, so near saturation the throughput can pass
    a queue's capacity (utilisation over 1), which no service distribution allows: throughputs are then scaled
    down to the bottleneck law (utilisation 1) and the time the callers lose waits at the bottleneck. (With the
    two-phase extension exact MVA itself can pass 1 when phase two is long: cap is then that utilisation.)"""
    util = (x[:, None] * net.demands).sum(axis=0)
    util = np.where(is_q, util, 0.0)
    k = int(np.argmax(util))
    if util[k] <= cap:
        return res, resp, x
    x = x * cap / util[k]
    new_resp = np.divide(n, x, out=np.zeros_like(x), where=x > 0) - net.think
    res = res.copy()
    res[:, k] += np.where(x > 0, new_resp - resp, 0.0)
    return res, np.where(x > 0, new_resp, resp), x
