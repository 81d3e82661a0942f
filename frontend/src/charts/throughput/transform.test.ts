// The throughput figure's data: series per size by threads, the knee where DCE Table 1 saturates, the MVA in calls/s.
import { describe, expect, it } from "vitest";
import type { EcsThroughput } from "../../api/figures";
import { knee, mvaThroughput, sweepBody, throughputSeries, type Demand } from "./transform";

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

describe("MVA overlay", () => {
  // Case study Table 1, "1 packet" row (ms): client CPU 3.54 (phase two 0.82), controllers 1.53 (delay),
  // network 1.31, server CPU 3.64 (phase two 1.21); /work/shared/reference/modeling_case_study.json. In ns here.
  const demands: Demand[] = [
    { device: "client_cpu", kind: "queue", total_ns: 3.54e6, phase2_ns: 0.82e6 },
    { device: "kernel", kind: "delay", total_ns: 1.53e6, phase2_ns: 0 },
    { device: "network", kind: "queue", total_ns: 1.31e6, phase2_ns: 0 },
    { device: "server_cpu", kind: "queue", total_ns: 3.64e6, phase2_ns: 1.21e6 },
  ];
  it("builds a single-class sweep of the measured devices over the thread counts", () => {
    const b = sweepBody(demands, [4, 1, 2, 2]);
    expect(b.threads).toEqual([1, 2, 4]);
    expect(b.thinks).toEqual([0]);
    expect(b.classes).toEqual([{ name: "caller", population: 1, think: 0 }]);
    expect(b.stations[3]).toEqual({ name: "server_cpu", kind: "queue", demands: [3.64e6], phase2: [1.21e6] });
    expect(b.stations[1].kind).toBe("delay");
  });
  it("turns throughput per ns into calls/s", () => {
    // one caller, no think: X = 1 / R; with the case study's 1-thread response 7.99 ms → 125.2 calls/s
    const m = mvaThroughput([{ threads: 3, throughput: 3 / 14.88e6, bottleneck: "server_cpu" }, { threads: 1, throughput: 1 / 7.99e6, bottleneck: "server_cpu" }]);
    expect(m.map((r) => r.threads)).toEqual([1, 3]);
    expect(m[0].calls_per_s).toBeCloseTo(125.16, 2);
  });
});
