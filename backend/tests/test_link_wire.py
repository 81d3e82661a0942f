"""The ethernet-10m wire on the real kernel: the link process between TUN devices gives every frame its wire
time, also on an idle link, queues frames FIFO, and leaves nothing behind. Needs root, netns and perflab-link."""

import os
import statistics
import tempfile
from pathlib import Path

import pytest

from perflab.links import lab, wire
from perflab.links.netns import ip, list_namespaces, why_not_usable
from perflab.links.owd import wire_ratios
from perflab.links.profiles import load

REASON = why_not_usable() or wire.why_no_binary()
pytestmark = pytest.mark.skipif(REASON is not None, reason=f"the emulated wire needs root, netns and "
                                                           f"agents/build/perflab-link: {REASON}")


def link_pids(state: Path) -> list[int]:
    lid = lab.lab_id(state)
    return [int(p) for p in os.listdir("/proc") if p.isdigit() and wire._is_link_of(int(p), lid)]



def test_a_lone_frame_takes_its_wire_time_and_frames_queue_fifo(link):
    state, a, b = link
    profile = load()["ethernet-10m"]
    applied = lab.apply(state, profile)
    assert applied["emulation"] == "wire" and applied["wire"]["rate_mbit"] == 10 and applied["mtu"] == 1500
    # a busy machine only ever makes a frame late (the link process wakes late): measured again, up to three
    # times, while a figure is over the band; one under it, or over it every time, fails
    for _ in range(3):
        r = wire_ratios(a, b, profile.rate_mbit, profile.delay_ms * 1000, profile.overhead_bytes)
        if r["lone_frame"] <= 1.10 and r["queue"] <= 1.10:
            break
    figures = (f"lone {statistics.median(r['lone_us']):.0f} us, 3 queued {statistics.median(r['queue_us']):.0f} "
               f"us, one frame's serialisation {r['serialise_us']:.1f} us; all: {r}")
    # medians of 15 bursts each; seen here 1.003-1.005 and 1.000-1.001 on a quiet machine, the band is the issue's
    assert 0.95 <= r["lone_frame"] <= 1.10, figures
    assert 0.95 <= r["queue"] <= 1.10, figures


def test_a_shaped_profile_stops_the_wire_and_the_veth_carries_the_link(link):
    state, a, b = link
    lab.apply(state, load()["ethernet-10m"])
    assert len(link_pids(state)) == 1
    applied = lab.apply(state, load()["lan-1g"])
    assert applied["emulation"] == "shaped" and applied["wire"] is None and applied["rtt_us_min"] > 0
    assert link_pids(state) == []
    assert wire.tun_name(a["dev"]) not in ip("link", "show", ns=a["ns"]).stdout
    assert "/32" not in ip("route", "show", ns=a["ns"]).stdout  # back on the veth's /30


def test_clear_stops_a_link_process_whose_record_was_lost():
    with tempfile.TemporaryDirectory(prefix="perflab-wiretest-") as tmp:
        state = Path(tmp)
        created = lab.create(state)
        lab.apply(state, load()["ethernet-10m"])
        [pid] = link_pids(state)
        lab.state_file(state).unlink()  # a crash that lost the record: the process's --lab still says whose
        lab.clear(state)
        assert link_pids(state) == [] and not Path(f"/proc/{pid}/cmdline").exists()
        assert not set(created["namespaces"]) & set(list_namespaces())
