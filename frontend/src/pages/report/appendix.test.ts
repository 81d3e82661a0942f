// The report appendix's tables: points kept in order, a row per step and a column per point, Table 2s side by side.
import { describe, expect, it } from "vitest";
import type { Dist, RtpPoint, StepStatsPoint } from "../../api/analyses";
import rtpFixture from "../../charts/stepLadder/rpc-rtp.fixture.json";
import stepStatsFixture from "../../charts/stepLadder/rpc-step-stats.fixture.json";
import { chunk, meanPct, meanPm, pointsPerTable, segmentMatrix, segmentText, splitLabels, stepMatrix, unionOrder } from "./appendix";

describe("the appendix's per-point tables", () => {
  it("keeps each point's order when one point has names another lacks", () => {
    expect(unionOrder([["a", "b", "d"], ["a", "b", "c", "d", "e"]])).toEqual(["a", "b", "c", "d", "e"]);
    expect(unionOrder([["x"], ["w", "x"]])).toEqual(["w", "x"]);
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("turns the step statistics into one row per step and a column per point", () => {
    const m = stepMatrix(stepStatsFixture.points as unknown as StepStatsPoint[]);
    expect(m.points).toEqual([0, 4]);
    const names = m.rows.map((r) => r.name);
    // the 4016 B point's ack and reply wait sit where its own ladder has them; client steps before server steps
    expect(names.slice(7, 10)).toEqual(["c.recv", "c.ack", "c.unmarshal"]);
    expect(names.indexOf("s.reply_wait")).toBe(names.indexOf("s.sendmsg") + 1);
    expect(names.indexOf("s.idle")).toBe(12);
    const ack = m.rows.find((r) => r.name === "c.ack")!;
    expect(ack.cells[0]).toBeNull();
    expect(meanPm(ack.cells[0])).toBe("—");
    const recv = m.rows.find((r) => r.name === "c.recv")!;
    expect(meanPm(recv.cells[1])).toMatch(/^[\d.]+ (ns|µs) ±[\d.]+ (ns|µs)$/);
  });

  it("puts Table 2 of each point side by side with its sums", () => {
    const m = segmentMatrix(rtpFixture.points as unknown as RtpPoint[]);
    expect(m.rows).toHaveLength(26);
    expect(m.rows[7]).toMatchObject({ name: "request transit", kind: "transit" });
    expect(m.totals[0].measuredNs).toBeCloseTo(17346.53, 1);
    expect(segmentText(m.rows[0].cells[0])).toBe("off path"); // s.idle: the server waits before the call
    expect(segmentText({ onPathNs: 3780, share: 0.6 })).toBe("3.78 µs (60 %)");
    expect(segmentText({ onPathNs: 14, share: 1 })).toBe("14 ns");
    expect(segmentText(null)).toBe("—");
  });

  it("prints a large sweep dense: twelve points a table, the interval as a share of the mean, shared label parts once", () => {
    expect(pointsPerTable(6)).toBe(6); // a small sweep keeps its six roomy columns
    expect(chunk(Array.from({ length: 48 }, (_, i) => i), pointsPerTable(48))).toHaveLength(4); // the case study: 4 tables, not 8
    const d = { count: 200, mean_ns: 14_800_000, ci95_low_ns: 14_440_000, ci95_high_ns: 15_160_000 } as unknown as Dist;
    expect(meanPm(d)).toBe("14.8 ms ±360.0 µs"); // the roomy form, for comparison
    expect(meanPct(d)).toBe("14.8 ms ±2%");
    expect(meanPct({ ...d, ci95_low_ns: 14_799_000, ci95_high_ns: 14_801_000 })).toBe("14.8 ms ±<1%");
    expect(meanPct({ ...d, mean_ns: 0, ci95_low_ns: 0, ci95_high_ns: 0 })).toBe("0 ns ±0 ns");
    expect(meanPct(null)).toBe("—");
    expect(splitLabels(["1,392 B · 1 thread · no think", "1,392 B · 3 threads · think 3 ms"])).toEqual({
      common: "1,392 B",
      heads: ["1 thread · no think", "3 threads · think 3 ms"],
    });
    expect(splitLabels(["64 B"])).toEqual({ common: "", heads: ["64 B"] });
  });
});
