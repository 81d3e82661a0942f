// The step ladder against the DCE paper: RPC packet boundaries, steps in execution order, off-path steps, per-packet
// loops and acks, and segment heights schematic or to scale.
import { describe, expect, it } from "vitest";
import type { RtpAnalysis, StepStatsAnalysis } from "../../api/analyses";
import { buildLadder, packetsFor, segmentHeights } from "./ladder";
import rtpFixture from "./rpc-rtp.fixture.json";
import ssFixture from "./rpc-step-stats.fixture.json";

// real answers of GET /api/runs/{id}/analyses/{step_stats,rtp} for an rpc echo run of the local agents
// (points 0: 0 B and 4: 16000 B, packet_data 4016)
const ss = ssFixture as unknown as StepStatsAnalysis;
const rtp = rtpFixture as unknown as RtpAnalysis;
const [p0, p16k] = ss.points;

describe("packetsFor", () => {
  it("gives the DCE paper's RPC packet boundaries (Figure 3: 4017 and 8033 bytes start a new packet)", () => {
    expect(packetsFor(0, 4016)).toBe(1);
    expect(packetsFor(4016, 4016)).toBe(1);
    expect(packetsFor(4017, 4016)).toBe(2);
    expect(packetsFor(8032, 4016)).toBe(2);
    expect(packetsFor(8033, 4016)).toBe(3);
    expect(packetsFor(16000, null)).toBe(1);
  });
});

describe("buildLadder", () => {
  it("puts each side's steps in the agent's execution order, kernel points left out", () => {
    const l = buildLadder(p0, null);
    expect(l.client.map((s) => s.code)).toEqual([...l.client.map((s) => s.code)].sort((a, b) => a - b));
    expect(l.client.every((s) => s.code < 100)).toBe(true);
    expect(l.server.every((s) => s.code >= 100 && s.code < 200)).toBe(true);
    expect(l.client.length + l.server.length).toBe(p0.steps.filter((s) => s.code < 200).length);
    const sendmsg = l.client.find((s) => s.code === 15)!;
    const src = p0.steps.find((s) => s.code === 15)!;
    expect(sendmsg.paper).toBe("C7–C9");
    expect(sendmsg.meanNs).toBe(src.stats.mean_ns);
    expect(sendmsg.ciLowNs).toBe(src.stats.ci95_low_ns);
  });

  it("marks off-path steps from the round-trip-path analysis, unknown without it", () => {
    const withPath = buildLadder(p0, rtp.points[0]);
    const onPath = new Map(rtp.points[0].segments.filter((s) => s.kind === "step").map((s) => [s.code, s.on_path_share]));
    for (const s of [...withPath.client, ...withPath.server]) {
      const share = onPath.get(s.code);
      expect(s.path).toBe(share === undefined ? "unknown" : share >= 0.5 ? "on" : "off");
    }
    expect(withPath.server.find((s) => s.name === "s.idle")!.path).toBe("off"); // the server waited beside the path
    expect(withPath.client.find((s) => s.name === "c.sendmsg")!.path).toBe("on");
    expect(buildLadder(p0, null).client.every((s) => s.path === "unknown")).toBe(true);
  });

  it("draws the per-packet loops of a large request: 16000 B in 4016-byte packets is 4 sends", () => {
    const l = buildLadder(p16k, null, { requestBytes: 16000, packetData: 4016 });
    expect(l.loops).toContainEqual(expect.objectContaining({ side: "client", from: 15, to: 15, count: 4 }));
    expect(l.loops).toContainEqual(expect.objectContaining({ side: "server", from: 111, to: 111, count: 4 }));
    expect(buildLadder(p0, null, { requestBytes: 0, packetData: 4016 }).loops.filter((x) => x.from === x.to)).toEqual([]);
  });

  it("draws an ack back to the sends when the run recorded acks", () => {
    const ack = { ...p16k.steps.find((s) => s.code === 15)!, code: 19, name: "c.ack", paper: "C22", runs_per_call: 2.5 };
    const l = buildLadder({ ...p16k, steps: [...p16k.steps, ack] }, null);
    expect(l.loops).toContainEqual(expect.objectContaining({ from: 19, to: 15, count: 2.5 }));
  });

  it("shows the cold first call's own step times when asked", () => {
    const l = buildLadder(p0, null, { firstCall: true });
    const fc = p0.first_call!;
    for (const s of l.client) expect(s.firstNs).toBe(fc.steps_ns[String(s.code)] ?? null);
  });
});

describe("segmentHeights", () => {
  const steps = buildLadder(p0, null).client;
  it("is equal in the schematic (paper-like) ladder", () => {
    const h = segmentHeights(steps, "schematic", 400);
    expect(new Set(h).size).toBe(1);
    expect(h.reduce((a, b) => a + b, 0)).toBeCloseTo(400);
  });
  it("is proportional to the mean above a floor when drawn to scale", () => {
    const h = segmentHeights(steps, "scale", 400, 10);
    expect(h.reduce((a, b) => a + b, 0)).toBeCloseTo(400);
    const i = steps.findIndex((s) => s.code === 15);
    const j = steps.findIndex((s) => s.code === 17);
    const room = 400 - 10 * steps.length;
    const sum = steps.reduce((a, s) => a + Math.max(0, s.meanNs), 0);
    expect(h[i]).toBeCloseTo(10 + (room * steps[i].meanNs) / sum);
    expect((h[i] - 10) / (h[j] - 10)).toBeCloseTo(steps[i].meanNs / steps[j].meanNs);
    expect(Math.min(...h)).toBeGreaterThanOrEqual(10);
  });
});
