"""Calibration on real agents (issue 30, item 5): each fault the lab can plant — a delay in a named step, a lock
all callers hold across a step, a server that serves one call at a time — is flagged by model vs measured at the
points it ran at, naming the injected step, and nothing else is flagged. One lab of its own (scripts/up.sh on a
private state and port: local-a and local-b in the lab's namespaces on the ethernet-10m wire), three small runs of
1392-byte calls, 3 callers against the 1-thread bases the lab adds, 60 calls per thread and point. About 2
minutes. Needs root, netns, the built agent and perflab-link."""

import pytest

from conftest import free_port
from perflab.links import case_study, case_study_model, wire
from perflab.links.netns import why_not_usable

REASON = why_not_usable() or wire.why_no_binary() or case_study.why_no_agent()
pytestmark = [pytest.mark.agents,  # agents in the lab's network namespaces: make test only
              pytest.mark.skipif(REASON is not None, reason=f"calibration needs root, netns and the built agents on "
                                                           f"the emulated wire: {REASON}")]
BODY = {"kind": "rpc", "transport": "udp", "procedure": "sink", "request_bytes": [1392], "threads": [1, 3],
        "cache": ["per-thread"], "link_profile": "ethernet-10m", "calls": 60, "warmup_calls": 5,
        "ci_target_pct": 0, "noise_floor_calls": 0}
# 2 ms in the step: above the 1.2 ms a 1392-byte request spends on the wire, so the fault, not the wire, decides
FAULTS = {
    "delay": ({"kind": "delay", "step": "c.marshal", "delay_us": 2000}, [3000]),
    "lock": ({"kind": "lock", "step": "c.queue", "delay_us": 2000}, [0]),
    "serial": ({"kind": "serial", "step": "s.service", "delay_us": 2000}, [0]),
}


def _unjudged(mvm: dict) -> int:
    return sum(1 for r in mvm["rows"] if r["threads"] > 1 and not r["applies"])


@pytest.fixture(scope="module")
def models(tmp_path_factory):
    """Each fault's run; launched once more when the machine's interference left its faulted point unjudged (a
    base whose RTTs spread like scheduling: this VM's neighbours, 2026-11-28). Bounded, and printed."""
    out = {}
    with case_study_model.own_lab(tmp_path_factory.mktemp("calibration"), free_port()) as lab:
        for name, (inject, think) in FAULTS.items():
            for attempt in range(2):
                mvm = case_study_model.launch_and_model(lab, {**BODY, "inject": inject, "think_time_us": think})
                print(f"{name} attempt {attempt + 1}: {_unjudged(mvm)} faulted points not judged")
                if name not in out or _unjudged(mvm) < _unjudged(out[name]):
                    out[name] = mvm
                if _unjudged(mvm) == 0:
                    break
    return out


@pytest.mark.parametrize("fault", list(FAULTS))
def test_a_planted_fault_is_flagged_naming_its_step(models, fault):
    mvm = models[fault]
    inj = mvm["injection"]
    table = case_study_model.table(mvm)
    assert inj["kind"] == fault and inj["step"] == FAULTS[fault][0]["step"], inj
    assert inj["points"] >= 1 and inj["flagged"] == inj["points"], table
    assert inj["named_step"] == inj["flagged"], [r["explanation"] for r in mvm["rows"]]
    assert inj["false_flags"] == 0, table  # the 1-thread bases ran without it and meet the model
    for r in mvm["rows"]:
        if r["threads"] > 1:
            assert r["anomaly"] and inj["step"] in r["explanation"], r["explanation"]
    # the run's power: it could have seen a delay well below the one planted
    assert 0 < inj["smallest_detectable_delay_us"] < FAULTS[fault][0]["delay_us"], inj
