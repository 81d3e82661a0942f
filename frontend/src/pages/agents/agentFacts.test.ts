// An agent's facts as the Agents page lists them: kernel timestamps, probe cost, network, crypto and limits, and what
// it does not report left out.
import { describe, expect, it } from "vitest";
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
