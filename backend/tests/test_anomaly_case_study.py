"""The case study's anomaly (Khandker & Teorey, sections 2 and 4.3-4.4, Figure 2) with the real agents on the
ethernet-10m wire: 3 caller threads, 3-packet (4016 B) requests, think 0 / small / large, both cache policies.
Needs root, netns, agents/build/perflab-agent and perflab-link."""

import tempfile
from pathlib import Path

import pytest

from perflab.links import case_study, lab, wire
from perflab.links.netns import why_not_usable
from perflab.links.profiles import load

REASON = why_not_usable() or wire.why_no_binary() or case_study.why_no_agent()
pytestmark = pytest.mark.skipif(REASON is not None, reason=f"the anomaly needs root, netns and the built agents "
                                                           f"on the emulated wire: {REASON}")
THINK_MS = [0, 3, 18]


@pytest.fixture(scope="module")
def sweep():
    with tempfile.TemporaryDirectory(prefix="perflab-anomaly-") as tmp:
        state = Path(tmp)
        created = lab.create(state)
        try:
            lab.apply(state, load()["ethernet-10m"])
            points = case_study.sweep(created["agents"]["local-a"], created["agents"]["local-b"], [4016], [3],
                                      THINK_MS, ["per-thread", "single"], calls=300)
        finally:
            lab.clear(state)
    by = {(p.cache, p.think_ms): p for p in points}
    return by, case_study.table(points)


def above(a, b) -> bool:
    """a's mean exceeds b's by more than both 95% intervals: not one run's luck."""
    return a.mean_ms - a.ci95_ms > b.mean_ms + b.ci95_ms


def test_only_single_with_think_time_destroys_handles_and_those_calls_go_in_small_packets(sweep):
    by, tab = sweep
    for think in THINK_MS:
        assert by["per-thread", think].slow_start_calls == 0, tab
    assert by["single", 0].slow_start_calls == 0, tab  # back to back: each thread takes its handle back at once
    for think in THINK_MS[1:]:
        # seen 25-41% of the calls at 3-18 ms (docs/analysis.md); one in ten is far above the noise of none
        assert by["single", think].slow_share >= 0.10, tab


def test_slow_start_calls_are_the_slow_ones(sweep):
    by, tab = sweep
    for think in THINK_MS[1:]:
        p = by["single", think]
        # a small packet waits for its ack, then the rest queue again behind the other threads' requests
        assert above(p.slow_start, p.others), tab
        assert p.slow_start.mean_ms > 1.3 * p.others.mean_ms, tab


def test_per_thread_rtt_falls_as_think_time_grows(sweep):
    by, tab = sweep
    rtt = [by["per-thread", t].rtt for t in THINK_MS]
    assert above(rtt[0], rtt[1]) and above(rtt[1], rtt[2]), tab


@pytest.mark.xfail(strict=False, reason="not reproduced on ethernet-10m: the 10 Mbit/s wire is the bottleneck and a "
                   "slow-start call adds only its small packets' headers to it (+468 B, +11%), so with 3 threads the "
                   "mean RTT is pinned at about 3 x wire time - think; the slow-start calls get slower and the others "
                   "faster (docs/analysis.md, 'The anomaly on ethernet-10m')")
def test_figure_2_single_rises_above_think_0_at_a_small_think_time(sweep):
    """Kept as the issue's target; not strict: the slow-start calls' heavy tail (waits of 25-50 ms) can lift one
    run's mean, so an XPASS is reported, not failed."""
    by, tab = sweep
    assert above(by["single", 3].rtt, by["single", 0].rtt), tab
