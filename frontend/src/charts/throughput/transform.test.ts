import { describe, expect, it } from "vitest";
import type { EcsThroughput } from "../../api/figures";
import { knee, throughputSeries } from "./transform";

// DCE RPC paper, Table 1 (1,000 RPCs by 1–10 caller threads; /work/shared/reference/dce_rpc_1995.json,
// table1_throughput_1000_rpcs): null RPCs per second, and 4016-byte RPCs as 1000 / completion time.
const NULL_PER_S = [160, 299, 312, 309, 308, 308, 306, 305, 303, 303];
const RPC4016_COMPLETION_S = [11.687, 6.976, 6.288, 5.805, 5.892, 5.801, 5.889, 5.856, 5.859, 5.987];

const row = (point_no: number, threads: number, request_bytes: number, calls_per_s: number): EcsThroughput => ({
  point_no, threads, request_bytes, calls: 1000, elapsed_s: 1000 / calls_per_s, calls_per_s, mbit_per_s: (calls_per_s * request_bytes * 8) / 1e6,
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
