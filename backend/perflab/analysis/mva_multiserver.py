"""Multi-server stations (c identical servers sharing one queue, such as an RPC server's pool of executor
threads) in the closed-network MVA of mva.py.

Exact: load-dependent MVA with marginal queue-length probabilities (Reiser & Lavenberg 1980; Lazowska et al.,
Quantitative System Performance, 1984, ch. 8 "load-dependent centers"). A station with c servers completes work
at rate alpha(j) = min(j, c) times its one-server rate when j jobs are there, and

    R_ck(n)   = D_ck * sum_{j=1..|n|} j / alpha(j) * p_k(j - 1 | n - 1_c)
    p_k(j|n)  = sum_c D_ck / alpha(j) * X_c(n) * p_k(j - 1 | n - 1_c)      (j >= 1)
    p_k(0|n)  = 1 - sum_{j>=1} p_k(j|n)

Single-server queueing and delay stations keep the load-independent recursion of mva.py. The cost grows with
the number of population vectors times the total population, so this is for small populations.

Approximate: Seidmann, Schweitzer & Shalev-Oren (1987): a c-server station of demand D is replaced by a
single-server queue of demand D/c followed by a delay of D*(c-1)/c, which any MVA (exact or Schweitzer-Bard)
then solves. Phase-two demand is split between the two parts in the same proportion."""

from itertools import product

import numpy as np

from perflab.analysis.mva_network import DELAY, QUEUE, MvaResult, Network, population_vector, result_at

MAX_WORK = 20_000_000  # population vectors x total population x stations kept in memory for exact LD MVA


def servers_of(net: Network) -> np.ndarray:
    return np.ones(len(net.stations), dtype=int) if net.servers is None else np.asarray(net.servers, dtype=int)


def is_multiserver(net: Network) -> bool:
    """True when some queueing station has more than one server (a delay station has no queue to share)."""
    c = servers_of(net)
    return any(kind == QUEUE and c[k] > 1 for k, kind in enumerate(net.kinds))


def exact_load_dependent(net: Network, population, every_queue: bool = False, cv2=None) -> MvaResult:
    """Exact MVA with c-server stations (see the module text); single-server stations as in mva.exact, or
    through the load-dependent recursion too with every_queue (a check: both must agree). cv2 (per station,
    array): single-server stations get mva_residual's residual-service correction; c-server ones stay
    exponential."""
    pop = population_vector(net, population)
    C, K = net.demands.shape
    total = int(pop.sum())
    c = servers_of(net)
    ld = [k for k in range(K) if net.kinds[k] == QUEUE and (c[k] > 1 or every_queue)]
    li = [k for k in range(K) if net.kinds[k] == QUEUE and k not in ld]
    vectors = int(np.prod(pop + 1))
    if vectors * (total + 1) * max(1, len(ld)) > MAX_WORK:
        raise ValueError("population too large for exact multi-server MVA: use Schweitzer-Bard (Seidmann)")
    j = np.arange(1, total + 1)
    # alpha[i, j-1] = min(j, c) for station ld[i]
    alpha = np.minimum(j[None, :], c[ld][:, None]).astype(float)
    q = np.zeros(tuple(pop + 1) + (K,))  # Q_k(n), total over classes
    u = np.zeros(tuple(pop + 1) + (K,))  # U_k(n), for the residual correction
    half = np.zeros(K) if cv2 is None else (np.asarray(cv2, dtype=float) - 1.0) / 2.0
    p = np.zeros(tuple(pop + 1) + (len(ld), total + 1))  # p_k(j | n) for the load-dependent stations
    p[(0,) * C + (slice(None), 0)] = 1.0
    last = None
    for n in sorted(product(*(range(m + 1) for m in pop)), key=sum):
        if sum(n) == 0:
            continue
        res = np.where(np.array([k == QUEUE for k in net.kinds])[None, :], 0.0, net.demands)
        prev_p = np.zeros((C, len(ld), total + 1))
        for cl in range(C):
            if n[cl] == 0:
                continue
            prev = list(n)
            prev[cl] -= 1
            prev = tuple(prev)
            for k in li:
                res[cl, k] = net.demands[cl, k] * (1.0 + q[prev][k] + u[prev][k] * half[k])
            prev_p[cl] = p[prev]
            for i, k in enumerate(ld):
                # sum_j j/alpha(j) p(j-1 | n - 1_c), j = 1..total
                res[cl, k] = net.demands[cl, k] * np.dot(j / alpha[i], prev_p[cl, i, :total])
        resp = res.sum(axis=1) - net.phase2.sum(axis=1)
        denom = net.think + resp
        x = np.divide(np.array(n, dtype=float), denom, out=np.zeros(C), where=denom > 0)
        q[n] = (x[:, None] * res).sum(axis=0)
        u[n] = (x[:, None] * net.demands).sum(axis=0)
        for i, k in enumerate(ld):
            # p(j | n) for j >= 1 from p(j - 1 | n - 1_c); p(0 | n) closes the distribution
            flow = (net.demands[:, k] * x)[:, None] * prev_p[:, i, :total]  # [class, j-1]
            pj = flow.sum(axis=0) / alpha[i]
            p[n][i, 1:] = pj
            p[n][i, 0] = max(0.0, 1.0 - pj.sum())
        last = (res, resp, x)
    return result_at(net, pop, last)


def seidmann(net: Network) -> tuple[Network, list[int]]:
    """The network with each c-server queue split into a queue of D/c and a delay of D(c-1)/c; also, for each
    new station, the index of the original station it stands for (to fold results back)."""
    c = servers_of(net)
    names, kinds, cols, p2cols, origin = [], [], [], [], []
    for k, kind in enumerate(net.kinds):
        if kind == QUEUE and c[k] > 1:
            share = 1.0 / c[k]
            names += [net.stations[k], f"{net.stations[k]} (seidmann delay)"]
            kinds += [QUEUE, DELAY]
            cols += [net.demands[:, k] * share, net.demands[:, k] * (1 - share)]
            p2cols += [net.phase2[:, k] * share, net.phase2[:, k] * (1 - share)]
            origin += [k, k]
        else:
            names.append(net.stations[k])
            kinds.append(kind)
            cols.append(net.demands[:, k])
            p2cols.append(net.phase2[:, k])
            origin.append(k)
    split = Network(names, kinds, np.stack(cols, axis=1), np.stack(p2cols, axis=1), net.think, net.classes)
    return split, origin


def fold(net: Network, origin: list[int], r: MvaResult) -> MvaResult:
    """Results of the split network back on the original stations: residences and queues add up."""
    C, K = net.demands.shape
    res, queue = np.zeros((C, K)), np.zeros((C, K))
    for i, k in enumerate(origin):
        res[:, k] += r.residence[:, i]
        queue[:, k] += r.queue[:, i]
    return MvaResult(r.population, res, r.response, r.throughput, r.throughput[:, None] * net.demands, queue,
                     r.iterations)


def server_pool(run_params: dict) -> dict:
    """How many servers the server CPU station of a run's model gets, and why: an RPC server runs
    `server_threads` executors, of which at most the server machine's online CPUs (its agent's `cpus`
    capability) can compute at once; a ping-pong server is one thread."""
    threads = run_params.get("server_threads")
    if not isinstance(threads, int) or threads < 1:
        return {"servers": 1, "server_threads": None, "server_cpus": None,
                "why": "one server thread (ping-pong): a single queue"}
    cpus = run_params.get("server_cpus")
    cpus = int(cpus) if isinstance(cpus, (int, float)) and cpus >= 1 else None
    c = min(threads, cpus) if cpus else threads
    why = (f"min(server_threads {threads}, server CPUs {cpus})" if cpus else
           f"server_threads {threads} (the server agent reports no CPU count)")
    return {"servers": c, "server_threads": threads, "server_cpus": cpus, "why": why}
