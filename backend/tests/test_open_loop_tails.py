"""Tails on the lab's own agents (issue 32, "Done means"): a periodic server stall met by an open-loop caller
against the physics, the same stall hidden by a closed loop, and a slow step found by the tail attribution. One
lab of its own (links/open_loop_check.py); about a minute. Needs root, netns and the built agents."""

import numpy as np
import pytest

from conftest import free_port
from perflab.analysis.stall_model import open_loop_percentile_ns
from perflab.analysis.tails import order_statistic_ranks
from perflab.links import case_study, case_study_model
from perflab.links.netns import why_not_usable
from perflab.links.open_loop_check import attribution_run, p99_split, stall_runs, step_share

REASON = why_not_usable() or case_study.why_no_agent()
pytestmark = pytest.mark.skipif(REASON is not None, reason=f"needs root, netns and the built agents: {REASON}")
RATE, STALL_MS, PERIOD_S = 500.0, 40.0, 1.0


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    with case_study_model.own_lab(tmp_path_factory.mktemp("open-loop"), free_port()) as lab:
        yield lab


def test_a_slow_step_on_one_call_in_a_hundred_is_named_as_the_tail(lab):
    # 20 ms, not 5: on a loaded host (load 6-8, CI 2026-11-29) the slow calls' reply waited 4.7 ms for a core after
    # the server's spin, a share of 39 % beside a 5 ms step; the host's wait does not grow with the step
    run_id, point = attribution_run(lab, "s.unmarshal", 20_000, 2000)
    split = p99_split(point)
    assert split is not None, point["attribution_reason"]
    top = max((s for s in split["segments"] if s["share"] is not None), key=lambda s: s["share"])
    # the step is the largest share by far; the rest is the host's own noise in the tail (make bench: 0.88 busy)
    assert top["segment"] == "s.unmarshal" and step_share(point, "s.unmarshal") >= 0.6, (run_id, split["segments"])
    assert "s.unmarshal" in split["sentence"]


def test_a_periodic_stall_is_met_by_the_open_loop_as_physics_says_and_hidden_by_the_closed_loop(lab):
    s = stall_runs(lab, RATE, STALL_MS, PERIOD_S, seconds=6)
    analytic = open_loop_percentile_ns(0.99, RATE, s["base_ns"], STALL_MS * 1e6, s["every"])
    x = np.sort(s["open_latency_ns"])
    lo, hi = order_statistic_ranks(x.size, 0.99, 0.99)  # the measured p99's distribution-free 99 % interval
    # the physics takes a fixed base; a call also waits for the host's cores, as the closed loop's unstalled calls
    # show (its p99 holds no stall: one slow call a second in 500). A loaded host put the measured p99 0.2 ms above
    # the physics (CI 2026-11-29, load 6-8): the measured may exceed it by that host tail, and never fall below it
    closed_p99 = float(np.percentile(s["closed_latency_ns"], 99))
    host_tail = max(0.0, closed_p99 - float(np.median(s["closed_latency_ns"])))
    assert x[lo - 1] <= analytic + host_tail and analytic <= x[hi - 1], (
        x[lo - 1] / 1e6, analytic / 1e6, host_tail / 1e6, x[hi - 1] / 1e6, s["open_id"])
    # the closed loop sends nothing while the server stalls: one slow call a stall, its p99 near the base
    assert closed_p99 < analytic / 5, (closed_p99 / 1e6, analytic / 1e6, s["closed_id"])
