// The comparison report's numbers: deltas against run A, tables joined by key, overlay curves of A and B, and points
// matched on their size.
import { describe, expect, it } from "vitest";
import type { Run, RunSummary, Stats } from "../../api/types";
import { compareRtt, compareSteps, compareValues, joinTables } from "../../figures/compare";
import { rttSizeOverlay, throughputCurves } from "./curves";
import { withPointSizes } from "./compareSections";

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

describe("joinTables", () => {
  const cols = (names: string[]) => names.map((name) => ({ name }));
  it("puts both runs' rows of a key side by side, with — for a key one run lacks", () => {
    const a = { columns: cols(["point_no", "calculated_rtt_ns", "measured_rtt_ns"]), rows: [[0, 10, 12], [1, 20, 21]] };
    const b = { columns: cols(["measured_rtt_ns", "point_no", "calculated_rtt_ns"]), rows: [[30, 1, 25], [50, 2, 40]] };
    const rows = joinTables(a, b, ["point_no"], ["calculated_rtt_ns", "measured_rtt_ns"]);
    expect(rows).toEqual([
      { key: "0", parts: [0], a: [10, 12], b: null },
      { key: "1", parts: [1], a: [20, 21], b: [25, 30] }, // B's columns in another order still line up
      { key: "2", parts: [2], a: null, b: [40, 50] },
    ]);
  });
  it("joins on several columns and takes one run's table alone", () => {
    const m = { columns: cols(["label", "threads", "think_ns", "model_rtt_ns"]), rows: [["64 B", 1, 0, 5], ["64 B", 2, 0, 7]] };
    expect(joinTables(m, null, ["label", "threads", "think_ns"], ["model_rtt_ns"]).map((r) => [r.key, r.a, r.b]))
      .toEqual([["64 B · 1 · 0", [5], null], ["64 B · 2 · 0", [7], null]]);
  });
});

describe("overlay curves", () => {
  const row = (bytes: number, mean: number) => ({ request_bytes: bytes, point_no: 0, calls: 10, mean_ns: mean, ci_low_ns: mean - 100,
    ci_high_ns: mean + 100, median_ns: mean, p99_ns: mean, first_ns: null, predicted_ns: null, percent_error: null });
  it("draws run A solid and run B dashed, in µs with their CIs", () => {
    const [a, b] = rttSizeOverlay([row(0, 5000), row(1000, 8000)], [row(0, 6000)], [3, 4]);
    expect(a).toMatchObject({ label: "run A #3 (mean, 95% CI)", dash: undefined, points: [{ x: 0, y: 5, lo: 4.9, hi: 5.1 }, { x: 1000, y: 8 }] });
    expect(b).toMatchObject({ label: "run B #4 (mean, 95% CI)", dash: "dashed", points: [{ x: 0, y: 6 }] });
  });
  it("gives the model's Mbit/s as its calls/s times the payload per measured call", () => {
    const t = (threads: number, cps: number) => ({ point_no: threads, request_bytes: 4016, threads, threads_seen: threads, think_ns: 0,
      label: "4,016 B", calls: 100, elapsed_s: 1, calls_per_s: cps, calls_per_s_per_thread: cps / threads, mbit_per_s: cps * 0.064 });
    const series = [{ request_bytes: 4016, rows: [t(1, 1000), t(2, 1800)] }];
    const stored = new Map([1, 2].map((n) => [n, { point_no: n, threads: n, model_ms: 1, calls_per_s: n === 1 ? 1100 : 2000, solver: "exact", bottleneck: "server" }]));
    const [measured, model] = throughputCurves(series, stored, "mbit_per_s", ["#000"]);
    expect(measured.points.map((p) => p.y)).toEqual([64, 115.2]);
    expect(model.dash).toBe("dashed");
    expect(model.points[1].y).toBeCloseTo(2000 * 0.064, 9);
  });
});

describe("withPointSizes", () => {
  it("adds each point's request size from the run's params, so two runs are matched on point and size", () => {
    const run = { params: { points: [{ point_no: 0, request_bytes: 64 }, { point_no: 1, request_bytes: 4016 }] } } as unknown as Run;
    const rtp = { name: "rtp", columns: [{ name: "point_no", unit: "", description: "" }], rows: [[1], [0]] };
    const t = withPointSizes(rtp, run)!;
    expect(t.columns.map((c) => c.name)).toEqual(["point_no", "request_bytes"]);
    expect(t.rows).toEqual([[1, 4016], [0, 64]]);
    const other = { ...run, params: { points: [{ point_no: 0, request_bytes: 64 }, { point_no: 1, request_bytes: 1000 }] } } as unknown as Run;
    const keys = joinTables(t, withPointSizes(rtp, other), ["point_no", "request_bytes"], []).map((r) => r.key);
    expect(keys).toEqual(["1 · 4016", "0 · 64", "1 · 1000"]); // point 1 is another size in the other run: not one row
  });
});
