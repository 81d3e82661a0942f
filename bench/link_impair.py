"""The link process's impairments against their configuration (issue 31, item 5), each in a lab of its own.

Prints
  link_delay_ks_p: <p> p                10,000 one-way delays (20 ms, normal jitter 4 ms, reordering allowed) against
                                        the configured distribution: Kolmogorov-Smirnov p (target >= 0.01)
  link_loss_rate_vs_config: <r> ratio   20,000 datagrams at 2 % Bernoulli loss: measured / configured (its 95 %
                                        interval on stderr; target: inside it)
  link_burst_len_vs_config: <r> ratio   Gilbert-Elliott p 2 %, r 25 %, all lost in bad: mean burst / (1 / r)
  link_queue_drop_vs_model: <r> ratio   10 Mbit/s, 20-packet drop-tail, offered about twice the rate: drops /
                                        an independent replay of the queue from the datagrams' kernel send stamps
  link_max_rate_gbit_s: <x> Gbit/s      a UDP stream of full frames across a wire asking 100 Gbit/s
Needs root, netns and agents/build/perflab-link; prints the reason on stderr and nothing else when missing."""

import sys

import numpy as np

from perflab.links import impair_check as ic
from perflab.links.netns import why_not_usable
from perflab.links.wire import why_no_binary


def main() -> int:
    reason = why_not_usable() or why_no_binary()
    if reason:
        print(f"link impairment benchmarks skipped: {reason}", file=sys.stderr)
        return 0
    sent = ic.run("rate_mbit = 100\ndelay_ms = 20\njitter_ms = 4\njitter_distribution = \"normal\"\nreorder = true",
                  10_000, 0.0005)
    base_ms = (64 + 28 + 38) * 8 / 100e6 * 1e3
    d = ic.delays_ms(sent)
    print(f"link_delay_ks_p: {ic.delay_ks_p(d, 20, 4, base_ms):.3f} p")
    print(f"  delays: n {d.size}, mean {d.mean():.3f} ms, sd {d.std():.3f} ms", file=sys.stderr)

    lost = ic.lost(ic.run("rate_mbit = 100\nloss_percent = 2", 20_000, 0.0001))
    f = ic.Fraction(int(lost.sum()), lost.size)
    lo, hi = f.interval()
    print(f"link_loss_rate_vs_config: {f.value / 0.02:.3f} ratio")
    print(f"  loss {f.value:.4f}, 95 % interval {lo:.4f}-{hi:.4f} (configured 0.02: "
          f"{'inside' if lo <= 0.02 <= hi else 'OUTSIDE'})", file=sys.stderr)

    lost = ic.lost(ic.run("rate_mbit = 100\nge_p_percent = 2\nge_r_percent = 25\nge_loss_bad_percent = 100\n"
                          "ge_loss_good_percent = 0", 20_000, 0.0001))
    bursts = ic.burst_lengths(lost)
    print(f"link_burst_len_vs_config: {np.mean(bursts) / 4:.3f} ratio")
    print(f"  {len(bursts)} bursts, mean {np.mean(bursts):.2f} packets (configured 1 / 0.25 = 4)", file=sys.stderr)

    payload = 1250 - 28
    sent = ic.run("rate_mbit = 10\nqueue_packets = 20", 600, 0.0005, payload)
    measured = ic.lost(sent)
    model = ic.droptail_lost([t for t, _ in sent], 1250, 10e6, 20)
    print(f"link_queue_drop_vs_model: {measured.sum() / max(1, model.sum()):.3f} ratio")
    print(f"  dropped {measured.sum()} of {measured.size}, the replay {model.sum()}; same packets "
          f"{int((measured & model).sum())}", file=sys.stderr)

    print(f"link_max_rate_gbit_s: {ic.max_rate_gbit_s():.2f} Gbit/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
