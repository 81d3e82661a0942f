"""analysis/stall_model.py against a queue simulated call by call (Lindley's recursion) and its closed form."""

import numpy as np
import pytest

from perflab.analysis.stall_model import fluid_percentile_ns, open_loop_percentile_ns, period_latencies_ns

MS = 1e6


def _simulated(rate, base, stall, every, periods=20):
    """One caller, calls intended every 1/rate, each served in base (+ stall on every every-th, the first
    included): latency = departure - intended."""
    g = 1e9 / rate
    free, out = 0.0, []
    for i in range(every * periods):
        intended = i * g
        start = max(intended, free)
        free = start + base + (stall if i % every == 0 else 0.0)
        out.append(free - intended)
    return np.array(out)


@pytest.mark.parametrize("rate,base,stall,every", [(500, 0.2 * MS, 40 * MS, 500), (1000, 0.15 * MS, 50 * MS, 1000),
                                                   (200, 1 * MS, 5 * MS, 100)])
def test_one_period_is_what_a_simulated_caller_meets(rate, base, stall, every):
    sim = _simulated(rate, base, stall, every)
    assert np.allclose(np.sort(sim), np.sort(np.tile(period_latencies_ns(rate, base, stall, every), 20)))
    for p in (0.5, 0.9, 0.99, 0.999):
        k = int(np.ceil(p * sim.size)) - 1
        assert open_loop_percentile_ns(p, rate, base, stall, every) == pytest.approx(np.sort(sim)[k], abs=1)


def test_closed_form_agrees_where_the_stall_decides_the_percentile():
    rate, base, stall, every = 500, 0.2 * MS, 40 * MS, 500
    # T = 1 s, 1 - rate b = 0.9: p99 = 40.2 ms - 0.01 x 1 s x 0.9 = 31.2 ms
    assert fluid_percentile_ns(0.99, rate, base, stall, every) == pytest.approx(31.2 * MS)
    assert open_loop_percentile_ns(0.99, rate, base, stall, every) == pytest.approx(31.2 * MS, rel=0.01)
    assert fluid_percentile_ns(0.5, rate, base, stall, every) == base  # most calls never meet the stall


def test_a_caller_that_cannot_keep_the_rate_is_refused():
    with pytest.raises(ValueError, match="base_ns"):
        period_latencies_ns(1000, 2 * MS, 10 * MS, 100)
