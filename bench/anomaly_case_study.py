"""The case study's Figure 2 on ethernet-10m with the real agents: 3 threads, 4016-byte (3-packet) requests, think
0, 3, 9, 18 ms, both call-handle caches, 300 calls per thread and point (perflab/links/case_study.py), between
emulated 1995 hosts (1 ms of CPU per packet, the case-study preset's setting) and, for comparison, bare hosts.

Prints
  anomaly_case_study_single_rise: <r> ratio      single's highest mean RTT at think > 0 / its mean RTT at think 0
  anomaly_case_study_per_thread_rise: <r> ratio  the same for per-thread
  anomaly_case_study_slow_start_rtt: <r> ratio   single, think 3 ms: mean RTT of the slow-start calls / the others'
  anomaly_case_study_bare_host_single_rise: <r> ratio  single's rise without the host emulation
The paper's Figure 2 is single > 1 (the rise) and per-thread < 1. The measured tables go to stderr. Needs root,
netns, the built agent and perflab-link; prints the reason on stderr and nothing else when they are missing."""

import sys

from perflab.links import case_study, lab
from perflab.links.netns import why_not_usable
from perflab.links.profiles import load
from perflab.links.wire import why_no_binary

THINK_MS = [0, 3, 9, 18]
HOST_PACKET_US = 1000  # frontend/src/pages/launch/presets.ts CASE_STUDY_HOST_PACKET_US


def rise(by: dict, cache: str) -> float:
    return max(by[cache, t].rtt.mean_ms for t in THINK_MS[1:]) / by[cache, 0].rtt.mean_ms


def main() -> int:
    reason = why_not_usable() or why_no_binary() or case_study.why_no_agent()
    if reason:
        print(f"anomaly case-study benchmark skipped: {reason}", file=sys.stderr)
        return 0
    runs = {}
    with lab.temporary("perflab-anomalybench-") as (state, a, b):
        lab.apply(state, load()["ethernet-10m"])
        for host_us in (HOST_PACKET_US, 0):
            points = case_study.sweep(a, b, [4016], [3], THINK_MS, ["single", "per-thread"], calls=300,
                                      host_packet_us=host_us)
            print(f"host CPU per packet {host_us} us:\n{case_study.table(points)}", file=sys.stderr)
            runs[host_us] = {(p.cache, p.think_ms): p for p in points}
    by = runs[HOST_PACKET_US]
    print(f"anomaly_case_study_single_rise: {rise(by, 'single'):.3f} ratio")
    print(f"anomaly_case_study_per_thread_rise: {rise(by, 'per-thread'):.3f} ratio")
    p = by["single", 3]
    print(f"anomaly_case_study_slow_start_rtt: {p.slow_start.mean_ms / p.others.mean_ms:.3f} ratio")
    print(f"anomaly_case_study_bare_host_single_rise: {rise(runs[0], 'single'):.3f} ratio")
    return 0


if __name__ == "__main__":
    sys.exit(main())
