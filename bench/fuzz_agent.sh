#!/usr/bin/env bash
# fuzz_agent_crashes / fuzz_agent_execs: `make -C agents fuzz` (libFuzzer + ASan/UBSan on the agent's parsers:
# RPC packets, job JSON, every kind's job params, the link process's profile, batch acknowledgements, command-line
# lists), FUZZ_SECONDS (20) per target; the figures are the targets that crashed and the inputs run, summed over
# the targets. fuzz_cov_<target>: the share of lines of the target's parser files its corpus runs (fuzz/coverage.sh). Needs clang (scripts/deps.sh fuzz,
# as root); without it the benchmark is skipped with a message on stderr and no figure.
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
if ! command -v clang >/dev/null; then
    if [ "$(id -u)" = 0 ]; then "$ROOT/scripts/deps.sh" fuzz >&2 || true; fi
    if ! command -v clang >/dev/null; then
        echo "fuzz_agent: skipped: clang is not installed and could not be (run scripts/deps.sh fuzz as root)" >&2
        exit 0
    fi
fi
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
make -s -C "$ROOT/agents" fuzz FUZZ_SECONDS="${FUZZ_SECONDS:-20}" >"$log" 2>&1
rc=$?
cat "$log" >&2
# fuzz/run.sh's last line: "fuzz total: T targets, N runs, C crashed"
total="$(grep '^fuzz total:' "$log" | tail -n1)"
if [ -z "$total" ]; then
    echo "fuzz_agent: the fuzz targets did not build or run (make exit $rc); see above" >&2
    exit 1
fi
crashed="$(sed -n 's/.*, \([0-9]*\) crashed$/\1/p' <<<"$total")"
runs="$(sed -n 's/.*targets, \([0-9]*\) runs,.*/\1/p' <<<"$total")"
echo "fuzz_agent_crashes: $crashed crashes"
echo "fuzz_agent_execs: $runs runs"
# fuzz/coverage.sh's lines: "fuzz_<name>: P % of lines (files)"
sed -n 's/^fuzz_\([a-z_]*\): \([0-9.]*\) % of lines.*/fuzz_cov_\1: \2 %lines/p' "$log"
