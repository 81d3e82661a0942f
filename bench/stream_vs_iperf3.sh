#!/usr/bin/env bash
# TCP streaming on loopback: perflab-agent stream against iperf3, same message size, interleaved rounds.
# Both figures are the receiver's (bytes received over the receiver's first-to-last-byte time).
# Prints:
#   stream_tcp_gbit_s: X Gbit/s
#   iperf3_tcp_gbit_s: Y Gbit/s
#   stream_tcp_vs_iperf3: R ratio      (R = X / Y, target >= 0.95)
# Env: ROUNDS (5), SECONDS_EACH (5), MESSAGE_BYTES (131072, iperf3's TCP default), ST_PORT, IP_PORT.
set -euo pipefail
cd "$(dirname "$0")/.."

AGENT=agents/build/perflab-agent
ROUNDS=${ROUNDS:-5}
SECONDS_EACH=${SECONDS_EACH:-5}
MESSAGE_BYTES=${MESSAGE_BYTES:-131072}
ST_PORT=${ST_PORT:-15321}
IP_PORT=${IP_PORT:-15322}

[ -x "$AGENT" ] || { echo "missing $AGENT: run 'make -C agents' first" >&2; exit 1; }
command -v iperf3 >/dev/null || { echo "iperf3 not installed (apt-get install iperf3)" >&2; exit 1; }

pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

"$AGENT" stream --listen "$ST_PORT" --bind 127.0.0.1 >/dev/null 2>&1 &
pids+=($!)
iperf3 -s -B 127.0.0.1 -p "$IP_PORT" >/dev/null 2>&1 &
pids+=($!)
sleep 1

run_perflab() { # prints Gbit/s received
    "$AGENT" stream --connect 127.0.0.1:"$ST_PORT" --message-bytes "$MESSAGE_BYTES" --duration "$SECONDS_EACH" --json |
        python3 -c 'import json, sys; e = json.load(sys.stdin)["end"]; print("%.4f" % (e["received_bytes"] * 8 / e["receiver_duration_ns"]))'
}
run_iperf3() { # prints Gbit/s received
    iperf3 -c 127.0.0.1 -p "$IP_PORT" -l "$MESSAGE_BYTES" -t "$SECONDS_EACH" -J |
        python3 -c 'import json, sys; print("%.4f" % (json.load(sys.stdin)["end"]["sum_received"]["bits_per_second"] / 1e9))'
}
median() { sort -g | awk '{v[NR] = $1} END {if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

ours=() theirs=()
for ((i = 1; i <= ROUNDS; i++)); do
    # alternate who goes first so drift in machine state hits both alike
    if ((i % 2)); then
        ours+=("$(run_perflab)"); theirs+=("$(run_iperf3)")
    else
        theirs+=("$(run_iperf3)"); ours+=("$(run_perflab)")
    fi
    echo "round $i: perflab ${ours[-1]} Gbit/s, iperf3 ${theirs[-1]} Gbit/s" >&2
done

X=$(printf '%s\n' "${ours[@]}" | median)
Y=$(printf '%s\n' "${theirs[@]}" | median)
[ -n "$X" ] && [ -n "$Y" ] || { echo "a round produced no number" >&2; exit 1; }
awk -v x="$X" -v y="$Y" 'BEGIN {
    printf "stream_tcp_gbit_s: %.2f Gbit/s\n", x
    printf "iperf3_tcp_gbit_s: %.2f Gbit/s\n", y
    printf "stream_tcp_vs_iperf3: %.3f ratio\n", x / y
}'
