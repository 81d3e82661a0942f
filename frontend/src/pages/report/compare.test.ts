import { describe, expect, it } from "vitest";
import type { RunSummary, Stats } from "../../api/types";
import { compareRtt, compareSteps, compareValues } from "./compare";

const stats = (mean: number): Stats => ({
  count: 100, mean_ns: mean, median_ns: mean, p90_ns: mean, p99_ns: mean, p999_ns: mean, stddev_ns: 1,
  ci95_low_ns: mean, ci95_high_ns: mean, min_ns: mean, max_ns: mean,
});
const summary = (mean: number, steps: [number, string, number][]): RunSummary => ({
  unit: "ns", first_call: null, rtt: stats(mean), warmup_calls: 0, error_calls: 0,
  steps: steps.map(([code, name, m]) => ({ code, name, side: "client", paper: "", stats: stats(m) })),
});

describe("comparison of two runs", () => {
  it("gives the difference and the relative change against run A", () => {
    expect(compareValues("Mean", 20_000, 25_000)).toEqual({ label: "Mean", a: 20_000, b: 25_000, delta: 5_000, pct: 25 });
    expect(compareValues("Mean", 0, 5).pct).toBeNull();
    expect(compareValues("Mean", null, 5).delta).toBeNull();
  });
  it("compares the RTT statistics row by row", () => {
    const rows = compareRtt(summary(10_000, []), summary(15_000, []));
    expect(rows.map((r) => r.label)).toContain("p99.9");
    expect(rows.find((r) => r.label === "Mean")?.pct).toBeCloseTo(50);
  });
  it("lines steps up by code, a step missing in one run left empty", () => {
    const rows = compareSteps(summary(1, [[2, "c.wait", 900], [1, "c.send", 100]]), summary(1, [[1, "c.send", 150], [101, "s.wait", 7]]));
    expect(rows.map((r) => [r.code, r.a, r.b])).toEqual([[1, 100, 150], [2, 900, null], [101, null, 7]]);
    expect(rows[0].delta).toBe(50);
  });
});
