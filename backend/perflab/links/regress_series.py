"""A series of small RPC runs on the lab's own agents for bench/regress_detect.py (issue 33, item 5): unchanged runs
(the baseline range), then groups of runs with a delay planted in one step, each group judged by the lab's own check
(GET /api/runs/{id}/check?repeats=...), as a CI job that repeats its launch judges it. Every
run's stored step statistics are kept too, so the series can be recorded to a file and scored again offline
(analysis/regression_power.py)."""

import json
import math
import sys
import urllib.error
import urllib.request

from perflab.links import case_study_model
from perflab_cli.presets import apply_sets, preset_body

PRESET = "firefly-null"  # one caller, null procedure: the smallest RPC a CI job would track
SETS = ["calls=300", "max_rounds=1"]  # as tests/test_cli_lab.py: a few seconds a run


def body(inject: dict | None = None) -> dict:
    launch = apply_sets(preset_body(PRESET), SETS)
    launch.pop("name", None)
    return {**launch, "inject": inject}


def planted(step: str, delay_us: int, every: int) -> dict:
    return {"kind": "delay", "step": step, "delay_us": delay_us, "every": every, "at": "every"}


def delay_for(shift_ns: float, min_delay_us: int = 5, max_every: int = 10) -> tuple[int, int]:
    """(delay_us, every) whose mean shift delay_us / every is nearest shift_ns with a delay of a few us at least;
    every <= 10 keeps 30 of a run's 300 calls slowed (the agent spins on calls every, 2 every, …: with every above
    the calls none would be)."""
    every = max(1, min(max_every, math.ceil(min_delay_us * 1000 / max(shift_ns, 1.0))))
    return max(1, round(shift_ns * every / 1000)), every


def send(lab, method: str, path: str, payload: dict) -> dict:
    """A PUT or PATCH to the lab (case_study_model.get does GET and POST)."""
    port, state = lab
    token = (state / "admin.token").read_text().strip()
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method, data=json.dumps(payload).encode(),
                                 headers={"content-type": "application/json", "authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.load(r)


def step_points(lab, run_id: int) -> list[dict]:
    """The run's stored step statistics (the check's input), waited for: the analysis worker runs after the run."""
    def probe():
        try:
            got = case_study_model.get(lab, f"/api/runs/{run_id}/analyses/step_stats")
        except urllib.error.HTTPError as e:
            if e.code == 409:  # the run has not ended yet on this replica's view
                return None
            raise
        return got.get("points")  # a 202 (a worker is computing it) has none
    return case_study_model.wait_for(probe, 300, f"run {run_id}'s step statistics")


def run_once(lab, inject: dict | None = None) -> dict:
    """One run, waited for and analysed: its id, series key and step statistics' points."""
    run = case_study_model.launch(lab, body(inject))
    full = case_study_model.get(lab, f"/api/runs/{run['id']}")
    return {"id": run["id"], "series_key": full["series_key"], "inject": inject,
            "points": step_points(lab, run["id"])}


def set_baseline(lab, key: str, run_id: int, through_run_id: int | None = None) -> dict:
    return send(lab, "PUT", f"/api/series/{key}/baseline", {"run_id": run_id, "through_run_id": through_run_id})


def check(lab, run_ids: list[int], against: str) -> dict:
    """The first run with the others as its repeats: one group."""
    query = f"against={against}" + (f"&repeats={','.join(map(str, run_ids[1:]))}" if len(run_ids) > 1 else "")
    return case_study_model.wait_for(lambda: _check_or_none(lab, run_ids[0], query), 300,
                                     f"run {run_ids[0]}'s check")


def _check_or_none(lab, run_id: int, query: str):
    try:
        return case_study_model.get(lab, f"/api/runs/{run_id}/check?{query}")
    except urllib.error.HTTPError as e:
        if e.code == 409 and "step statistics" in e.read().decode(errors="replace"):
            return None  # not analysed yet
        raise


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)
