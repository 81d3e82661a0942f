#!/usr/bin/env python3
"""The RPC runtime against plain sockets and its call-handle cache anomaly, measured side by side in one run.

Prints (`<name>: <number> <unit>`):
  udp_null_rpc_rtt_us, udp_raw_pingpong_rtt_us, udp_null_rpc_vs_raw_udp       (target <= 1.05)
      a null RPC (80-byte request and reply packets) against a UDP ping-pong of 80-byte datagrams,
      client and server pinned to one CPU as bench/tcp_pingpong_vs_sockperf.sh does; NULL_ROUNDS interleaved
      rounds, each on servers of its own (a client's or a server's process moves the mean by up to ±5 % here),
      the median over rounds of the ratio of the two means (a round disturbed by a neighbour's load moves
      one ratio, not the figure); the same for the other ratios. Both servers bind 127.0.0.1 (rpc-serve's
      default): a server bound to 0.0.0.0 spares the kernel a check of the source address on every send
  udp_null_rpc_no_step_clock_rtt_us, udp_null_rpc_no_step_clock_vs_raw_udp    (report: the limit)
      the same null RPC in the same rounds by the limit build (agents/build/perflab-agent-no-step-clock: its
      step probes count instead of reading the clock; the call's start and end read it): what the runtime
      costs without the ~16 clock reads that time a null call's 17 steps on both sides (the ping-pong takes 6)
  anomaly_rtt_per_thread_us, anomaly_rtt_single_us, anomaly_rtt_single_vs_per_thread   (must be >= 1.2)
      3-packet calls (sink of 3 x 4016 bytes), 3 caller threads, exponential think time of mean 3 ms,
      cache policy single vs per-thread (Khandker & Teorey, section 4.3), on an emulated path with 1 ms
      one-way delay per direction (ANOMALY_DELAY_US): on bare loopback a call takes ~100 us against 3 ms of
      think time, so calls of different threads hardly overlap and no handle is ever destroyed
  rpc_64k_rtt_us, tcp_64k_rtt_us, rpc_64k_vs_tcp_64k    (report)
      echo of 65536 bytes by RPC over UDP against a TCP ping-pong of 65536 bytes each way; the runtime's DCE
      packetisation (4016-byte packets, window 4 KB doubling to 32 KB: 17 packets and several ack round trips
      each way)
  rpc_64k_bigpkt_rtt_us, rpc_64k_bigpkt_vs_tcp_64k    (target <= 2.0)
      the same echo over UDP with loopback-sized packets and window (BIGPKT: --packet-data 65427, the largest
      datagram less the 80-byte header, and a 1 MiB window: 2 packets each way, no ack round trip)
  rpc_tcp_64k_rtt_us, rpc_tcp_64k_vs_tcp_64k    (target <= 1.5)
      the same echo by RPC over the runtime's tcp transport (same packets framed on a stream), same rounds
On stderr, after the figures: the step ladder (mean us per call in each client and server step, agents/STEPS.md)
of each 64 KB echo, from a fresh server per configuration: where the ratio above 1 goes.
Env: ROUNDS (5), NULL_ROUNDS (15), CALLS (20000), ANOMALY_CALLS (300), ANOMALY_DELAY_US (1000),
PIN_CPU (last CPU; none), AGENT (agents/build/perflab-agent), LADDER (1; 0 skips the ladders).
"""

import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
AGENT = os.environ.get("AGENT", str(ROOT / "agents" / "build" / "perflab-agent"))
NO_STEP_CLOCK = str(ROOT / "agents" / "build" / "perflab-agent-no-step-clock")
ROUNDS = int(os.environ.get("ROUNDS", 5))
NULL_ROUNDS = int(os.environ.get("NULL_ROUNDS", 15))
CALLS = int(os.environ.get("CALLS", 20000))
ANOMALY_CALLS = int(os.environ.get("ANOMALY_CALLS", 300))
DELAY_US = int(os.environ.get("ANOMALY_DELAY_US", 1000))
PIN_CPU = os.environ.get("PIN_CPU", str(os.cpu_count() - 1))
PIN = [] if PIN_CPU == "none" else ["taskset", "-c", PIN_CPU]
LADDER = os.environ.get("LADDER", "1") != "0"
BIGPKT = ["--packet-data", "65427", "--window-initial", "1048576", "--window-max", "1048576"]
STEP_NAMES = {10: "c.start", 11: "c.bind", 12: "c.marshal", 13: "c.copy", 14: "c.queue", 15: "c.sendmsg",
              16: "c.post_send", 17: "c.wait", 18: "c.recv", 19: "c.ack", 20: "c.retransmit", 21: "c.unmarshal",
              22: "c.end", 23: "c.free", 110: "s.idle", 111: "s.receive", 112: "s.ack", 113: "s.dispatch",
              114: "s.unmarshal", 115: "s.service", 116: "s.marshal", 117: "s.sendmsg", 118: "s.reply_wait",
              119: "s.end"}


def start_rpc_server(*extra, stderr=subprocess.DEVNULL, agent=AGENT):
    p = subprocess.Popen(PIN + [agent, "rpc-serve", "--port", "0", "--threads", "4", *extra],
                         stdout=subprocess.PIPE, stderr=stderr, text=True)
    line = p.stdout.readline()
    m = re.search(r"\[(\d+)\]", line)
    if not m:
        p.kill()
        sys.exit(f"rpc-serve did not start: {line!r}")
    return p, int(m.group(1))


def start_pingpong_server(transport):
    port = 15400 + (os.getpid() % 500) + (1 if transport == "tcp" else 0)
    p = subprocess.Popen(PIN + [AGENT, "serve", "--transport", transport, "--bind", "127.0.0.1", "--port", str(port)],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.3)
    return p, port


def rpc(port, *args, transport="udp", agent=AGENT):
    out = subprocess.run(PIN + [agent, "rpc", "--connect", f"{transport}:127.0.0.1[{port}]", "--json", *args],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)["points"]


def pingpong(transport, port, size, calls):
    out = subprocess.run(PIN + [AGENT, "pingpong", "--connect", f"127.0.0.1:{port}", "--transport", transport,
                                "--request-bytes", str(size), "--response-bytes", str(size), "--calls",
                                str(calls), "--warmup", "100", "--json"], capture_output=True, text=True,
                         check=True).stdout
    return json.loads(out)["end"]["rtt_ns"]["mean"]


def stop(*procs):
    for p in procs:
        p.terminate()
        p.wait(10)


def ladder(label, transport, *extra):
    """One 64 KB echo run against a fresh server: both sides' mean time per call in each step, on stderr."""
    srv, port = start_rpc_server("--transport", transport, *extra, stderr=subprocess.PIPE)
    try:
        pt = rpc(port, "--procedure", "echo", "--request-bytes", "65536", "--calls", str(CALLS // 20), "--warmup",
                 "20", *extra, transport=transport)[0]
    finally:
        srv.terminate()
        err = srv.communicate(timeout=10)[1]
    m = re.search(r"step means \(ns per call\):(.*)", err)
    server = {int(k): float(v) for k, v in (kv.split("=") for kv in m.group(1).split())} if m else {}
    steps = {int(k): v for k, v in pt["step_mean_ns"].items()} | server
    print(f"ladder {label}: RTT mean {pt['rtt_ns']['mean'] / 1e3:.1f} us; mean us per call in each step:",
          file=sys.stderr)
    for side, lo, hi in (("client", 10, 100), ("server", 110, 200)):
        row = [f"{STEP_NAMES[c]} {v / 1e3:.2f}" for c, v in sorted(steps.items()) if lo <= c < hi and v >= 5]
        total = sum(v for c, v in steps.items() if lo <= c < hi)
        print(f"  {side} (sum {total / 1e3:.1f}): " + ", ".join(row), file=sys.stderr)


def null_round():
    """The null RPC, the UDP ping-pong and the limit build's null RPC side by side, on servers of the round's own:
    a server process's placement moves its mean by a few % for as long as it runs, as a client's does"""
    rpc_srv, rpc_port = start_rpc_server()
    nsc_srv, nsc_port = start_rpc_server(agent=NO_STEP_CLOCK)
    udp_srv, udp_port = start_pingpong_server("udp")
    try:
        null = rpc(rpc_port, "--calls", str(CALLS), "--warmup", "100")[0]["rtt_ns"]["mean"]
        raw = pingpong("udp", udp_port, 80, CALLS)
        nsc = rpc(nsc_port, "--calls", str(CALLS), "--warmup", "100", agent=NO_STEP_CLOCK)[0]["rtt_ns"]["mean"]
    finally:
        stop(rpc_srv, nsc_srv, udp_srv)
    return null, raw, nsc


def main():
    subprocess.run(["make", "-s", "-C", str(ROOT / "agents"), "build/perflab-agent-no-step-clock"], check=True,
                   stdout=subprocess.DEVNULL)
    null_rpc, raw_udp, nsc_rpc = zip(*(null_round() for _ in range(NULL_ROUNDS)))  # before any large call
    rpc_srv, rpc_port = start_rpc_server()
    tcp_srv, tcp_port = start_pingpong_server("tcp")
    rpc_tcp_srv, rpc_tcp_port = start_rpc_server("--transport", "tcp")
    big_srv, big_port = start_rpc_server(*BIGPKT)
    try:
        rpc64, tcp64, rpc_tcp64, rpc64big = [], [], [], []
        for _ in range(ROUNDS):
            rpc64.append(rpc(rpc_port, "--procedure", "echo", "--request-bytes", "65536", "--calls",
                             str(CALLS // 20), "--warmup", "20")[0]["rtt_ns"]["mean"])
            tcp64.append(pingpong("tcp", tcp_port, 65536, CALLS // 20))
            rpc_tcp64.append(rpc(rpc_tcp_port, "--procedure", "echo", "--request-bytes", "65536", "--calls",
                                 str(CALLS // 20), "--warmup", "20", transport="tcp")[0]["rtt_ns"]["mean"])
            rpc64big.append(rpc(big_port, "--procedure", "echo", "--request-bytes", "65536", "--calls",
                                str(CALLS // 20), "--warmup", "20", *BIGPKT)[0]["rtt_ns"]["mean"])
    finally:
        stop(rpc_srv, tcp_srv, rpc_tcp_srv, big_srv)

    link = ["--link-delay-us", str(DELAY_US)]
    slow_srv, slow_port = start_rpc_server(*link)
    try:
        per_thread, single = [], []
        for r in range(ROUNDS):
            pts = rpc(slow_port, "--procedure", "sink", "--request-bytes", "12048", "--threads", "3",
                      "--think-us", "3000", "--cache", "per-thread,single", "--calls", str(ANOMALY_CALLS),
                      "--warmup", "3", "--seed", str(r + 1), *link)
            per_thread.append(pts[0]["rtt_ns"]["mean"])
            single.append(pts[1]["rtt_ns"]["mean"])
    finally:
        stop(slow_srv)

    def us(values):
        return statistics.median(values) / 1e3

    def ratio(a, b):
        return statistics.median(x / y for x, y in zip(a, b))

    print(f"udp_null_rpc_rtt_us: {us(null_rpc):.2f} us")
    print(f"udp_raw_pingpong_rtt_us: {us(raw_udp):.2f} us")
    print(f"udp_null_rpc_vs_raw_udp: {ratio(null_rpc, raw_udp):.3f} ratio")
    print(f"udp_null_rpc_no_step_clock_rtt_us: {us(nsc_rpc):.2f} us")
    print(f"udp_null_rpc_no_step_clock_vs_raw_udp: {ratio(nsc_rpc, raw_udp):.3f} ratio")
    print(f"anomaly_rtt_per_thread_us: {us(per_thread):.1f} us")
    print(f"anomaly_rtt_single_us: {us(single):.1f} us")
    print(f"anomaly_rtt_single_vs_per_thread: {ratio(single, per_thread):.3f} ratio")
    print(f"rpc_64k_rtt_us: {us(rpc64):.1f} us")
    print(f"tcp_64k_rtt_us: {us(tcp64):.1f} us")
    print(f"rpc_64k_vs_tcp_64k: {ratio(rpc64, tcp64):.3f} ratio")
    print(f"rpc_64k_bigpkt_rtt_us: {us(rpc64big):.1f} us")
    print(f"rpc_64k_bigpkt_vs_tcp_64k: {ratio(rpc64big, tcp64):.3f} ratio")
    print(f"rpc_tcp_64k_rtt_us: {us(rpc_tcp64):.1f} us")
    print(f"rpc_tcp_64k_vs_tcp_64k: {ratio(rpc_tcp64, tcp64):.3f} ratio")
    sys.stdout.flush()
    if LADDER:
        print(f"(tcp_64k ping-pong RTT for the ladders below: {us(tcp64):.1f} us)", file=sys.stderr)
        ladder("rpc_64k (udp, DCE packets)", "udp")
        ladder("rpc_64k_bigpkt (udp, 65427-byte packets, 1 MiB window)", "udp", *BIGPKT)
        ladder("rpc_tcp_64k (tcp)", "tcp")


if __name__ == "__main__":
    main()
