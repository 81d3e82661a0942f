// The Statistics tab's tables against textbook and paper numbers: one-way ANOVA, regression per KiB and R², ratio
// tables rebased on any column, and confidence intervals.
import { describe, expect, it } from "vitest";
import type { EcsAnalysis, StepStatsPoint } from "../../api/analyses";
import fixture from "./rpc-ecs.fixture.json";
import {
  anovaCells, anovaReading, anovaTable, ciRows, explainedShare, fFromTable, ratioTables, rebase, regressionCells, regressionGroupRows,
  regressionGroupsReading, regressionView,
} from "./statsTables";

// a real answer of GET /api/runs/{id}/analyses/ecs: rpc echo run, 0/4016/16000 B × protection none/privacy
const ecs = fixture as unknown as EcsAnalysis;

/** One-way ANOVA by hand (sums of squares about the group and grand means), in ns. */
function anovaByHand(groups: number[][]) {
  const all = groups.flat();
  const grand = all.reduce((a, b) => a + b, 0) / all.length;
  const mean = (g: number[]) => g.reduce((a, b) => a + b, 0) / g.length;
  const ssB = groups.reduce((a, g) => a + g.length * (mean(g) - grand) ** 2, 0);
  const ssW = groups.reduce((a, g) => a + g.reduce((s, v) => s + (v - mean(g)) ** 2, 0), 0);
  return { ss_between: ssB, ss_within: ssW, df_between: groups.length - 1, df_within: all.length - groups.length };
}

describe("anovaTable", () => {
  it("reproduces a textbook one-way ANOVA (SSB 84, SSW 68, df 2/15, F 9.26) in µs²", () => {
    // RTTs in µs, stored in ns as the backend does
    const us = [[6, 8, 4, 5, 3, 4], [8, 12, 9, 11, 6, 8], [13, 9, 11, 8, 7, 12]];
    const a = anovaByHand(us.map((g) => g.map((v) => v * 1000)));
    const rows = anovaTable({ ...a, f: 9.2647, p: 0.0024 });
    expect(rows[0].ss).toBeCloseTo(84, 6);
    expect(rows[1].ss).toBeCloseTo(68, 6);
    expect(rows[2]).toMatchObject({ source: "Total", df: 17 });
    expect(rows[2].ss).toBeCloseTo(152, 6);
    expect(rows[0].ms).toBeCloseTo(42, 6);
    expect(fFromTable(rows)).toBeCloseTo(9.2647, 3);
  });
  it("agrees with the backend's stored F for a real run", () => {
    const rows = anovaTable(ecs.anova!);
    expect(fFromTable(rows)! / ecs.anova!.f).toBeCloseTo(1, 9);
    expect(rows[0].df).toBe(2); // three request sizes
    expect(anovaReading(ecs.anova!)).toMatch(/^Request size changes/);
    expect(anovaReading({ ...ecs.anova!, p: 0.3 })).toMatch(/^No significant effect/);
  });
});

describe("regressionView", () => {
  it("reads the slope per KiB: the DCE paper's Tmemcpy(S) = 0.029 S µs is 29.7 µs per KiB", () => {
    const r = regressionView({ slope: 29, intercept: 500_000, r2: 0.99, p: 1e-9, n: 100, sizes: 10, intercept_ci95: null, slope_ci95: [28.5, 29.5], caveat: null });
    expect(r.slopeText).toBe("+29.7 µs/KiB (95% CI +29.2 µs/KiB to +30.2 µs/KiB)");
    expect(r.reading).toContain("RTT rises by 29.7 µs per KiB");
    expect(r.reading).toContain("explains 99.0%");
    expect(r.reading).toContain("significant");
    expect(r.meaningful).toBe(true);
    expect(r.interceptText).toBe("500.0 µs");
  });

  it("never rounds R² 0.998 up to 'explains 100%'", () => {
    expect(explainedShare(0.998)).toBe("99.8%");
    expect(explainedShare(0.99996)).toBe("> 99.9%");
    expect(explainedShare(1)).toBe("100%");
    expect(regressionView({ slope: 29, intercept: 5e5, r2: 0.998, p: 1e-9, n: 100, sizes: 10, intercept_ci95: null, caveat: null }).reading).not.toContain("100%");
  });

  it("says a line with the backend's caveat is not a fixed cost, and marks its negative intercept", () => {
    const caveat = "its intercept (−998.61 µs at 0 B, 95% CI −1010.00 to −987.00 µs) is below zero, which no round trip can be";
    const r = regressionView({ slope: 29, intercept: -998_610, r2: 0.998, p: 1e-9, n: 630, sizes: 21, intercept_ci95: [-1_010_000, -987_000], caveat });
    expect(r.meaningful).toBe(false);
    expect(r.interceptText).toBe("−998.6 µs (not a fixed cost)");
    expect(r.reading).toContain("not a fixed cost plus a cost per byte");
    expect(r.reading).toContain(caveat);
    expect(r.reading).not.toMatch(/over a fixed/);
  });
});

describe("a slope that falls, and numbers in the one format", () => {
  // the case study pooled 1/3/6 threads: -214.5 µs/KiB over a 15,506.79 µs intercept
  const fit = { slope: -209.47, intercept: 15_506_790, r2: 0.02, p: 1e-6, n: 9_600, sizes: 2, intercept_ci95: null, slope_ci95: [-260.1, -158.8] as [number, number], caveat: null };
  it("says 'falls by', never 'grows by -', with its interval and units", () => {
    const r = regressionView(fit);
    expect(r.reading).toContain("RTT falls by 214.5 µs per KiB (95% CI −266.3 µs/KiB to −162.6 µs/KiB)");
    expect(r.reading).not.toMatch(/grows by -|adds -|−?\d{4,}\.\d/);
    expect(regressionCells(r).map(([, v]) => v)).toEqual(["−214.5 µs/KiB (95% CI −266.3 µs/KiB to −162.6 µs/KiB)", "15.5 ms", "0.0200", "1.0e-6", "9,600"]);
  });
  it("prints the ANOVA's squares in ms² once they run to millions of µs², with separators", () => {
    const t = anovaCells({ f: 5021.403, p: 0, df_between: 1, df_within: 32598, ss_between: 237_622_777_394e6, ss_within: 1_542_602_282_407.1e6 });
    expect(t.unit).toBe("ms²");
    expect(t.rows[1]).toEqual(["Within sizes (error)", "1,542,602.3", "32,598", "47.3", "", ""]);
    expect(t.rows[0][4]).toBe("5,021.403");
  });
});

describe("regression per group of points sharing every other setting", () => {
  const fit = (slope: number, lo: number, hi: number) => ({ slope, intercept: 5e6, r2: 0.9, p: 1e-9, n: 400, sizes: 2, intercept_ci95: null, slope_ci95: [lo, hi] as [number, number], caveat: null });
  const groups = [
    { params: { threads: 1 }, point_nos: [0, 8], sizes: 2, n: 400, fit: fit(8, 7.5, 8.5), reason: null },
    { params: { threads: 3 }, point_nos: [1, 9], sizes: 2, n: 1_200, fit: fit(-2, -3, -1), reason: null },
    { params: { threads: 6 }, point_nos: [2, 10], sizes: 2, n: 2_400, fit: fit(0.5, -1, 2), reason: null },
    { params: { threads: 9 }, point_nos: [3], sizes: 1, n: 200, fit: null, reason: "one request size only (1392 B): no slope can be fitted" },
  ];
  const names: Record<number, string> = { 0: "1,392 B · 1 thread", 1: "1,392 B · 3 threads", 2: "1,392 B · 6 threads", 3: "1,392 B · 9 threads" };
  it("names each group by the settings it holds, with its slope, interval and calls", () => {
    const rows = regressionGroupRows(groups, (n) => names[n]);
    expect(rows.map((r) => r.name)).toEqual(["1 thread", "3 threads", "6 threads", "9 threads"]);
    expect(rows[1]).toMatchObject({ calls: "1,200", slope: "−2.05 µs/KiB", ci: "−3.07 µs/KiB to −1.02 µs/KiB", note: "RTT falls by 2.05 µs per KiB (95% CI −3.07 µs/KiB to −1.02 µs/KiB)" });
    expect(rows[3]).toMatchObject({ slope: "—", note: "one request size only (1392 B): no slope can be fitted" });
  });
  it("reads the groups together: how many rise, fall, or cannot tell, and which have one size only", () => {
    expect(regressionGroupsReading(groups)).toBe(
      "One fit per group of points that share every other setting, so that a slope compares like with like: of 3 groups RTT rises with " +
      "request size in 1 (by 8.19 µs per KiB), falls in 1 (by 2.05 µs per KiB), shows no slope its 95% interval can tell from zero in 1. " +
      "1 group has one request size only: no slope can be fitted.");
  });
});

describe("ratio tables", () => {
  it("turns the stored ratios into one table per swept key, the base label first", () => {
    const [t] = ratioTables(ecs.ratios);
    expect(t.key).toBe("protection");
    expect(t.labels).toEqual(["none", "privacy"]);
    expect(t.rows.map((r) => r.requestBytes)).toEqual([0, 4016, 16000]);
    expect(t.rows.every((r) => r.values[0] === 1)).toBe(true);
    expect(ratioTables({})).toEqual([]);
  });
  it("rebases on another column: the ECS paper's ratios to sockets give pkt_privacy / none = 13 / 3.9", () => {
    // ECS paper, protection levels, average ratio to socket on different machines (socket, none, connect, pkt,
    // pkt_integ, pkt_privacy)
    const toSocket = [1, 3.9, 5.6, 5.7, 8.4, 13];
    const toNone = rebase(toSocket, 1);
    expect(toNone[1]).toBe(1);
    expect(toNone[5]).toBeCloseTo(13 / 3.9, 9);
    expect(rebase([null, 2], 0)).toEqual([null, null]);
  });
});

describe("ciRows", () => {
  it("gives the 95% interval and its half width relative to the mean", () => {
    const pt = { point_no: 3, calls: 100, rtt: { mean_ns: 10_000, ci95_low_ns: 9_800, ci95_high_ns: 10_200 } } as unknown as StepStatsPoint;
    expect(ciRows([pt])).toEqual([{ pointNo: 3, calls: 100, meanNs: 10_000, lowNs: 9_800, highNs: 10_200, halfWidthPct: 2 }]);
  });
});
