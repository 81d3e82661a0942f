// The one delta logic of two runs: absolute and relative change from A to B, RTT statistics and steps lined up, and
// percentages that tell change from noise.
import { describe, expect, it } from "vitest";
import type { RunSummary } from "../api/types";
import { summaryFixture } from "../test/fakeApi";
import { beyondNoise, delta, formatPct, rttRows, stepRows } from "./compare";

const A = summaryFixture as RunSummary;
const B: RunSummary = {
  ...A,
  first_call: null,
  rtt: { ...A.rtt!, mean_ns: 25_800, median_ns: 20_100, ci95_low_ns: 25_500, ci95_high_ns: 26_100 },
  steps: [
    { ...A.steps[0], stats: { ...A.steps[0].stats, mean_ns: 2_400, count: 500 } },
    { code: 3, name: "c.recv", side: "client", paper: "C18", stats: { ...A.steps[0].stats, mean_ns: 700 } },
  ],
};

describe("compare", () => {
  it("computes absolute and relative deltas from A to B", () => {
    expect(delta("x", 200, 250)).toMatchObject({ delta: 50, pct: 25 });
    expect(delta("x", 0, 5)).toMatchObject({ delta: 5, pct: null });
    expect(delta("x", null, 5)).toMatchObject({ delta: null, pct: null });
  });

  it("lines up the RTT statistics; 21.5 → 25.8 µs is +20 %", () => {
    const rows = rttRows(A, B);
    const mean = rows.find((r) => r.label === "Mean")!;
    expect(mean.a).toBe(21_500);
    expect(mean.delta).toBe(4_300);
    expect(mean.pct).toBeCloseTo(20, 10);
    expect(rows.find((r) => r.label === "Median")!.pct).toBe(0);
    expect(rows.find((r) => r.key === "first_call")).toMatchObject({ a: 123_400, b: null, delta: null });
  });

  it("joins the steps by code, gaps where a run lacks one", () => {
    const rows = stepRows(A, B);
    expect(rows.map((r) => r.code)).toEqual([1, 3, 101]);
    expect(rows[0]).toMatchObject({ a: 3_000, b: 2_400, delta: -600, pct: -20, countA: 999, countB: 500 });
    expect(rows[1]).toMatchObject({ a: null, b: 700, label: "c.recv", paper: "C18" });
    expect(rows[2]).toMatchObject({ a: 15_000, b: null, side: "server" });
  });

  it("formats percentages with a sign and tells change from noise", () => {
    expect(formatPct(20)).toBe("+20 %");
    expect(formatPct(-4)).toBe("−4.0 %");
    expect(formatPct(0.01)).toBe("0.0 %");
    expect(formatPct(null)).toBe("—");
    // CI half-widths 200 and 300 ns: a 4.3 µs shift is beyond them, a 400 ns one is not
    expect(beyondNoise(A.rtt, B.rtt)).toBe(true);
    expect(beyondNoise(A.rtt, { ...B.rtt!, mean_ns: 21_900 })).toBe(false);
    expect(beyondNoise(A.rtt, null)).toBeNull();
  });
});
