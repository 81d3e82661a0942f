// The run's link line: an emulated link's shaping, wire or shaped, and the path the client really took.
import { describe, expect, it } from "vitest";
import { appliedLinkText, linkParts } from "./RunLinkInfo";
import { hostEmulation, linkShort, runtimeLink } from "./appliedLink";

describe("linkParts", () => {
  it("describes an emulated link's shaping and the interface the client really used", () => {
    const parts = linkParts({ profile: "ethernet-10m", emulated: true, mtu: 1500, rate_mbit: 10, delay_ms: 0.1,
      path: { peer: "10.77.0.2", interface: "veth-a", mtu: 1500, speed_mbps: 10000 } });
    // the veth's nominal 10000 Mbit/s is not the link's rate: left out on an emulated link
    expect(parts).toEqual(["MTU 1500", "10 Mbit/s", "100 µs delay", "client sent via veth-a (MTU 1500)"]);
  });

  it("says whether the link is a wire or only shaped", () => {
    const link = { profile: "ethernet-10m", emulated: true, mtu: 1500, rate_mbit: 10, delay_ms: 0.005 };
    expect(linkParts({ ...link, emulation: "wire" })).toEqual(["MTU 1500", "10 Mbit/s", "emulated wire", "5 µs delay"]);
    expect(linkParts({ ...link, emulation: "shaped", delay_ms: 40 }))
      .toEqual(["MTU 1500", "10 Mbit/s", "token bucket (shaped, not a wire)", "40 ms delay"]);
  });

  it("reads the impairments the link process ran with", () => {
    // what the backend records (`link.wire.impairments`, per direction [client -> server, server -> client])
    const wan = { rate_mbit: [100.0, 100.0], propagation_us: [30000.0, 30000.0], queue_limit_bytes: [1250000, 1250000],
      jitter_us: [2000.0, 2000.0], loss: [0.001, 0.001], jitter_dist: "normal", reorder: false };
    const link = { profile: "wan", emulated: true, emulation: "wire" as const, mtu: 1500, rate_mbit: 100, delay_ms: 30,
      rtt_us_min: 60123.4, wire: { pid: 4321, impairments: wan } };
    expect(linkParts(link)).toEqual(["wire", "100 Mbit/s", "30 ms ± 2 ms (normal)", "loss 0.1 %",
      "queue 1.25 MB drop-tail", "MTU 1500", "probe RTT 60123.4 µs"]);
    const wifi = { rate_mbit: [50.0, 50.0], propagation_us: [3000.0, 3000.0], queue_limit_bytes: [615200, 615200],
      queue_limit_packets: [400, 400], jitter_us: [4000.0, 4000.0], jitter_dist: "pareto-normal",
      ge: "0.005,0.2,0.4,0", reorder: true };
    expect(linkParts({ ...link, profile: "wifi", wire: { impairments: wifi } }).slice(1, 5)).toEqual(["50 Mbit/s",
      "3 ms ± 4 ms (pareto-normal, may reorder)", "bursty loss 40 % in bursts of 5", "queue 400 packets drop-tail"]);
    const lte = { rate_mbit: [10.0, 30.0], propagation_us: [25000.0, 25000.0], queue_limit_bytes: [461400, 461400],
      queue_limit_packets: [300, 300], jitter_us: [8000.0, 8000.0], loss: [0.002, 0.002], jitter_dist: "normal",
      reorder: false };
    expect(linkParts({ ...link, profile: "lte", wire: { impairments: lte } }).slice(1, 3))
      .toEqual(["10 Mbit/s up · 30 Mbit/s down", "25 ms ± 8 ms (normal)"]);
    const codel = { rate_mbit: [10.0, 10.0], propagation_us: [10000.0, 10000.0], queue_limit_bytes: [1538000, 1538000],
      queue_limit_packets: [1000, 1000], aqm: "codel", codel_target_ns: "5000000", codel_interval_ns: "100000000",
      reorder: false, duplicate: [0.0001, 0.0001], corrupt: [0.00001, 0.00001] };
    expect(linkParts({ ...link, profile: "bufferbloat-codel", wire: { impairments: codel } }).slice(1, 6)).toEqual([
      "10 Mbit/s", "10 ms", "dup 0.01 %", "corrupt 0.001 %", "queue 1000 packets CoDel (target 5 ms, interval 100 ms)"]);
  });

  it("falls back to the profile as applied when the link process's parameters were not recorded", () => {
    const requested = { rate_mbit: 0.512, delay_ms: 15, jitter_ms: 5, jitter_distribution: "normal", loss_percent: 1,
      queue_packets: 64, aqm: "drop-tail", reverse: {} };
    expect(linkParts({ profile: "ecs-internet", emulated: true, emulation: "wire", mtu: 1500, wire: null, requested }))
      .toEqual(["wire", "512 kbit/s", "15 ms ± 5 ms (normal)", "loss 1 %", "queue 64 packets drop-tail", "MTU 1500"]);
    // a token bucket has no queue of the link process to tell of
    expect(linkParts({ profile: "lan-1g", emulated: true, emulation: "shaped", mtu: 1500,
      requested: { rate_mbit: 1000, burst_bytes: 15140, reverse: {} } }))
      .toEqual(["token bucket (shaped, not a wire)", "1 Gbit/s", "MTU 1500"]);
  });

  it("prefers the job's reported path over the interface advertised at enrolment", () => {
    const link = { profile: "loopback", emulated: false,
      paths: { client: { advertised: { interface: "eth0", mtu: 9000, speed_mbps: 25000 } } } };
    expect(linkParts(link)).toEqual(["the agents' own network", "client via eth0 (MTU 9000) · 25000 Mbit/s (advertised)"]);
    expect(linkParts({ ...link, path: { interface: "lo", mtu: 65536 } }))
      .toEqual(["the agents' own network", "client sent via lo (MTU 65536)"]);
    expect(linkParts({ ...link, path: { interface: "eth0", mtu: 1500, speed_mbps: 1000 } }))
      .toEqual(["the agents' own network", "client sent via eth0 (MTU 1500) · 1000 Mbit/s"]);
  });

  it("says nothing of a path when neither is known", () => {
    expect(linkParts({ profile: "loopback", emulated: false, path: { peer: "example" } })).toEqual(["the agents' own network"]);
  });
});

describe("appliedLinkText and the host", () => {
  // issue 37: an RPC run with the runtime's own 20 Mbit/s and 40 ms showed "loopback · unshaped" above an 83 ms RTT
  const rpc = (p: Record<string, unknown>) => ({ kind: "rpc" as const, params: { link_mbps: 0, link_delay_us: 0, host_packet_us: 0, ...p } as never,
    link: { profile: "loopback", emulated: false } });

  it("names the RPC runtime's own link before the profile beneath it", () => {
    const text = appliedLinkText(rpc({ link_mbps: 20, link_delay_us: 40000 }));
    expect(text).toMatch(/^the RPC runtime's own link, 20 Mbit\/s · 40 ms each way .*, over loopback · /);
    expect(linkShort(rpc({ link_mbps: 20, link_delay_us: 40000 }))).toBe("loopback + runtime 20 Mbit/s · 40 ms each way");
    expect(runtimeLink({ link_mbps: 0, link_delay_us: 500 })).toBe("no rate limit · 500 µs each way");
  });

  it("is the profile alone when the runtime adds no link", () => {
    expect(appliedLinkText(rpc({}))).toBe("loopback · the agents' own network");
    expect(linkShort(rpc({}))).toBe("loopback");
    expect(appliedLinkText({ kind: "pingpong", params: {} as never, link: {} })).toBeNull();
  });

  it("says another run on the same link, whose traffic crossed this run's", () => {
    // a ping-pong launched during the case study: 16 ms bursts of its calls were the case study's traffic
    const link = { profile: "ethernet-10m", emulated: true, mtu: 1500, rate_mbit: 10, shared_with_run: 1 };
    expect(appliedLinkText({ kind: "pingpong", params: {} as never, link }))
      .toMatch(/^ethernet-10m · .* · shared with run #1, on this link when this run launched \(its traffic crossed this run's\)$/);
  });

  it("says a stream ran over the lab's link as it was, not nothing", () => {
    // a stream records no link: its header said nothing while 64 KiB messages took 276 ms on ethernet-10m
    expect(appliedLinkText({ kind: "stream", params: {} as never, link: {} }))
      .toBe("not recorded: a stream run takes no link profile and ran over whatever the lab's link was shaped to at the time");
  });

  it("names the emulated host's CPU per packet", () => {
    expect(hostEmulation({ host_packet_us: 1000 })).toBe("emulated 1995 host: 1 ms of CPU per packet sent or received, each side");
    expect(hostEmulation({ host_packet_us: 0 })).toBeNull();
  });
});
