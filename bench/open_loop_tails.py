"""Tails that tell the truth (issue 32, item 5), measured in a lab of its own (scripts/up.sh on a private state):

1. A stall of STALL_MS on the server every PERIOD_S during an open-loop RPC run at RATE calls/s (one caller,
   constant arrivals; the server's s.service spins on every K-th call): the measured p99 of latency from the
   intended send against the physics (analysis/stall_model.py), and a closed-loop run of the same rate (constant
   think time) under the same stall beside it, which hides the stall (coordinated omission).
2. Open-loop ping-pong at rising rates: the highest rate whose achieved rate is at least 99 % of its target.
3. A delay injected into one step on 1 % of calls: the share of the p99's excess over the median that the tails
   analysis gives that step.

Prints
  open_loop_stall_p99_ms: <x> ms          open_loop_stall_p99_analytic_ms: <x> ms
  open_loop_stall_p99_vs_analytic: <r> ratio      (target 0.9 .. 1.1)
  closed_loop_stall_p99_ms: <x> ms
  closed_loop_stall_p99_vs_analytic: <r> ratio    (far below 1: the omission)
  open_loop_max_rate_calls_s: <x> calls/s
  open_loop_rate_achieved_vs_target: <r> ratio    (at that rate; target >= 0.99)
  tail_attribution_injected_step_share: <r> ratio (target >= 0.9)
About 2 minutes. Needs root, netns and the built agents; prints the reason on stderr and nothing else without."""

import argparse
import csv
import io
import sys
import tempfile
from pathlib import Path

import numpy as np

from perflab.analysis.stall_model import open_loop_percentile_ns
from perflab.links import case_study, case_study_model
from perflab.links.netns import why_not_usable

WARMUP, FIRST, ERROR = 1, 2, 4  # docs/protocol.md: a call record's flags


def calls_of(lab, run_id: int, point_no: int = 0) -> dict[str, np.ndarray]:
    """A point's calls (calls CSV): start, RTT and send lag, measured calls only (no warm-up, first or error call).
    Point 0 is the one asked for: a base point the lab adds for the model comes after it."""
    text = case_study_model.get(lab, f"/api/runs/{run_id}/export.csv?table=calls", text=True)
    rows = [r for r in csv.DictReader(io.StringIO(text))
            if int(r["point_no"]) == point_no and not int(r["flags"]) & (WARMUP | FIRST | ERROR)]
    col = lambda k: np.array([int(r[k]) for r in rows], dtype=np.int64)  # noqa: E731
    return {"start_ns": col("start_ns"), "rtt_ns": col("rtt_ns"), "send_lag_ns": col("send_lag_ns")}


def stall(lab, rate: float, stall_ms: float, period_s: float, seconds: float) -> dict:
    every = int(round(rate * period_s))
    body = {"kind": "rpc", "transport": "udp", "procedure": "null", "threads": [1], "calls": int(rate * seconds),
            "warmup_calls": 0, "ci_target_pct": 0, "noise_floor_calls": 0,
            "inject": {"kind": "delay", "step": "s.service", "delay_us": int(stall_ms * 1000), "every": every,
                       "at": "every"}}
    open_run = case_study_model.launch(lab, {**body, "arrival": "constant", "rate_calls_s": [rate]})
    c = calls_of(lab, open_run["id"])
    latency = c["rtt_ns"] + c["send_lag_ns"]
    base = float(np.median(c["rtt_ns"]))  # most calls never meet the stall
    analytic = open_loop_percentile_ns(0.99, rate, base, stall_ms * 1e6, every)
    measured = float(np.percentile(latency, 99))
    # closed loop at the same rate: each caller thinks gap - base after a reply
    think_us = max(0, int(1e6 / rate - base / 1e3))
    closed_run = case_study_model.launch(lab, {**body, "think_time_us": [think_us], "think_distribution": "constant"})
    closed = float(np.percentile(calls_of(lab, closed_run["id"])["rtt_ns"], 99))
    print(f"stall: rate {rate:g}/s, {stall_ms:g} ms every {every} calls, base {base / 1e3:.1f} us; runs "
          f"{open_run['id']} (open), {closed_run['id']} (closed, think {think_us} us)", file=sys.stderr)
    return {"open_loop_stall_p99_ms": (measured / 1e6, "ms"), "open_loop_stall_p99_analytic_ms": (analytic / 1e6, "ms"),
            "open_loop_stall_p99_vs_analytic": (measured / analytic, "ratio"),
            "closed_loop_stall_p99_ms": (closed / 1e6, "ms"),
            "closed_loop_stall_p99_vs_analytic": (closed / analytic, "ratio")}


def achieved(c: dict[str, np.ndarray]) -> float:
    """Calls per second actually sent: the gaps between the first and last send, per gap."""
    span = float(c["start_ns"].max() - c["start_ns"].min())
    return (c["start_ns"].size - 1) / span * 1e9 if span > 0 else float("nan")


def max_rate(lab, rates: list[float], seconds: float) -> dict:
    best = None
    for rate in rates:
        run = case_study_model.launch(lab, {"kind": "pingpong", "transport": "udp", "request_bytes": 64,
                                            "response_bytes": 64, "calls": int(rate * seconds), "warmup_calls": 0,
                                            "arrival": "constant", "rate_calls_s": rate})
        ratio = achieved(calls_of(lab, run["id"])) / rate
        print(f"open-loop ping-pong at {rate:g}/s: achieved {ratio:.4f} of the target (run {run['id']})",
              file=sys.stderr)
        if ratio < 0.99:
            break
        best = (rate, ratio)
    if best is None:
        return {"open_loop_max_rate_calls_s": (float("nan"), "calls/s")}
    return {"open_loop_max_rate_calls_s": (best[0], "calls/s"), "open_loop_rate_achieved_vs_target": (best[1], "ratio")}


def attribution(lab, step: str, calls: int) -> dict:
    """A 2 ms delay in `step` on every 100th call of a 2-thread closed-loop RPC point: the share of its p99's excess
    the tails analysis books to that step."""
    run = case_study_model.launch(lab, {"kind": "rpc", "transport": "udp", "procedure": "null", "threads": [2],
                                        "calls": calls, "warmup_calls": 10, "ci_target_pct": 0,
                                        "noise_floor_calls": 0,
                                        "inject": {"kind": "delay", "step": step, "delay_us": 2000, "every": 100}})
    case_study_model.wait_for(lambda: case_study_model.get(lab, f"/api/runs/{run['id']}/analyses")["kinds"], 300,
                              "the analyses")
    tails = case_study_model.get(lab, f"/api/runs/{run['id']}/analyses/tails")
    share = step_share(tails, step)
    print(f"attribution: run {run['id']}, {step} +2 ms on 1 % of calls: share {share:.3f}", file=sys.stderr)
    return {"tail_attribution_injected_step_share": (share, "ratio")}


def step_share(tails: dict, step: str) -> float:
    """The injected step's share of the first point's p99 excess (analysis/tails.py's attribution)."""
    point = tails["points"][0]
    above = next(a for a in point["attribution"] if a["above"] == "p99")
    return next((s["share"] for s in above["steps"] if s["step"] == step), 0.0)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=8797)
    ap.add_argument("--rate", type=float, default=500.0)
    ap.add_argument("--stall-ms", type=float, default=40.0)
    ap.add_argument("--period-s", type=float, default=1.0)
    ap.add_argument("--seconds", type=float, default=8.0)
    ap.add_argument("--rates", default="1000,2000,5000,10000,20000,40000")
    args = ap.parse_args()
    reason = why_not_usable() or case_study.why_no_agent()
    if reason:
        print(f"open-loop benchmark skipped: {reason}", file=sys.stderr)
        return 0
    figures: dict[str, tuple[float, str]] = {}
    with tempfile.TemporaryDirectory(prefix="perflab-open-") as tmp, \
            case_study_model.own_lab(Path(tmp), args.port) as lab:
        figures.update(stall(lab, args.rate, args.stall_ms, args.period_s, args.seconds))
        figures.update(max_rate(lab, [float(r) for r in args.rates.split(",")], 2.0))
        figures.update(attribution(lab, "s.unmarshal", 3000))
    for name, (value, unit) in figures.items():
        print(f"{name}: {value:.4g} {unit}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
