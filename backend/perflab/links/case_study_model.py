"""The case study's model check through a lab of its own (issue 13, "Done means"): scripts/up.sh with a private
state directory and port (local-a and local-b in the lab's namespaces, the backend analysing the run), the
preset's sweep on ethernet-10m between emulated 1995 hosts, then the stored model_vs_measured. Used by
tests/test_case_study_model.py and bench/case_study_model.py; own_lab and launch_and_model by any run of the lab's
own agents judged on its model (tests/test_model_calibration.py, bench/model_family.py)."""

import json
import os
from contextlib import contextmanager
import subprocess
import time
import urllib.request
from pathlib import Path

from perflab.core.config import REPO_ROOT

HOST_PACKET_US = 1000  # frontend/src/pages/launch/presets.ts CASE_STUDY_HOST_PACKET_US
SWEEP = {"kind": "rpc", "transport": "udp", "procedure": "sink", "request_bytes": [1392, 4016], "threads": [1, 3, 6],
         "think_time_us": [0, 3000, 9000, 18000], "cache": ["per-thread", "single"], "warmup_calls": 10,
         "host_packet_us": HOST_PACKET_US, "link_profile": "ethernet-10m",
         "ci_target_pct": 5, "max_rounds": 3}  # a noisy point repeats, up to 3 rounds (issue 13, item 5)


def get(lab: tuple[int, Path], path: str, body: dict | None = None, text: bool = False):
    """The lab at (port, state folder), as the admin whose API token `make up` wrote there: the answer's JSON, or
    its text (a CSV export)."""
    port, state = lab
    token = (state / "admin.token").read_text().strip()
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method="POST" if body else "GET",
                                 data=json.dumps(body).encode() if body else None,
                                 headers={"content-type": "application/json", "authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return r.read().decode() if text else json.load(r)


def wait_for(probe, seconds: float, what: str):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            got = probe()
        except (TimeoutError, OSError):  # the backend busy with the analyses (the simulation holds the GIL)
            got = None
        if got:
            return got
        time.sleep(2)
    raise TimeoutError(f"{what}: not within {seconds:.0f} s")


@contextmanager
def own_lab(state: Path, port: int):
    """scripts/up.sh on a private state folder and port (the lab's namespaces, local-a and local-b, the backend and
    its analysis worker); yields (port, state) for launch_and_model; scripts/down.sh whatever happens."""
    env = {**os.environ, "PERFLAB_STATE": str(state), "PERFLAB_PORT": str(port), "PERFLAB_SKIP_DEPS": "1"}
    up = subprocess.run([str(REPO_ROOT / "scripts" / "up.sh")], env=env, capture_output=True, text=True, timeout=300)
    try:
        if up.returncode != 0 or "emulated link" not in up.stdout:
            raise RuntimeError(f"the lab did not come up on the emulated link: {up.stdout[-1500:]}{up.stderr[-1500:]}")
        yield (port, state)
    finally:
        subprocess.run([str(REPO_ROOT / "scripts" / "down.sh")], env=env, capture_output=True, timeout=120)


def launch(lab: tuple[int, Path], body: dict) -> dict:
    """A run of `body` from local-a to local-b, waited for until it ends done (else RuntimeError): the run."""
    ids = {a["name"]: a["id"] for a in get(lab, "/api/agents")}
    made = get(lab, "/api/runs", {**body, "client_agent_id": ids["local-a"], "server_agent_id": ids["local-b"]})
    rid = made["id"]
    done = wait_for(lambda: (lambda r: r if r["status"] not in ("queued", "running") else None)(
        get(lab, f"/api/runs/{rid}")), made["params"]["timeout_s"] + 60, "the run")
    if done["status"] != "done":
        raise RuntimeError(f"the run ended {done['status']}: {done.get('reason')}")
    return done


def launch_and_model(lab: tuple[int, Path], body: dict) -> dict:
    """An RPC run of `body` from local-a to local-b, waited for, then its stored model_vs_measured (with the run's
    id as run_id)."""
    rid = launch(lab, body)["id"]
    wait_for(lambda: get(lab, f"/api/runs/{rid}/analyses")["kinds"], 300, "the analyses")
    return {**get(lab, f"/api/runs/{rid}/analyses/model_vs_measured"), "run_id": rid}


def run(state: Path, port: int, calls: int, link_profile: str = "ethernet-10m") -> dict:
    """Up, the case study's sweep, its model_vs_measured, down (always). calls: per caller thread and point."""
    with own_lab(state, port) as lab:
        return launch_and_model(lab, {**SWEEP, "calls": calls, "link_profile": link_profile})


def verdict(mvm: dict) -> dict:
    """The Done criteria's figures: per-thread's largest and mean |% error| over the judged points, and the flags of each policy (single's
    split into its think > 0, 3+ thread points, where the bug shows, and the rest)."""
    rows = mvm["rows"]
    single = [r for r in rows if "single" in r["label"]]
    per = [r for r in rows if "single" not in r["label"]]
    bug = [r for r in single if r["think"] > 0 and r["threads"] >= 3]
    errs = [abs(r["percent_error"]) for r in per if r.get("applies", True)] or [float("nan")]
    return {"max_abs_error_pct": max(errs), "mean_abs_error_pct": sum(errs) / len(errs),
            "points_not_judged": sum(not r.get("applies", True) for r in rows),
            "flags_single": sum(r["anomaly"] for r in single), "single_bug_points": len(bug),
            "flags_single_at_bug_points": sum(r["anomaly"] for r in bug),
            "flags_per_thread": sum(r["anomaly"] for r in per)}


def _not_judged(row: dict) -> str:
    """The flag cell of a point the model did not judge: why, so a failing test's table explains itself."""
    return "—" if row.get("applies", True) else f"not judged: {row.get('not_applies_reason')}"


def table(mvm: dict) -> str:
    rows = ["| request | cache | threads | think ms | model ms | measured ms (95% CI) | error % | MVA residual ms | "
            "exact MVA ms | flag |", "|---|---|---|---|---|---|---|---|---|---|"]
    for r in sorted(mvm["rows"], key=lambda r: ("single" in r["label"], r["label"], r["threads"], r["think"])):
        lo, hi = r["measured_ci95"]
        rows.append(f"| {r['label'].split(' single')[0]} | {'single' if 'single' in r['label'] else 'per-thread'} | "
                    f"{r['threads']} | {r['think']:g} | {r['model']:.2f} | {r['measured']:.2f} ({lo:.2f}–{hi:.2f}) "
                    f"| {r['percent_error']:+.1f} | {r.get('model_mva', float('nan')):.2f} | {r['model_exact']:.2f} | "
                    f"{', '.join(r['reasons']) or _not_judged(r)} |")
    return "\n".join(rows)
