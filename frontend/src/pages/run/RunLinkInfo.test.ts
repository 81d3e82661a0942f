// The run's link line: an emulated link's shaping, wire or shaped, and the path the client really took.
import { describe, expect, it } from "vitest";
import { linkParts } from "./RunLinkInfo";

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
