"""Discrete-event simulation of the same closed network MVA solves (simpy), as the case study cross-checked its
analytic model with GPSS/H. Each of N threads per class thinks (exponential, mean Z), then visits the stations
in order; a queueing station's c servers (default 1) each serve one job at a time (FCFS) for a constant
phase-one time, release the caller, and stay busy for its phase-two time; a delay station just holds the caller. The caller's response time is the
sum of its residences, phase two excluded, as in the two-phase MVA."""

from dataclasses import asdict, dataclass

import numpy as np
import simpy

from perflab.analysis.mva import QUEUE, Network


@dataclass(frozen=True)
class SimResult:
    population: list[int]
    response: list[float]  # mean per class
    response_std: list[float]
    throughput: list[float]  # per class, completions per time unit
    utilisation: list[float]  # per station
    completed: list[int]
    horizon: float

    def as_dict(self) -> dict:
        return asdict(self)


def simulate(net: Network, population, horizon: float, warmup: float = 0.0, seed: int = 1,
             service: str = "constant") -> SimResult:
    """horizon and warmup in the network's time unit; service: 'constant' (the case study's assumption) or
    'exponential' (the product-form assumption under which exact MVA is exact)."""
    if horizon <= warmup or horizon <= 0:
        raise ValueError("horizon must be positive and larger than warmup")
    if service not in ("constant", "exponential"):
        raise ValueError("service must be 'constant' or 'exponential'")
    pop = [int(n) for n in population]
    C, K = net.demands.shape
    rng = np.random.default_rng(seed)
    env = simpy.Environment()
    # a queueing station with c servers (an executor pool) serves up to c callers at once from one FCFS queue
    cap = net.servers or (1,) * K
    servers = [simpy.Resource(env, capacity=cap[k]) if kind == QUEUE else None for k, kind in enumerate(net.kinds)]
    busy = np.zeros(K)
    samples: list[list[float]] = [[] for _ in range(C)]

    def draw(mean: float) -> float:
        if mean <= 0:
            return 0.0
        return float(rng.exponential(mean)) if service == "exponential" else mean

    def phase_two(k: int, req, t2: float):
        yield env.timeout(t2)
        servers[k].release(req)
        if env.now > warmup:
            busy[k] += t2

    def thread(c: int):
        while True:
            if net.think[c] > 0:
                yield env.timeout(float(rng.exponential(net.think[c])))
            began = env.now
            for k in range(K):
                d1 = net.demands[c, k] - net.phase2[c, k]
                d2 = net.phase2[c, k]
                scale = draw(net.demands[c, k]) / net.demands[c, k] if net.demands[c, k] > 0 else 0.0
                if servers[k] is None:
                    yield env.timeout(d1 * scale)
                    continue
                req = servers[k].request()
                yield req
                yield env.timeout(d1 * scale)
                if env.now > warmup:
                    busy[k] += d1 * scale
                if d2 > 0:
                    env.process(phase_two(k, req, d2 * scale))
                else:
                    servers[k].release(req)
            if began >= warmup:
                samples[c].append(env.now - began)

    for c in range(C):
        for _ in range(pop[c]):
            env.process(thread(c))
    env.run(until=horizon)
    span = horizon - warmup
    return SimResult(pop, [float(np.mean(s)) if s else 0.0 for s in samples],
                     [float(np.std(s, ddof=1)) if len(s) > 1 else 0.0 for s in samples],
                     [len(s) / span for s in samples], (busy / span).tolist(), [len(s) for s in samples], horizon)
