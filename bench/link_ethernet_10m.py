"""Emulated 10 Mbit/s Ethernet: how close the emulated wire spaces frames, and what applying it costs at launch.

Prints
  link_apply_ms: <n> ms              applying ethernet-10m (TUN devices, link process, routes) and measuring the link
  ethernet10m_frame_spacing_vs_wire: <r> ratio   median RX spacing of back-to-back full frames / 0.8 us x 1538 B
                                                 (a full frame on the wire: preamble, header, FCS and gap included)
(the wire figure is the DCE paper's 0.8 us per byte at 10 Mbit/s, seeds/000). Needs root and netns; prints a
reason on stderr and nothing else when they are missing."""

import statistics
import sys
import time

from perflab.links import lab
from perflab.links.capture import frame_arrivals, spacing_us
from perflab.links.frames import wire_bytes
from perflab.links.netns import why_not_usable
from perflab.links.profiles import load

ROUNDS = 5


def main() -> int:
    reason = why_not_usable()
    if reason:
        print(f"link benchmarks skipped: {reason}", file=sys.stderr)
        return 0
    profiles = load()
    apply_ms, gaps = [], []
    with lab.temporary("perflab-linkbench-") as (state, a, b):
        for _ in range(ROUNDS):
            lab.apply(state, profiles["loopback"])
            t0 = time.perf_counter()
            lab.apply(state, profiles["ethernet-10m"])
            apply_ms.append((time.perf_counter() - t0) * 1000)
            gaps += spacing_us(frame_arrivals(a, b, 1472 + 1480 * 7))
    print(f"link_apply_ms: {statistics.median(apply_ms):.1f} ms")
    print(f"ethernet10m_frame_spacing_vs_wire: {statistics.median(gaps) / (0.8 * wire_bytes(1514)):.4f} ratio")
    return 0


if __name__ == "__main__":
    sys.exit(main())
