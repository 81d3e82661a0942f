#!/usr/bin/env bash
# TCP 64 B ping-pong on loopback: perflab-agent against sockperf, interleaved rounds.
# sockperf reports one-way latency (half the round trip), so its RTT is 2 x avg-latency.
# Prints:
#   tcp_pingpong_rtt_us: X us
#   sockperf_tcp_rtt_us: Y us
#   tcp_pingpong_rtt_vs_sockperf: R ratio      (R = X / Y, target <= 1.10)
# Env: ROUNDS (5), SOCKPERF_SECONDS (5), CALLS (300000), WARMUP (1000), SP_PORT, PL_PORT,
#      PIN_CPU (last CPU; "none" = no pinning).
# Both tools run their client and server pinned to the same CPU by default: on a small VM the
# scheduler otherwise flips between "same CPU" (~8 us RTT) and "cross-CPU wakeup" (~100+ us)
# from one run to the next, which swamps any difference between the tools.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/side_by_side.sh

AGENT=agents/build/perflab-agent
ROUNDS=${ROUNDS:-5}
SOCKPERF_SECONDS=${SOCKPERF_SECONDS:-5}
CALLS=${CALLS:-300000}
WARMUP=${WARMUP:-1000}
SP_PORT=${SP_PORT:-15311}
PL_PORT=${PL_PORT:-15312}
PIN_CPU=${PIN_CPU:-$(($(nproc) - 1))}
PIN=()
[ "$PIN_CPU" = none ] || PIN=(taskset -c "$PIN_CPU")

[ -x "$AGENT" ] || { echo "missing $AGENT: run 'make -C agents' first" >&2; exit 1; }
command -v sockperf >/dev/null || { echo "sockperf not installed (apt-get install sockperf)" >&2; exit 1; }

pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

"${PIN[@]}" sockperf server --tcp -i 127.0.0.1 -p "$SP_PORT" >/dev/null 2>&1 &
pids+=($!)
"${PIN[@]}" "$AGENT" serve --transport tcp --bind 127.0.0.1 --port "$PL_PORT" 2>/dev/null &
pids+=($!)
sleep 1

run_sockperf() { # prints RTT in us (2 x one-way avg latency)
    "${PIN[@]}" sockperf ping-pong --tcp -i 127.0.0.1 -p "$SP_PORT" -m 64 -t "$SOCKPERF_SECONDS" 2>&1 |
        sed -n 's/.*avg-latency=\([0-9.]*\).*/\1/p' | head -n1 | awk '{printf "%.4f\n", 2 * $1}'
}
run_perflab() { # prints mean RTT in us
    "${PIN[@]}" "$AGENT" pingpong --connect 127.0.0.1:"$PL_PORT" --transport tcp --request-bytes 64 \
        --response-bytes 64 --calls "$CALLS" --warmup "$WARMUP" --json |
        tr -d ' \t' | sed -n 's/^"mean":\([0-9.eE+-]*\),*$/\1/p' | head -n1 | awk '{printf "%.4f\n", $1 / 1000}'
}

interleave "$ROUNDS" run_perflab run_sockperf
X=$OURS_MEDIAN Y=$THEIRS_MEDIAN
awk -v x="$X" -v y="$Y" 'BEGIN {
    printf "tcp_pingpong_rtt_us: %.3f us\n", x
    printf "sockperf_tcp_rtt_us: %.3f us\n", y
    printf "tcp_pingpong_rtt_vs_sockperf: %.3f ratio\n", x / y
}'
