"""The ECS paper's RPC vs sockets on LAN and WAN (001_15318e11768c8d9a.txt section 2; issue 31, item 4) in a lab
of its own: the RPC runtime over UDP (error control per message) and over TCP (the kernel's, per segment), 1-100 KB
requests, 1 and 4 caller threads, on lan-1g and wan, one run each; the crossover from GET /api/studies/rpc-vs-sockets.

Prints
  ecs_lan_crossover_kb: <x> KB   where UDP RPC becomes faster on lan-1g, 1 thread (nan: never, the paper's finding)
  ecs_wan_crossover_kb: <x> KB   the same on wan (the paper: about 20 KB; nan: UDP RPC never faster here)
and the study's rows (mean ms per size) on stderr. About 3 minutes. Needs root, netns, the built agent and
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
    with tempfile.TemporaryDirectory(prefix="perflab-ecs-") as tmp, \
            case_study_model.own_lab(Path(tmp), args.port) as lab:
        ids = [case_study_model.launch(lab, {**BODY, "calls": args.calls, "transport": t, "link_profile": link,
                                             "name": f"ECS {t} on {link}"})["id"]
               for link in ("lan-1g", "wan") for t in ("udp", "tcp")]
        study = case_study_model._wait(lambda: _study(lab, ids), 300, "the study's analyses")
    for r in sorted(study["rows"], key=lambda r: (r["link_profile"], r["threads"], r["transport"], r["request_bytes"])):
        print(f"  {r['link_profile']:7} {r['transport']} {r['threads']} thr {r['request_bytes'] / 1000:5.0f} KB "
              f"{r['mean_ms']:9.2f} ms ({r['calls']} calls)", file=sys.stderr)
    for c in study["crossovers"]:
        print(f"  {c['statement']} ({c['threads']} thread{'s' if c['threads'] > 1 else ''})", file=sys.stderr)
    one = {c["link_profile"]: c["crossover_kb"] for c in study["crossovers"] if c["threads"] == 1}
    print(f"  4 runs in {time.monotonic() - t0:.0f} s", file=sys.stderr)
    for link, key in (("lan-1g", "ecs_lan_crossover_kb"), ("wan", "ecs_wan_crossover_kb")):
        kb = one.get(link)
        print(f"{key}: {'nan' if kb is None else f'{kb:.1f}'} KB")
    return 0


def _study(lab, ids):
    try:
        return case_study_model.get(lab, f"/api/studies/rpc-vs-sockets?runs={','.join(map(str, ids))}")
    except OSError:  # 422 while a run's analyses are computed
        return None


if __name__ == "__main__":
    sys.exit(main())
