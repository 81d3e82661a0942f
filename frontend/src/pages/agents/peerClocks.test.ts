// Peer clock rows: the offset signed, bounded and aged; one clock as offset 0 and drift 0; a zero drift without a sign.
import { describe, expect, it } from "vitest";
import { formatPpm, peerRows, type AgentClocks } from "./peerClocks";

const NOW = Date.parse("2026-11-21T23:00:00Z");

describe("peerRows", () => {
  it("signs the offset, bounds it and ages it", () => {
    const a: AgentClocks = {
      agent_id: 1, agent_name: "local-a", peers: [
        { peer_id: 3, peer_name: "far", role: "server", offset_ns: 2.5e6, drift_ppm: -12, error_bound_ns: 40_000, fit_offset_ns: 0, fit_drift_ppm: 0, same_clock: false, source: "calls", calls: 150, run_id: 9, run_name: "rpc", measured_at: "2026-11-20T23:00:00Z" },
        { peer_id: 5, peer_name: "near", role: "client", offset_ns: -1234.4, drift_ppm: 0.1254, error_bound_ns: 5600, fit_offset_ns: 0, fit_drift_ppm: 0, same_clock: false, source: "steps", calls: 3000, run_id: 7, run_name: "ping", measured_at: "2026-11-21T22:58:00Z" },
      ],
    };
    const [far, near] = peerRows(a, NOW);
    expect(far).toMatchObject({ offset: "+2.50 ms ± 40.0 µs", drift: "−12.000 ppm", withinBound: false, age: "1 d ago" });
    expect(near).toMatchObject({ peer: "near", offset: "−1.23 µs ± 5.60 µs", drift: "+0.125 ppm", withinBound: true, age: "2 min ago", runId: 7 });
    expect(near.note).toMatch(/^near's clock minus local-a's, fitted over 3,000 calls \(ping-pong steps\) of run #7, where local-a was the client$/);
    expect(peerRows({ agent_id: 4, agent_name: "alone", peers: [] }, NOW)).toEqual([]);
  });

  it("shows one clock as offset 0 and drift 0, the fit only as the method's error (issue 18: not ±ms, +134 ppm)", () => {
    const a: AgentClocks = {
      agent_id: 1, agent_name: "local-a", peers: [
        { peer_id: 2, peer_name: "local-b", role: "client", offset_ns: 0, drift_ppm: 0, fit_offset_ns: 1.29e6, fit_drift_ppm: 134.6, error_bound_ns: 3.53e6, same_clock: true, source: "steps", calls: 3000, run_id: 7, run_name: "ping", measured_at: "2026-11-21T22:58:00Z" },
      ],
    };
    const [b] = peerRows(a, NOW);
    expect(b).toMatchObject({ offset: "0 ns (one clock)", drift: "0 ppm (one clock)", withinBound: true });
    expect(b.note).toMatch(/read one machine's clock, so the true offset is 0 and the drift 0; fitted over 3,000 calls/);
    expect(b.note).toContain("the fit's own error: +1.29 ms ± 3.53 ms, +134.600 ppm, not applied");
  });

  it("writes a drift of zero without a sign", () => {
    expect(formatPpm(0.0004)).toBe("0.000 ppm");
    expect(formatPpm(-0.0004)).toBe("0.000 ppm");
  });
});
