"""Open-loop tails checked on the lab's own agents (issue 32, item 5; bench/open_loop_tails.py and
tests/test_open_loop_tails.py), each in a lab of its own (case_study_model.own_lab):

- stall_runs: a stall on the server every period during an open-loop RPC run (one caller, constant arrivals; the
  server's s.service spins on every K-th call), and a closed-loop run of the same rate (constant think time) under
  the same stall; their calls and the physics (analysis/stall_model.py) to judge them by.
- attribution_run: a delay in one step on every 100th call (1 %), and the tails analysis of the run.
- achieved_rate: an open-loop ping-pong's calls per second actually sent."""

import csv
import io

import numpy as np

from perflab.analysis.call_flags_generated import FLAG_ERROR, FLAG_FIRST, FLAG_WARMUP
from perflab.analysis.open_loop import schedule
from perflab.links import case_study_model



def calls_of(lab, run_id: int, point_no: int = 0) -> dict[str, np.ndarray]:
    """A point's measured calls (calls CSV; no warm-up, first or error call): start, RTT and send lag. Point 0 is
    the one asked for: a base point the lab adds for the model comes after it."""
    text = case_study_model.get(lab, f"/api/runs/{run_id}/export.csv?table=calls", text=True)
    rows = [r for r in csv.DictReader(io.StringIO(text))
            if int(r["point_no"]) == point_no and not int(r["flags"]) & (FLAG_WARMUP | FLAG_FIRST | FLAG_ERROR)]
    return {k: np.array([int(r[k]) for r in rows], dtype=np.int64) for k in ("start_ns", "rtt_ns", "send_lag_ns")}


def stall_runs(lab, rate: float, stall_ms: float, period_s: float, seconds: float) -> dict:
    """The open and the closed run under one periodic stall: their ids, calls (open: latency from the intended
    send), the stall's `every` (calls), the base RTT (the open run's median RTT: most calls never meet the stall)
    and the closed run's think time."""
    every = int(round(rate * period_s))
    body = {"kind": "rpc", "transport": "udp", "procedure": "null", "threads": [1], "calls": int(rate * seconds),
            "warmup_calls": 0, "ci_target_pct": 0, "noise_floor_calls": 0,
            "inject": {"kind": "delay", "step": "s.service", "delay_us": int(stall_ms * 1000), "every": every,
                       "at": "every"}}
    opened = case_study_model.launch(lab, {**body, "arrival": "constant", "rate_calls_s": [rate]})
    c = calls_of(lab, opened["id"])
    base = float(np.median(c["rtt_ns"]))
    think_us = max(0, int(1e6 / rate - base / 1e3))  # each closed-loop call: base + think = one gap
    closed = case_study_model.launch(lab, {**body, "think_time_us": [think_us], "think_distribution": "constant"})
    return {"open_id": opened["id"], "closed_id": closed["id"], "every": every, "base_ns": base,
            "think_us": think_us, "open_latency_ns": c["rtt_ns"] + c["send_lag_ns"],
            "closed_latency_ns": calls_of(lab, closed["id"])["rtt_ns"]}


def attribution_run(lab, step: str, delay_us: int, calls: int) -> tuple[int, dict]:
    """One caller, closed loop, `step` spinning delay_us more on every 100th call (with two callers the other's
    call waiting behind the slow one is booked to its own path, honestly, and the step's share halves): the run's
    id and its point 0's tails (analysis/tails.py)."""
    run = case_study_model.launch(lab, {"kind": "rpc", "transport": "udp", "procedure": "null", "threads": [1],
                                        "calls": calls, "warmup_calls": 10, "ci_target_pct": 0,
                                        "noise_floor_calls": 0,
                                        "inject": {"kind": "delay", "step": step, "delay_us": delay_us,
                                                   "every": 100, "at": "every"}})
    case_study_model.wait_for(lambda: case_study_model.get(lab, f"/api/runs/{run['id']}/analyses")["kinds"], 300,
                              "the analyses")
    tails = case_study_model.get(lab, f"/api/runs/{run['id']}/analyses/tails")
    return run["id"], next(p for p in tails["points"] if p["point_no"] == 0)


def p99_split(point: dict) -> dict | None:
    """A point's p99 attribution (None when the tails analysis could not split it)."""
    return next((a for a in point["attribution"] if a["level"] == "p99"), None)


def step_share(point: dict, step: str) -> float:
    """The step's share of a point's p99 excess (nan when not split, 0 when the step is not among its segments)."""
    above = p99_split(point)
    if above is None:
        return float("nan")
    return next((s["share"] or 0.0 for s in above["segments"] if s["segment"] == step), 0.0)


def achieved_rate(c: dict[str, np.ndarray]) -> float:
    """Calls per second actually sent, as the load analysis counts them (open_loop.schedule)."""
    got = schedule(c["start_ns"], c["send_lag_ns"], np.zeros_like(c["start_ns"]), None, "closed")["achieved_calls_s"]
    return float("nan") if got is None else got
