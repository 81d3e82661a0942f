#!/usr/bin/env bash
# TCP 64 B ping-pong on loopback: perflab-agent against sockperf, interleaved rounds.
# sockperf reports one-way latency (half the round trip), so its RTT is 2 x avg-latency.
# Prints:
#   tcp_pingpong_rtt_us: X us
#   sockperf_tcp_rtt_us: Y us
#   tcp_pingpong_rtt_vs_sockperf: R ratio      (R = X / Y, target <= 1.10)
#   pingpong_p50_vs_sockperf_p50: R ratio      the same rounds' medians of the RTT percentiles (sockperf's
#   pingpong_p99_vs_sockperf_p99: R ratio      one-way percentiles doubled), target 0.9 .. 1.1 (issue 32)
#   tcp_pingpong_busypoll_rtt_us: X us        both sides busy-polling: the agent's --busy-poll (client and
#   sockperf_busypoll_tcp_rtt_us: Y us        server spin on a non-blocking recv) against sockperf
#   tcp_pingpong_busypoll_vs_sockperf: R ratio --nonblocked on both sides (its recvfrom loop spins on EAGAIN);
#                                              target <= 1.00; R is the median of the rounds' ratios
# Env: ROUNDS (5), SOCKPERF_SECONDS (5), CALLS (300000), WARMUP (1000), SP_PORT, PL_PORT,
#      PIN_CPU (last CPU; "none" = no pinning), BUSY_CALLS (100000), BUSY_SECONDS (2),
#      BUSY_SERVER_CPU (0) and BUSY_CLIENT_CPU (last CPU): a spinning side needs a CPU of its own (two
#      spinners on one CPU hand it over only at the end of a time slice); BUSY=0 skips that part.
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
BUSY=${BUSY:-1}
BUSY_CALLS=${BUSY_CALLS:-100000}
BUSY_SECONDS=${BUSY_SECONDS:-2}
BUSY_SERVER_CPU=${BUSY_SERVER_CPU:-0}
BUSY_CLIENT_CPU=${BUSY_CLIENT_CPU:-$(($(nproc) - 1))}
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

run_sockperf() { # prints RTT mean, p50 and p99 in us (2 x one-way latency: a ping-pong's halves are alike)
    "${PIN[@]}" sockperf ping-pong --tcp -i 127.0.0.1 -p "$SP_PORT" -m 64 -t "$SOCKPERF_SECONDS" 2>&1 |
        sed 's/\x1b\[[0-9;]*m//g' | awk '/avg-latency=/ {sub(/.*avg-latency=/, ""); m = $1 + 0}
            /percentile 50.000 =/ {p50 = $NF} /percentile 99.000 =/ {p99 = $NF}
            END {if (m) printf "%.4f %.4f %.4f\n", 2 * m, 2 * p50, 2 * p99}'
}
run_perflab() { # prints RTT mean, p50 and p99 in us
    "${PIN[@]}" "$AGENT" pingpong --connect 127.0.0.1:"$PL_PORT" --transport tcp --request-bytes 64 \
        --response-bytes 64 --calls "$CALLS" --warmup "$WARMUP" --json |
        tr -d ' \t' | awk -F: '/^"mean":/ {m = $2 + 0} /^"p50":/ {p50 = $2 + 0} /^"p99":/ {p99 = $2 + 0}
            END {if (m) printf "%.4f %.4f %.4f\n", m / 1000, p50 / 1000, p99 / 1000}'
}
# A busy-polling server runs only for its own round: sockperf's --nonblocked server spins even with no client,
# and would take the server CPU from the other tool's round.
busy_server() { # start the server given as arguments on BUSY_SERVER_CPU; its pid in busy_pid
    taskset -c "$BUSY_SERVER_CPU" "$@" >/dev/null 2>&1 &
    busy_pid=$!
    trap busy_stop EXIT # each run_*_busy is a $( ) subshell: its server goes with it, even on a failed round
    sleep 0.5
}
busy_stop() { kill "$busy_pid" 2>/dev/null || true; wait "$busy_pid" 2>/dev/null || true; }
run_sockperf_busy() { # both sides spin (--nonblocked); prints RTT in us
    busy_server sockperf server --tcp -i 127.0.0.1 -p "$((SP_PORT + 10))" --nonblocked
    taskset -c "$BUSY_CLIENT_CPU" sockperf ping-pong --tcp -i 127.0.0.1 -p "$((SP_PORT + 10))" -m 64 \
        -t "$BUSY_SECONDS" --nonblocked 2>&1 |
        sed -n 's/.*avg-latency=\([0-9.]*\).*/\1/p' | head -n1 | awk '{printf "%.4f\n", 2 * $1}'
    busy_stop
}
run_perflab_busy() {
    busy_server "$AGENT" serve --transport tcp --bind 127.0.0.1 --port "$((PL_PORT + 10))" --busy-poll
    taskset -c "$BUSY_CLIENT_CPU" "$AGENT" pingpong --connect 127.0.0.1:"$((PL_PORT + 10))" --transport tcp \
        --request-bytes 64 --response-bytes 64 --calls "$BUSY_CALLS" --warmup "$WARMUP" --busy-poll --json |
        tr -d ' \t' | sed -n 's/^"mean":\([0-9.eE+-]*\),*$/\1/p' | head -n1 | awk '{printf "%.4f\n", $1 / 1000}'
    busy_stop
}

interleave "$ROUNDS" run_perflab run_sockperf
X=$OURS_MEDIAN Y=$THEIRS_MEDIAN
awk -v x="$X" -v y="$Y" 'BEGIN {
    printf "tcp_pingpong_rtt_us: %.3f us\n", x
    printf "sockperf_tcp_rtt_us: %.3f us\n", y
    printf "tcp_pingpong_rtt_vs_sockperf: %.3f ratio\n", x / y
}'
column_median() { printf '%s\n' "$@" | awk -v c="$COL" '{print $c}' | median; }
for c in 2:p50 3:p99; do
    COL=${c%%:*}
    awk -v n="${c#*:}" -v x="$(column_median "${ours[@]}")" -v y="$(column_median "${theirs[@]}")" 'BEGIN {
        printf "pingpong_%s_us: %.3f us\nsockperf_%s_us: %.3f us\npingpong_%s_vs_sockperf_%s: %.3f ratio\n", n, x, n, y, n, n, x / y
    }'
done

[ "$BUSY" = 1 ] || exit 0
# busy polling: the ratio is the median over rounds of the rounds' ratios (a neighbour's burst on one of the two
# CPUs moves one round's pair, not the figure)
interleave "$ROUNDS" run_perflab_busy run_sockperf_busy
ratios=()
for ((i = 0; i < ${#ours[@]}; i++)); do
    ratios+=("$(awk -v x="${ours[i]}" -v y="${theirs[i]}" 'BEGIN {printf "%.4f\n", x / y}')")
done
BR=$(printf '%s\n' "${ratios[@]}" | median)
awk -v x="$OURS_MEDIAN" -v y="$THEIRS_MEDIAN" -v r="$BR" 'BEGIN {
    printf "tcp_pingpong_busypoll_rtt_us: %.3f us\n", x
    printf "sockperf_busypoll_tcp_rtt_us: %.3f us\n", y
    printf "tcp_pingpong_busypoll_vs_sockperf: %.3f ratio\n", r
}'
