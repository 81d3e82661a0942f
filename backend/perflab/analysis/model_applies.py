"""Where the model applies (issue 30, item 4): the reasons a point is not judged, in words the Model tab shows.
A point the model does not apply to is never flagged; each reason names what the measurement showed."""

import numpy as np


def shared_host_caveat(params: dict, same_host: bool, base_rtts: list[np.ndarray]) -> str | None:
    """Why the model says little on loopback: both agents (their caller threads, executors and uploaders) and the
    backend share one host's few CPUs, so a call's time depends on the host's scheduling more than on its own
    demands; the spread of the base points' RTTs shows it. None when the agents talk over a link."""
    if not same_host or (params.get("link") or {}).get("profile") != "loopback":
        return None
    cpus = params.get("server_cpus")
    cvs = [float(x.std() / x.mean()) for x in base_rtts if x.size > 1 and x.mean() > 0]
    spread = f"; the base points' RTTs vary with a coefficient of variation of {max(cvs):.2f}" if cvs else ""
    return (f"the model may not apply here: both agents and the backend share this host's "
            f"{cpus if cpus else 'few'} CPUs on loopback, so calls wait for the host's scheduler as much as for "
            f"their own demands{spread} (a wire's is near 0). For the case study launch on ethernet-10m, an "
            f"emulated wire between the lab's namespaces")


SHARED_CORES_BUSY = 0.7  # predicted utilisation of cores the agents share beyond which their scheduler decides
SHARED_CORES_CV = 0.5  # a base point's RTT coefficient of variation beyond which its demands are not steady
# ... measured without its slowest 5 % of calls: a few stalls (a 10 ms wake-up among 60 calls of 1.5 ms gives a CV
# of 0.6; CI 2026-11-28) are not the steady spread of scheduling, and the planted faults must stay judged
SHARED_CORES_CV_KEEP = 0.95
# a mean this far above the median, with the shared cores this busy by the model, is a tail of waits for a core (4
# callers of 4016 B on lan-1g: median 132 µs, mean 231 µs); a fault planted in every call moves the median too
SHARED_CORES_TAIL, SHARED_CORES_TAIL_BUSY = 1.3, 0.25


def shared_cores_caveat(d, model_ns: float, threads: int, think: float, base_rtt: np.ndarray, same_host: bool,
                        emulated: bool, measured: np.ndarray | None = None) -> str | None:
    """Why the model does not apply at one point between agents that share a host's cores (no host emulation):
    the cores would be mostly busy (both agents' callers, listener and executors, and the lab's backend storing
    the trace, contend for them: context switches and run queues the one-caller base never met), or the base
    point's own calls already varied like scheduling, not like a device, or the point's mean is a tail of waits for
    a core (measured: its calls' RTTs). None where it applies."""
    if not same_host or emulated:
        return None
    cpu = next((x for x in d if x.device == "host_cpu"), None)
    if cpu is None:
        return None
    busy = threads / (think + model_ns) * cpu.total_ns / cpu.servers if think + model_ns > 0 else 0.0
    if threads > 1 and busy >= SHARED_CORES_BUSY:
        return (f"the model does not apply here: the host's {cpu.servers} cores, shared by both agents' threads and "
                f"the lab's backend, would be {busy:.0%} busy, so their scheduler, not the demands measured with one "
                f"caller, decides the time")
    if measured is not None and measured.size > 1 and threads > 1 and busy >= SHARED_CORES_TAIL_BUSY:
        mean, median = float(measured.mean()), float(np.median(measured))
        if median > 0 and mean >= SHARED_CORES_TAIL * median:
            return (f"the model does not apply here: on cores both agents and the lab's backend share (the model "
                    f"has them {busy:.0%} busy) the mean RTT ({mean / 1e6:.3g} ms) is {mean / median:.2f} times "
                    f"the median ({median / 1e6:.3g} ms): a tail of waits for a core, the scheduler's, not a "
                    f"device's")
    cv = _spread_without_stalls(base_rtt)
    if cv >= SHARED_CORES_CV:
        return (f"the model does not apply here: its base point's RTTs (without their slowest 5 %) vary with a "
                f"coefficient of variation of {cv:.2f} (a wire's is near 0) on cores both agents and the lab's backend share, so its demands "
                f"are the host's scheduling and wake-ups, not a device's steady work")
    return None


def _spread_without_stalls(rtt: np.ndarray) -> float:
    """The coefficient of variation of the calls up to the 95th percentile of RTT."""
    if rtt.size < 2:
        return 0.0
    kept = np.sort(rtt)[:max(2, int(np.ceil(rtt.size * SHARED_CORES_CV_KEEP)))]
    return float(kept.std() / kept.mean()) if kept.mean() > 0 else 0.0


# between emulated hosts every device's service is fixed by construction: a clean base's mean RTT is known to
# +-0.5 % or better (make bench, case study: +-0.1-0.5 %); a base known only to +-3-5 % (CI 2026-11-28: the 1392 B
# 1-thread points of one run, while the 3-thread ones ran clean) met the real machine's interference
DISTURBED_BASE_PCT = 2.0


def disturbed_base_caveat(base_rtt: np.ndarray, ci: tuple[float, float], threads: int, emulated: bool) -> str | None:
    """Why a point is not judged between emulated hosts when its base point was disturbed while it ran: the
    model would carry that moment's interference to every point built on it. None where it applies."""
    if not emulated or threads < 2 or base_rtt.size < 2 or base_rtt.mean() <= 0:
        return None
    half = (ci[1] - ci[0]) / 2 / float(base_rtt.mean()) * 100
    if half <= DISTURBED_BASE_PCT:
        return None
    return (f"the model does not apply here: its base point was disturbed while it ran: between emulated hosts "
            f"every device's service is fixed, yet the base's mean RTT is known only to +-{half:.1f} % (a clean "
            f"base: +-0.5 % or better), so the machine's interference is in the demands the model is built on; "
            "launch again to judge this point")


LOCKSTEP_CV2 = 0.05  # a bottleneck this steady, with constant think times, lets callers fall into step


def lockstep_caveat(d, cv2: list, threads: int, think: float, think_dist: str) -> str | None:
    """Why no mean-value model decides a point of callers with constant think times at a near-constant bottleneck:
    the closed network is then nearly deterministic and its callers lock into a periodic pattern whose mean depends
    on how they fell into step (one lab run of 3 callers: 8.5 ms per call for 30 calls each, then 17 ms for the
    rest; the simulation settles into the best pattern). None where that cannot happen."""
    if threads < 2 or think <= 0 or think_dist != "constant":
        return None
    q = [(x.total_ns / x.servers, v, x.device) for x, v in zip(d, cv2) if x.kind == "queue"]
    if not q:
        return None
    _, v, dev = max(q, key=lambda t: t[0])
    if v is None or v >= LOCKSTEP_CV2:
        return None
    return (f"the model does not apply here: constant think times and a near-constant bottleneck ({dev}, cv² "
            f"{v:.3f}) let the callers lock into a periodic pattern whose mean depends on how they fell into step, "
            "which no mean-value model or simulation decides; exponential think times give a point it can judge")
