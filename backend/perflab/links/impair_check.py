"""The link process's impairments measured against their configuration (bench/link_impair.py and
tests/test_link_impair.py): one-way delays against the configured jitter distribution (Kolmogorov-Smirnov), loss
against its binomial interval, Gilbert-Elliott burst lengths, drop-tail drops against an independent replay of the
queue, and the process's ceiling. Each check runs the lab's own link between two throw-away namespaces."""

import json
import math
import subprocess
from dataclasses import dataclass

import numpy as np
from scipy import stats

from perflab.core.config import REPO_ROOT
from perflab.links import lab
from perflab.links.owd import paced
from perflab.links.profiles import parse

AGENT = REPO_ROOT / "agents" / "build" / "perflab-agent"
IP_UDP_HEADER = 28


def profile(toml_body: str, name: str = "check"):
    """A profile as a user writes one (the same parser and rules), for the check at hand."""
    return parse(f'[{name}]\ndescription = "impairment check"\n{toml_body}', "impair_check")[name]


def run(toml_body: str, count: int, interval_s: float, payload: int = 64) -> list[tuple[int, int | None]]:
    """Apply the profile in a lab of its own and send `count` paced datagrams across it (owd.paced)."""
    with lab.temporary("perflab-impair-") as (state, a, b):
        lab.apply(state, profile(toml_body))
        return paced(a, b, count, interval_s, payload)


@dataclass
class Fraction:
    """A measured share of events and its 95 % (Wilson) interval."""
    hits: int
    n: int

    @property
    def value(self) -> float:
        return self.hits / self.n

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        p, n, z2 = self.value, self.n, z * z
        mid = (p + z2 / (2 * n)) / (1 + z2 / n)
        half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        return mid - half, mid + half


def delays_ms(sent: list[tuple[int, int | None]]) -> np.ndarray:
    return np.array([(r - t) / 1e6 for t, r in sent if r is not None])


def delay_ks_p(delays_ms_: np.ndarray, delay_ms: float, jitter_ms: float, base_ms: float) -> float:
    """KS p-value of one-way delays against delay + N(0, jitter) (clamped at 0) plus the frame's own time on the
    wire, base_ms (serialisation, and the host's few µs that remain)."""
    x = delays_ms_ - base_ms
    return float(stats.kstest(x, stats.norm(loc=delay_ms, scale=jitter_ms).cdf).pvalue)


def lost(sent: list[tuple[int, int | None]]) -> np.ndarray:
    return np.array([r is None for _, r in sent])


def burst_lengths(lost_: np.ndarray) -> list[int]:
    """Lengths of the runs of consecutive losses."""
    out, run_ = [], 0
    for x in lost_:
        if x:
            run_ += 1
        elif run_:
            out.append(run_)
            run_ = 0
    return out + ([run_] if run_ else [])


def droptail_lost(arrivals_ns: list[int], ip_bytes: int, rate_bps: float, limit_packets: int,
                  overhead: int = 38) -> np.ndarray:
    """An independent replay of a FIFO wire with a drop-tail queue of `limit_packets` (waiting plus the one being
    sent) for packets arriving at the given times: which ones it drops."""
    service = (ip_bytes + overhead) * 8 / rate_bps * 1e9
    ends: list[float] = []  # departure (end of sending) of each admitted packet still in the system
    out = []
    for t in arrivals_ns:
        ends = [e for e in ends if e > t]
        if len(ends) >= limit_packets:
            out.append(True)
            continue
        ends.append(max(t, ends[-1] if ends else t) + service)
        out.append(False)
    return np.array(out)


def max_rate_gbit_s(seconds: int = 3) -> float:
    """The link process's ceiling: a UDP stream of full frames (the lab's own agent, `stream`) across a wire
    asking 100 Gbit/s; the receiver's IP bytes per second."""
    with lab.temporary("perflab-ceiling-") as (state, a, b):
        lab.apply(state, profile("rate_mbit = 100000\ndelay_ms = 0.001\nqueue_bytes = 4000000"))
        port = "9915"
        server = subprocess.Popen(["ip", "netns", "exec", b["ns"], str(AGENT), "stream", "--listen", port, "--bind",
                                   b["address"], "--transport", "udp"], stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL)
        try:
            server.stdout.readline()  # listening
            out = subprocess.run(["ip", "netns", "exec", a["ns"], str(AGENT), "stream", "--connect",
                                  f"{b['address']}:{port}", "--transport", "udp", "--message-bytes", "1472",
                                  "--duration", str(seconds), "--json"], capture_output=True, text=True,
                                 timeout=seconds + 30, check=True)
        finally:
            server.terminate()
            server.wait(5)
    end = json.loads(out.stdout)["end"]
    ip_bytes = end["received_messages"] * IP_UDP_HEADER + end["received_bytes"]
    return ip_bytes * 8 / (end["receiver_duration_ns"] / 1e9) / 1e9

