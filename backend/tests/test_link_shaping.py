"""The emulated links on the real kernel: namespaces, veth and tc, and the wire's link process on TUN devices.
Needs root and network namespaces (and agents/build/perflab-link for the wire)."""

import dataclasses
import socket
import statistics
import tempfile
import threading
import time
from pathlib import Path

import pytest

from perflab.links import lab
from perflab.links.capture import frame_arrivals, spacing_us
from perflab.links.frames import boundaries, bucket_delay_us, udp_frames, wire_bytes, wire_delay_us
from perflab.links.netns import inside, list_namespaces, why_not_usable
from perflab.links.profiles import load
from perflab.links.wire import why_no_binary

REASON = why_not_usable()
pytestmark = pytest.mark.skipif(REASON is not None, reason=f"emulated links need root and netns: {REASON}")
needs_link_process = pytest.mark.skipif(why_no_binary() is not None, reason=str(why_no_binary()))

# DCE paper (seeds/000, unit cost models): Ttrans(S) = 0.8 (S + 122) us on 10 Mbit/s Ethernet -> 0.8 us per byte
US_PER_BYTE_10M = 0.8


def ethernet_10m(emulation: str):
    """The built-in wire, or the token bucket it was before (one full frame deep), to test tc's shaping."""
    wire = load()["ethernet-10m"]
    if emulation == "wire":
        return wire
    return dataclasses.replace(wire, emulation="shaped", burst_bytes=1514, delay_ms=0)



# htb stands in where a kernel lacks tbf; the wire counts the bytes a real one does (preamble, FCS, gap: 1538)
@pytest.mark.parametrize("rate_qdisc", ["wire", "tbf", "htb"])
def test_ethernet_10m_spaces_full_frames_at_0_8_us_per_byte(link, rate_qdisc):
    state, a, b = link
    if rate_qdisc == "wire" and why_no_binary():
        pytest.skip(why_no_binary())
    profile = ethernet_10m("wire" if rate_qdisc == "wire" else "shaped")
    applied = lab.apply(state, profile, rate_qdisc=None if rate_qdisc == "wire" else rate_qdisc)
    if rate_qdisc == "wire":
        assert applied["emulation"] == "wire" and applied["qdiscs"]["local-a"] == []
    else:
        assert rate_qdisc in {q["kind"] for q in applied["qdiscs"]["local-a"]}
    assert applied["mtu"] == 1500 and applied["rate_mbit"] == 10
    payload = 1472 + 1480 * 7  # one call: eight full-size frames back to back
    # 1211.2 us per full frame through the bucket (it counts the header only), 1230.4 us on the wire
    expected = US_PER_BYTE_10M * (wire_bytes(1514) if rate_qdisc == "wire" else 1514)
    # Through a bucket a timer that fires late on a busy machine widens a gap (seen in CI: a median 6 % late),
    # and a deeper bucket (htb's) lets the next frame make up part of it (seen: 1310 then 1150 us), never more
    # than was lost. How much room a bucket has when a call begins depends on how long ago the last one ended
    # (htb's: up to three frames, seen 403 then 868 us), so each call is judged by its last four gaps. A wrong rate
    # shows in every call, a disturbed call in one: the median call keeps the rate at the least, and a quiet call
    # is on it (more calls, up to 20, while every one was late).
    gaps_us, per_call = [], []
    for n in range(20):
        arrivals = frame_arrivals(a, b, payload)
        assert [size for _, size in arrivals] == udp_frames(payload, 1500) == [1514] * 8
        gaps = spacing_us(arrivals)
        gaps_us += gaps
        per_call.append(statistics.mean(gaps[3:]))
        if n >= 4 and (rate_qdisc == "wire" or min(per_call) <= 1.05 * expected):
            break
    why = f"gaps {gaps_us} us, expected {expected} us"
    if rate_qdisc == "wire":
        # five calls: the wire books each departure from the last one, so a late wake-up is made up by the next
        # frame and one or two disturbed calls cannot decide the median
        assert abs(statistics.median(gaps_us) - expected) <= 0.05 * expected, why
    else:
        assert statistics.median(per_call) >= 0.95 * expected, why
        assert min(per_call) <= 1.05 * expected, why


def _pingpong_rtts_us(a: dict, b: dict, size: int, calls: int) -> list[float]:
    """UDP ping-pong of `size`-byte requests and replies, idle 6 ms between calls so the buckets refill."""
    with inside(b["ns"]):
        echo = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    with inside(a["ns"]):
        client = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    echo.bind((b["address"], 0))
    echo.settimeout(3)
    client.settimeout(1)

    def serve():
        for _ in range(calls):
            try:
                data, peer = echo.recvfrom(65536)
            except OSError:
                return
            echo.sendto(data, peer)

    t = threading.Thread(target=serve)
    t.start()
    rtts = []
    try:
        message = b"y" * size
        for _ in range(calls):
            time.sleep(0.006)
            start = time.perf_counter_ns()
            client.sendto(message, echo.getsockname())
            client.recv(65536)
            rtts.append((time.perf_counter_ns() - start) / 1000)
    finally:
        t.join(5)
        client.close()
        echo.close()
    return rtts


def _low(values: list[float]) -> float:
    """The 20th percentile: the link's time is the same every call, a loaded machine only adds to it."""
    return statistics.quantiles(values, n=5)[0]


def settled_sweep(measure, sizes: list[int], predicted: dict[int, float], slack, sweeps: int = 4) -> dict[int, float]:
    """Each size's round trip less the hosts' own part (the sizes' median excess over their predictions: one size
    slowed by the machine does not shift the others) must be its prediction within `slack`. A busy machine only ever
    adds time, so the sweep is repeated (up to `sweeps` times, keeping each size's lowest figure) while it misses: a
    wrong model misses in every sweep."""
    measured: dict[int, float] = {}
    for _ in range(sweeps):
        for s in sizes:
            measured[s] = min(measure(s), measured.get(s, float("inf")))
        # the hosts' own part of a round trip (sockets, Python)
        base = statistics.median(measured[s] - predicted[s] for s in sizes)
        misses = {s: measured[s] - base - predicted[s] for s in sizes
                  if abs(measured[s] - base - predicted[s]) > slack(predicted[s])}
        if not misses:
            return measured
    raise AssertionError(f"off the prediction by {misses} us after {sweeps} sweeps: {measured} vs {predicted}")


def test_size_sweep_through_a_token_bucket_shows_the_steps_the_bucket_model_predicts(link):
    state, a, b = link
    profile = ethernet_10m("shaped")
    lab.apply(state, profile)
    first, second = boundaries(profile.mtu, 3000)[:2]  # 1473 and 2953 bytes: a second and a third frame
    sizes = [1000, first - 1, first, second - 1, second, second + 1000]
    predicted = {s: 2 * bucket_delay_us(udp_frames(s, profile.mtu), profile.rate_mbit, profile.burst) for s in sizes}
    # a lone frame waits for nothing; every later frame waits for its tokens (both directions) and is released
    # by a timer that wakes tens of microseconds late on a loaded machine: 10% + 150 us of slack
    measured = settled_sweep(lambda s: _low(_pingpong_rtts_us(a, b, s, 30)), sizes, predicted,
                             lambda p: 0.1 * p + 150)
    # the step at the first boundary is one full frame's worth of both directions' second fragments, and more
    # bytes within one frame count for nothing
    assert measured[first - 1] - measured[1000] < 150, measured
    # from one frame to two full ones: a whole frame's 1211 us each way, less the 8 spare bytes of the bucket
    jump = measured[second - 1] - measured[first - 1]
    full_frame_both_ways = 2 * (US_PER_BYTE_10M * 1514 - US_PER_BYTE_10M * (profile.burst - 1514))
    assert predicted[second - 1] - predicted[first - 1] == pytest.approx(full_frame_both_ways)
    assert abs(jump - full_frame_both_ways) <= 0.1 * full_frame_both_ways + 150, measured


@needs_link_process
def test_size_sweep_over_the_wire_costs_every_byte_of_every_frame(link):
    state, a, b = link
    profile = ethernet_10m("wire")
    lab.apply(state, profile)
    first, second = boundaries(profile.mtu, 3000)[:2]
    sizes = [100, 1000, first - 1, first, second - 1, second + 1000]
    prop_us = profile.delay_ms * 1000
    predicted = {s: 2 * wire_delay_us(udp_frames(s, profile.mtu), profile.rate_mbit, prop_us) for s in sizes}
    # unlike a token bucket, 900 more bytes in one frame cost 2 x 720 us: checked to 5% + 100 us
    measured = settled_sweep(lambda s: _low(_pingpong_rtts_us(a, b, s, 21)), sizes, predicted,
                             lambda p: 0.05 * p + 100)
    # a token bucket would charge those bytes nothing; half of the wire's 1440 us tells the two apart whatever
    # a busy machine adds to one of the two sizes
    assert measured[1000] - measured[100] > 0.5 * 2 * 900 * US_PER_BYTE_10M, measured


def test_clear_removes_the_namespaces_even_without_its_record():
    with tempfile.TemporaryDirectory(prefix="perflab-linktest-") as tmp:
        state = Path(tmp)
        created = lab.create(state)
        names = set(created["namespaces"])
        assert names <= set(list_namespaces())
        lab.state_file(state).unlink()  # a crash that lost the record: the names still say whose they are
        removed = lab.clear(state)
        assert set(removed) == names
        assert not names & set(list_namespaces())
