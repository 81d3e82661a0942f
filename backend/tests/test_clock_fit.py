"""Clock offset and drift from exchange rounds, against clocks simulated with a known offset and
drift (an independent construction: server time = client time * (1 + drift) + offset)."""

import random

import pytest

from perflab.analysis.clock_fit import fit


def rounds(at_ns, offset_ns, drift_ppm, n, seed):
    rng = random.Random(seed)
    out = []
    t = at_ns
    for _ in range(n):
        up, turn, down = rng.randint(5_000, 40_000), rng.randint(1_000, 3_000), rng.randint(5_000, 40_000)
        t1 = t
        server = lambda c: c * (1 + drift_ppm * 1e-6) + offset_ns  # noqa: E731
        t2 = round(server(t1 + up))
        t3 = t2 + turn
        t4 = t1 + up + turn + down
        out.append([t1, t2, t3, t4])
        t = t4 + 10_000
    return out


@pytest.mark.parametrize("offset, drift", [(0, 0.0), (1_234_567_890, 12.5), (-50_000, -3.0)])
def test_offset_and_drift_recovered(offset, drift):
    start = rounds(10**12, offset, drift, 8, 1)
    end = rounds(10**12 + 60 * 10**9, offset, drift, 8, 2)  # a minute later
    f = fit(start, end)
    assert f.rounds == 16
    # the true offset at the start, to within half the chosen round's delay (asymmetric paths)
    true_start = start[0][0] * drift * 1e-6 + offset
    assert abs(f.offset_start_ns - true_start) <= f.delay_start_ns / 2 + 60 * 10**9 * 1e-9 * abs(drift) + 1
    # over a minute, +-20 us of path asymmetry is at most 0.7 ppm of drift error
    assert f.drift_ppm == pytest.approx(drift, abs=0.7)


def test_no_end_phase_no_drift_and_bad_rounds_ignored():
    start = rounds(10**12, 500, 0.0, 4, 3) + [[10, 5, 4, 9]]  # t3 < t2: corrupt
    f = fit(start, [])
    assert f.drift_ppm is None and f.offset_end_ns is None and f.rounds == 5
    assert abs(f.offset_start_ns - 500) <= f.delay_start_ns / 2 + 1
    assert fit([], []) is None
