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
source bench/side_by_side.sh

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

interleave "$ROUNDS" run_perflab run_iperf3
X=$OURS_MEDIAN Y=$THEIRS_MEDIAN
awk -v x="$X" -v y="$Y" 'BEGIN {
    printf "stream_tcp_gbit_s: %.2f Gbit/s\n", x
    printf "iperf3_tcp_gbit_s: %.2f Gbit/s\n", y
    printf "stream_tcp_vs_iperf3: %.3f ratio\n", x / y
}'
