"""The ethernet-10m wire against a real one: does a frame take its wire time, also on an idle link?

Prints
  link_lone_frame_vs_wire: <r> ratio   one full frame after >= 50 ms idle: one-way delay / (1538 B x 0.8 us + 5 us)
  link_queue_vs_wire: <r> ratio        three full frames back to back: the last one's delay / (3 x 1538 B x 0.8 + 5)
One-way delays are kernel stamps on the one host clock: the sender's TX (SND) stamp to the receiver's RX stamp
(perflab/links/owd.py); medians of 15 bursts each. Target 0.95-1.10. Needs root, netns and agents/build/perflab-link;
prints the reason on stderr and nothing else when they are missing."""

import sys

from perflab.links import lab
from perflab.links.netns import why_not_usable
from perflab.links.owd import wire_ratios
from perflab.links.profiles import load
from perflab.links.wire import why_no_binary


def main() -> int:
    reason = why_not_usable() or why_no_binary()
    if reason:
        print(f"link wire benchmarks skipped: {reason}", file=sys.stderr)
        return 0
    profile = load()["ethernet-10m"]
    with lab.temporary("perflab-wirebench-") as (state, a, b):
        lab.apply(state, profile)
        r = wire_ratios(a, b, profile.rate_mbit, profile.delay_ms * 1000, profile.overhead_bytes)
    print(f"link_lone_frame_vs_wire: {r['lone_frame']:.4f} ratio")
    print(f"link_queue_vs_wire: {r['queue']:.4f} ratio")
    return 0


if __name__ == "__main__":
    sys.exit(main())
