"""The case study's anomaly experiment on the lab's emulated link without a backend: the agent's own RPC
client and server (`perflab-agent rpc` / `rpc-serve`, agents/src/rpc/rpc_cli.c) in the two namespaces, a
threads x think x cache sweep, per point the RTT and the calls that went through slow start (the agent flags
every call whose request went in small packets; Khandker & Teorey counted those packets with BPF). host_packet_us
emulates the 1995 hosts' CPU per packet on both sides (agents/src/rpc/rpc_host.h), 0 = today's hosts.
Used by tests/test_anomaly_case_study.py and bench/anomaly_case_study.py."""

import json
import math
import subprocess
from dataclasses import dataclass

from perflab.core.config import REPO_ROOT

AGENT = REPO_ROOT / "agents" / "build" / "perflab-agent"
PORT = 7719  # inside the lab's namespaces only


@dataclass(frozen=True)
class Group:
    count: int
    mean_ms: float
    ci95_ms: float  # half-width, normal approximation (hundreds of calls per point)


@dataclass(frozen=True)
class Point:
    request_bytes: int
    threads: int
    think_ms: float
    cache: str
    rtt: Group
    median_ms: float
    slow_start_calls: int
    slow_start: Group  # the calls sent in small packets
    others: Group  # the rest of the point's measured calls

    @property
    def slow_share(self) -> float:
        return self.slow_start_calls / self.rtt.count if self.rtt.count else 0.0


def _group(d: dict) -> Group:
    n = int(d["count"])
    return Group(n, d["mean"] / 1e6, 1.96 * d["stddev"] / 1e6 / math.sqrt(n) if n > 1 else math.inf)


def why_no_agent() -> str | None:
    return None if AGENT.exists() else f"the agent is not built ({AGENT}): run `make -C agents`"


def sweep(a: dict, b: dict, request_bytes: list[int], threads: list[int], think_ms: list[float],
          caches: list[str], calls: int, warmup: int = 10, seed: int = 1, host_packet_us: int = 0) -> list[Point]:
    """a, b: the lab's agents as lab.create returns them ({"ns", "address", ...}); the link as applied."""
    server = subprocess.Popen(["ip", "netns", "exec", b["ns"], str(AGENT), "rpc-serve", "--bind", b["address"],
                               "--port", str(PORT), "--threads", "4", "--host-packet-us", str(host_packet_us)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        ready = server.stdout.readline()
        if "listening" not in ready:
            raise RuntimeError(f"rpc-serve did not start: {ready}{server.stderr.read()}")
        out = subprocess.run(
            ["ip", "netns", "exec", a["ns"], str(AGENT), "rpc", "--connect", f"udp:{b['address']}[{PORT}]",
             "--procedure", "sink", "--request-bytes", ",".join(map(str, request_bytes)),
             "--threads", ",".join(map(str, threads)),
             "--think-us", ",".join(str(round(t * 1000)) for t in think_ms), "--cache", ",".join(caches),
             "--calls", str(calls), "--warmup", str(warmup), "--seed", str(seed),
             "--host-packet-us", str(host_packet_us), "--json"],
            capture_output=True, text=True, timeout=1800)
        if out.returncode != 0:
            raise RuntimeError(f"rpc sweep failed ({out.returncode}): {out.stderr[-2000:]}")
    finally:
        server.terminate()
        server.wait(10)
    return [Point(p["request_bytes"], p["threads"], p["think_time_us"] / 1000, p["cache"],
                  _group(p["rtt_ns"]), p["rtt_ns"]["p50"] / 1e6, p["slow_start_calls"],
                  _group(p["slow_start_rtt_ns"]), _group(p["other_rtt_ns"]))
            for p in json.loads(out.stdout)["points"]]


def table(points: list[Point]) -> str:
    """Markdown rows as docs/analysis.md shows them."""
    rows = ["| request B | threads | think ms | cache | calls | mean ms (95% CI) | median ms | slow-start calls "
            "| their mean ms | the others' mean ms |", "|---|---|---|---|---|---|---|---|---|---|"]
    for p in points:
        slow = f"{p.slow_start_calls} ({100 * p.slow_share:.0f}%)"
        their = f"{p.slow_start.mean_ms:.2f}" if p.slow_start.count else "—"
        rows.append(f"| {p.request_bytes} | {p.threads} | {p.think_ms:g} | {p.cache} | {p.rtt.count} | "
                    f"{p.rtt.mean_ms:.2f} ± {p.rtt.ci95_ms:.2f} | {p.median_ms:.2f} | {slow} | {their} | "
                    f"{p.others.mean_ms:.2f} |")
    return "\n".join(rows)
