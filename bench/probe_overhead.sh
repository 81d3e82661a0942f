#!/usr/bin/env bash
# probe_overhead_ns: one step probe (two reads of the agent's clock + the store into a
# preallocated record), measured by the agent itself at start-up; printed next to the cost of one
# clock_gettime(CLOCK_MONOTONIC) measured in the same run, interleaved with it.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
AGENT="$ROOT/agents/build/perflab-agent"
[ -x "$AGENT" ] || make -s -C "$ROOT/agents" >&2
"$AGENT" clock --json | python3 -c '
import json, sys
c = json.load(sys.stdin)["probe_clock"]
print("probe_overhead_ns: %.1f ns" % c["probe_ns"])
print("probe_clock_read_ns: %.1f ns" % c["clock_read_ns"])
print("clock_gettime_ns: %.1f ns" % c["clock_gettime_ns"])
'
