"""The closed queueing network every MVA of this package solves (mva.py single-server, mva_multiserver.py
c-server stations) and the result they return: one module both import, so neither imports the other's types."""

from dataclasses import dataclass, field

import numpy as np

QUEUE, DELAY = "queue", "delay"


@dataclass(frozen=True)
class Network:
    stations: list[str]
    kinds: list[str]  # QUEUE | DELAY per station
    demands: np.ndarray  # [class, station], seconds or any time unit (the same for think times)
    phase2: np.ndarray  # [class, station], part of demands done after the caller is released
    think: np.ndarray  # [class]
    classes: list[str] = field(default_factory=list)
    servers: tuple[int, ...] | None = None  # per station; None = one server each

    @staticmethod
    def build(stations, kinds, demands, think, phase2=None, classes=None, servers=None) -> "Network":
        d = np.atleast_2d(np.asarray(demands, dtype=float))
        p2 = np.zeros_like(d) if phase2 is None else np.atleast_2d(np.asarray(phase2, dtype=float))
        z = np.atleast_1d(np.asarray(think, dtype=float))
        C, K = d.shape
        if len(stations) != K or len(kinds) != K:
            raise ValueError(f"stations and kinds must name {K} stations (got {len(stations)}, {len(kinds)})")
        bad = [k for k in kinds if k not in (QUEUE, DELAY)]
        if bad:
            raise ValueError(f"station kind must be 'queue' or 'delay' (got {bad[0]!r})")
        if p2.shape != d.shape or z.shape != (C,):
            raise ValueError(f"phase2 must be {C}x{K} and think must have {C} values")
        if np.any(d < 0) or np.any(p2 < 0) or np.any(z < 0):
            raise ValueError("demands, phase2 and think must be non-negative")
        if np.any(p2 > d + 1e-12):
            raise ValueError("phase-two demand cannot exceed the station's total demand")
        names = list(classes) if classes else [f"class{c}" for c in range(C)]
        if servers is not None:
            if len(servers) != K or any(int(c) != c or not 1 <= c <= 1024 for c in servers):
                raise ValueError(f"servers must be {K} integers from 1 to 1024 (got {list(servers)})")
            servers = tuple(int(c) for c in servers)
        return Network(list(stations), list(kinds), d, p2, z, names, servers)


@dataclass(frozen=True)
class MvaResult:
    population: list[int]
    residence: np.ndarray  # [class, station] R_ck, including phase two
    response: np.ndarray  # [class] R_c, phase two subtracted
    throughput: np.ndarray  # [class] X_c
    utilisation: np.ndarray  # [class, station] U_ck = X_c D_ck
    queue: np.ndarray  # [class, station] Q_ck = X_c R_ck
    iterations: int = 0  # Schweitzer-Bard only

    def as_dict(self, net: Network) -> dict:
        return {
            "population": self.population, "classes": net.classes, "stations": net.stations,
            "response": self.response.tolist(), "throughput": self.throughput.tolist(),
            "residence": self.residence.tolist(), "utilisation": self.utilisation.tolist(),
            "queue": self.queue.tolist(), "station_utilisation": self.utilisation.sum(axis=0).tolist(),
            "station_queue": self.queue.sum(axis=0).tolist(), "iterations": self.iterations,
            "servers": list(net.servers) if net.servers else [1] * len(net.stations),
        }


def population_vector(net: Network, population) -> np.ndarray:
    """The population as one non-negative integer per class (every MVA of this package checks it the same)."""
    pop = np.asarray(population, dtype=int)
    if pop.shape != (net.demands.shape[0],) or np.any(pop < 0):
        raise ValueError(f"population must be {net.demands.shape[0]} non-negative integers")
    return pop


def result_at(net: Network, pop: np.ndarray, last: tuple | None) -> MvaResult:
    """The result of the recursion's last step (residence, response, throughput) at the full population."""
    C, K = net.demands.shape
    if last is None:  # an empty population
        z = np.zeros((C, K))
        return MvaResult(pop.tolist(), z, np.zeros(C), np.zeros(C), z, z)
    res, resp, x = last
    return MvaResult(pop.tolist(), res, resp, x, x[:, None] * net.demands, x[:, None] * res)
