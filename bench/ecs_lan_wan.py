"""The ECS paper's RPC vs sockets on LAN and WAN (001_15318e11768c8d9a.txt section 2; issue 31, item 4) in a lab
of its own: the RPC runtime over UDP (error control per message) and over TCP (the kernel's, per segment), 1-100 KB
requests, 1 and 4 caller threads, on lan-1g and wan, one run each; the crossover from GET /api/studies/rpc-vs-sockets.

Prints
  ecs_lan_crossover_kb: <x> KB   where UDP RPC becomes faster on lan-1g, 1 thread (nan: never, the paper's finding)
  ecs_wan_crossover_kb: <x> KB   the same on wan (the paper: about 20 KB; nan: UDP RPC never faster here)
  ecs_wan_wide_window_crossover_kb: <x> KB   the same with the runtime's window as large as the largest message
                                 (window_initial = window_max = 128 KB): its per-call slow start taken away
  ecs_internet_crossover_kb: <x> KB   on ecs-internet (the paper's 1995 path as inferred: 512 kbit/s, 1 % loss),
                                 1 thread, 4 calls a size, RTO 3 s (a 32 KB window takes 0.5 s to send)
and the studies' rows (mean ms per size) on stderr. About 6 minutes. Needs root, netns, the built agent and
perflab-link; prints the reason on stderr and nothing else when they are missing."""

import argparse
import sys
import tempfile
import time
from pathlib import Path

from perflab.links import case_study, case_study_model, wire
from perflab.links.netns import why_not_usable

SIZES = [1000, 20000, 40000, 60000, 80000, 100000]
BODY = {"kind": "rpc", "procedure": "sink", "request_bytes": SIZES, "threads": [1, 4], "cache": ["per-thread"],
        "rto_ms": 400, "warmup_calls": 2, "ci_target_pct": 0, "noise_floor_calls": 0}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--calls", type=int, default=20, help="calls per thread and point")
    ap.add_argument("--port", type=int, default=8796)
    args = ap.parse_args()
    reason = why_not_usable() or wire.why_no_binary() or case_study.why_no_agent()
    if reason:
        print(f"ECS benchmark skipped: {reason}", file=sys.stderr)
        return 0
    t0 = time.monotonic()
    wide = {"window_initial": 131072, "window_max": 131072}
    lossy = {"threads": [1], "calls": 4, "rto_ms": 3000}
    studies = {"ecs_lan_crossover_kb": [("lan-1g", t, {}) for t in ("udp", "tcp")],
               "ecs_wan_crossover_kb": [("wan", t, {}) for t in ("udp", "tcp")],
               "ecs_wan_wide_window_crossover_kb": [("wan", "udp", wide)],
               "ecs_internet_crossover_kb": [("ecs-internet", t, lossy) for t in ("udp", "tcp")]}
    figures = {}
    with tempfile.TemporaryDirectory(prefix="perflab-ecs-") as tmp, \
            case_study_model.own_lab(Path(tmp), args.port) as lab:
        runs = {}
        for key, plan in studies.items():
            runs[key] = [case_study_model.launch(lab, {**BODY, "calls": args.calls, "transport": t,
                                                       "link_profile": link, "name": f"ECS {t} on {link}", **extra})
                         ["id"] for link, t, extra in plan]
        runs["ecs_wan_wide_window_crossover_kb"] += runs["ecs_wan_crossover_kb"][1:]  # against the same TCP run
        for key, ids in runs.items():
            study = case_study_model.wait_for(lambda: _study(lab, ids), 300, "the study's analyses")
            print(f"{key}:", file=sys.stderr)
            for r in sorted(study["rows"], key=lambda r: (r["threads"], r["transport"], r["run_id"],
                                                          r["request_bytes"])):
                print(f"  run {r['run_id']} {r['link_profile']:12} {r['transport']} {r['threads']} thr "
                      f"{r['request_bytes'] / 1000:5.0f} KB {r['mean_ms']:9.2f} ms ({r['calls']} calls)",
                      file=sys.stderr)
            for c in study["crossovers"]:
                print(f"  {c['statement']} ({c['threads']} thread{'s' if c['threads'] > 1 else ''})",
                      file=sys.stderr)
            figures[key] = next((c["crossover_kb"] for c in study["crossovers"] if c["threads"] == 1), None)
    print(f"  {sum(map(len, studies.values()))} runs in {time.monotonic() - t0:.0f} s", file=sys.stderr)
    for key, kb in figures.items():
        print(f"{key}: {'nan' if kb is None else f'{kb:.1f}'} KB")
    return 0


def _study(lab, ids):
    try:
        return case_study_model.get(lab, f"/api/studies/rpc-vs-sockets?runs={','.join(map(str, ids))}")
    except OSError:  # 422 while a run's analyses are computed
        return None


if __name__ == "__main__":
    sys.exit(main())
