// The throughput figure's data: series per size by threads, the knee where DCE Table 1 saturates, the run's stored model in calls/s.
import { describe, expect, it } from "vitest";
import type { EcsThroughput } from "../../api/figures";
import { knee, modelThroughput, throughputSeries } from "./transform";
import { throughputNote, throughputRows } from "./words";

// DCE RPC paper, Table 1 (1,000 RPCs by 1–10 caller threads; /work/shared/reference/dce_rpc_1995.json,
// table1_throughput_1000_rpcs): null RPCs per second, and 4016-byte RPCs as 1000 / completion time.
const NULL_PER_S = [160, 299, 312, 309, 308, 308, 306, 305, 303, 303];
const RPC4016_COMPLETION_S = [11.687, 6.976, 6.288, 5.805, 5.892, 5.801, 5.889, 5.856, 5.859, 5.987];

const row = (point_no: number, threads: number, request_bytes: number, calls_per_s: number): EcsThroughput => ({
  point_no, threads, threads_seen: threads, think_ns: 0, label: `${request_bytes} B`, request_bytes, calls: 1000, elapsed_s: 1000 / calls_per_s,
  calls_per_s, calls_per_s_per_thread: calls_per_s / threads, mbit_per_s: (calls_per_s * request_bytes * 8) / 1e6,
});

describe("throughputSeries", () => {
  it("groups points by size and orders them by threads, leaving out think-time points", () => {
    const rows = [row(3, 2, 4016, 143), row(0, 1, 0, 160), row(1, 1, 4016, 85.6), row(2, 2, 0, 299), row(4, 2, 0, 50)];
    const params = [0, 1, 2, 3].map((p) => ({ point_no: p, think_time_us: 0 })).concat({ point_no: 4, think_time_us: 1000 });
    const d = throughputSeries(rows, params);
    expect(d.reason).toBeNull();
    expect(d.series.map((s) => s.request_bytes)).toEqual([0, 4016]);
    expect(d.series[0].rows.map((r) => [r.threads, r.calls_per_s])).toEqual([[1, 160], [2, 299]]);
    expect(d.series[1].rows.map((r) => r.point_no)).toEqual([1, 3]);
  });

  it("says why when the run has one thread count", () => {
    const d = throughputSeries([row(0, 1, 0, 100), row(1, 1, 64, 90)], [{ point_no: 0 }, { point_no: 1 }]);
    expect(d.reason).toBe("one thread count only (1): sweep threads to draw this");
    expect(throughputSeries([], []).reason).toMatch(/no point/);
  });
});

describe("knee", () => {
  it("finds where DCE Table 1 saturates: null RPCs after 2 threads, 4016-byte RPCs after 4", () => {
    const nul = NULL_PER_S.map((v, i) => row(i, i + 1, 0, v));
    expect(knee(nul)).toBe(2); // the third thread adds 13 calls/s, under 10% of one thread's 160
    const big = RPC4016_COMPLETION_S.map((s, i) => row(i, i + 1, 4016, 1000 / s));
    expect(knee(big)).toBe(4); // 4 → 5 threads: 172.3 → 169.7 calls/s
  });

  it("gives none while throughput still grows", () => {
    expect(knee([row(0, 1, 0, 100), row(1, 2, 0, 200), row(2, 4, 0, 400)])).toBeNull();
    expect(knee([row(0, 1, 0, 100)])).toBeNull();
  });
});

describe("the run's stored model as throughput", () => {
  // issue 37: the tab solved exact MVA of its own (319 calls/s at 3 threads against 491 measured) while the Model tab's
  // model, the simulation, was within 5 %; now both read one model: the stored rows' RTT, as N / (R + Z)
  const rows = [
    { point_no: 0, threads: 1, think: 0, model: 5.76, solver: "exact", bounds: { bottleneck: "client_cpu" } },
    { point_no: 4, threads: 3, think: 0, model: 6.72, solver: "simulation", bounds: { bottleneck: "server_cpu" } },
    { point_no: 5, threads: 3, think: 3, model: 6.51, solver: "simulation", bounds: null },
  ];
  it("gives each point the model's RTT and calls/s by Little's law, keyed by point", () => {
    const m = modelThroughput(rows);
    expect(m.get(4)).toMatchObject({ threads: 3, model_ms: 6.72, solver: "simulation", bottleneck: "server_cpu" });
    expect(m.get(4)!.calls_per_s).toBeCloseTo(3 / 6.72e-3, 6); // 446 calls/s, the measured 457's neighbour
    expect(m.get(5)!.calls_per_s).toBeCloseTo(3 / 9.51e-3, 6); // think time counts in the cycle
    expect(m.get(0)!.calls_per_s).toBeCloseTo(1 / 5.76e-3, 6);
  });
  it("puts the Model tab's RTT in the table and names the model's solvers under the chart", () => {
    const series = [{ request_bytes: 1392, rows: [row(0, 1, 0, 173), row(4, 3, 0, 457)] }];
    const m = modelThroughput(rows);
    const table = throughputRows(series, m);
    expect(table.map((r) => r.cells[5])).toEqual(["5.76 ms", "6.72 ms"]);
    // the point's time in the one duration format: 1000 calls at 173 calls/s take 5.78 s, not "5,780.35 ms"
    expect(table.map((r) => r.cells[3])).toEqual(["5.78 s", "2.19 s"]);
    expect(table[1].cells[6]).toBe("446");
    const note = throughputNote(series, m, null);
    expect(note).toContain("Dashed: the run's model, the Model tab's (exact MVA, simulation per point");
    expect(note).not.toMatch(/exact MVA from the demands/);
    expect(throughputNote(series, new Map(), "no complete calls")).toContain("No model overlay: no complete calls.");
    expect(note).not.toContain("Drawn:");
  });
  it("says which of a sweep's points the curves are (6 of 48 in the case study)", () => {
    const params = [[0, 1, 0], [4, 3, 0], [5, 3, 9000]].map(([point_no, threads, think_time_us]) => ({ point_no, request_bytes: 1392, threads, think_time_us }));
    const series = [{ request_bytes: 1392, rows: [row(0, 1, 0, 173), row(4, 3, 0, 457)] }];
    expect(throughputNote(series, new Map(), null, params)).toMatch(
      /^Drawn: the 2 points with no think, one per size and thread count; the run's other 1 point differs in think time or another setting \(Model tab\)\. Calls\/s/);
  });
});
