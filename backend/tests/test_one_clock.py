"""Issue 18, item 4: two agents on one machine's clock have offset 0 and drift 0 in every view. The clock fit's
own values (asymmetric one-way delays make it find an offset even when there is none) are kept apart as the
method's error, never shown as an offset between the agents."""

from types import SimpleNamespace

import pytest

from perflab.analysis.clock_align import ONE_CLOCK
from perflab.analysis.run_analyses import compute
from perflab.services.agent_clocks import share_clock
from synth_trace import pingpong


def test_one_clock_gives_offset_and_drift_0_and_keeps_the_fit_as_its_error():
    # one clock (offset 0), but the request's one-way delay is 6 µs longer: the fit finds about +3 µs
    tr, _ = pingpong(n_calls=3000, asymmetric_ns=6000, seed=3)
    params = {0: {"request_bytes": 64}}
    one = compute(tr, params, {}, same_clock=True)
    two = compute(tr, params, {}, same_clock=False)
    c1, c2 = one["clock"], two["clock"]
    assert abs(c2["offset_ns"]) > 1000  # the method's own error, as two clocks would report it
    assert c1["same_clock"] is True and c1["offset_ns"] == 0 and c1["drift_ppm"] == 0
    assert c1["fit_offset_ns"] == pytest.approx(c2["offset_ns"]) and c1["fit_drift_ppm"] == pytest.approx(c2["drift_ppm"])
    assert c1["note"].startswith(ONE_CLOCK)
    # the round-trip path says the same words
    assert one["rtp"]["clock"] == ONE_CLOCK


def test_one_rule_for_one_clock():
    a = SimpleNamespace(host="h1", clock_id=1)
    assert share_clock(a, SimpleNamespace(host="h1", clock_id=1))
    assert not share_clock(a, SimpleNamespace(host="h1", clock_id=4))  # another clock on the same host
    assert not share_clock(a, SimpleNamespace(host="h2", clock_id=1))
    assert not share_clock(a, None)
