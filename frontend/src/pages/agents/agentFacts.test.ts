// An agent's facts as the Agents page lists them: kernel timestamps, probe cost, network, crypto and limits, and what
// it does not report left out.
import { describe, expect, it } from "vitest";
import { appliedLinkOf } from "../AgentsPage";
import { agentFacts } from "./agentFacts";

describe("agentFacts", () => {
  it("reads kernel timestamps, probe cost, network, crypto and limits", () => {
    const facts = agentFacts({
      kernel_timestamps: { tx_software: true, rx_software: true, detail: "SO_TIMESTAMPING software" },
      probe_clock: { source: "tsc", probe_ns: 16.43465, why: "tsc: invariant" },
      net: { advertised: { interface: "eth0", mtu: 1500, speed_mbps: 10000 } },
      crypto: { library: "libsodium", version: "1.0.18" },
      limits: { max_bytes: 0, max_threads: 8, max_duration_s: 0, peer_allowlist: true },
    });
    expect(facts.map((f) => [f.label, f.value])).toEqual([
      ["kernel timestamps", "yes (TX + RX)"],
      ["probe", "tsc · 16.4 ns per probe"],
      ["network", "eth0 · MTU 1500 B · 10 Gbit/s"],
      ["crypto", "libsodium 1.0.18"],
      ["limits", "8 threads, peer allow-list"],
    ]);
    expect(facts[0].title).toBe("SO_TIMESTAMPING software");
  });

  it("leaves out what an agent does not report and says no when stamps are missing", () => {
    expect(agentFacts({})).toEqual([]);
    expect(agentFacts(null)).toEqual([]);
    const [kt, lim] = agentFacts({ kernel_timestamps: { tx_software: false, rx_software: false }, limits: {} });
    expect(kt.value).toBe("no");
    expect(lim.value).toBe("none");
    expect(agentFacts({ net: { advertised: { interface: "lo", mtu: 65536 } } })[0].value).toBe(
      "lo · MTU 65536 B · speed unknown",
    );
  });
});

describe("the link applied on the Agents page", () => {
  // issue 37: the page showed the bare veth (MTU 65535, 10 Gbit/s), not the link the lab applies between the agents
  const caps = { net: { advertised: { interface: "pl459f45a", mtu: 65535, speed_mbps: 10000 } } };
  it("names the lab's applied link for an agent on it, the veth only in its title", () => {
    const f = agentFacts(caps, { profile: "ethernet-10m", words: "10 Mbit/s · MTU 1500" }).find((x) => x.label === "link applied")!;
    expect(f.value).toBe("ethernet-10m · 10 Mbit/s · MTU 1500");
    expect(f.title).toContain("pl459f45a · MTU 65535 B · 10 Gbit/s");
    expect(agentFacts(caps, { profile: "x", words: "y" }).some((x) => x.label === "network")).toBe(false);
    expect(agentFacts(caps).find((x) => x.label === "network")!.value).toBe("pl459f45a · MTU 65535 B · 10 Gbit/s");
  });
  it("finds the applied profile for the agents the link status lists", () => {
    const status = { emulated: true, reason: null, applied_profile: "ethernet-10m", agents: { "local-a": {}, "local-b": {} } };
    const profiles = [{ name: "ethernet-10m", mtu: 1500, rate_mbit: 10, delay_ms: 0.005, emulation: "wire" }] as never;
    expect(appliedLinkOf("local-a", status, profiles)).toMatchObject({ profile: "ethernet-10m", words: expect.stringContaining("10 Mbit/s") });
    expect(appliedLinkOf("remote", status, profiles)).toBeNull();
    expect(appliedLinkOf("local-a", { ...status, emulated: false }, profiles)).toBeNull();
  });
});
