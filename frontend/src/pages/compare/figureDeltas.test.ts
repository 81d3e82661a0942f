// The compare figures' deltas against the DCE paper: RTT per size, throughput, the round trip path's Table 2 and model
// rows kept apart by cache policy.
import { describe, expect, it } from "vitest";
import type { RtpPoint, StepStatsPoint } from "../../api/analyses";
import type { EcsThroughput, ModelRow } from "../../api/figures";
import type { SizeRow } from "../../charts/rttSize/transform";
import rpcRtp from "../../charts/stepLadder/rpc-rtp.fixture.json";
import { modelDeltas, ratioRows, segmentDeltas, sizeDeltas, table2Sides, throughputDeltas } from "./figureDeltas";
import { pairTwo, type PointParam } from "./pairing";

// DCE RPC paper (Khandker, Honeyman, Teorey 1995), Table 1: null RPCs per second and 4016-byte throughput by caller
// threads; backend/tests/reference/dce_rpc_1995.json (copied from /work/shared/reference).
const TABLE1: [number, number, number, number, number][] = [
  [1, 6.262, 160, 11.687, 2.749], [2, 3.348, 299, 6.976, 4.605], [3, 3.202, 312, 6.288, 5.109],
];
// Table 2 of the same paper: calculated and measured round trip (µs) per request size, % error
const T2 = { bytes: [0, 4016], calculated: [6454, 11315], measured: [6169, 11414], error: [-4.62, 0.87] };

const rtpPoint = (i: number, point_no = 0): RtpPoint => ({
  point_no, calls: 1000, measured_rtt_ns: T2.measured[i] * 1e3, calculated_rtt_ns: T2.calculated[i] * 1e3, untimed_on_path_ns: 0,
  percent_error: ((T2.measured[i] - T2.calculated[i]) * 100) / T2.measured[i], segments: [], messages: [],
});

// pairing on every parameter (no "differs by"), as the compare page did before the user could choose
const pairPoints = (aNos: number[], bNos: number[], a: object[], b: object[], by: PointParam[] = []) =>
  pairTwo(aNos, bNos, a as never, b as never, by).pairs;

describe("pairTwo on every parameter", () => {
  const a = [{ point_no: 0, request_bytes: 0, threads: 1 }, { point_no: 1, request_bytes: 4016, threads: 1 }, { point_no: 2, request_bytes: 4016, threads: 3 }];
  const b = [{ point_no: 0, request_bytes: 4016, threads: 1 }, { point_no: 1, request_bytes: 8032, threads: 1 }, { point_no: 2, request_bytes: 0, threads: 1 }];
  it("pairs points that measure the same thing, whatever their number", () => {
    expect(pairPoints([0, 1, 2], [0, 1, 2], a, b).map((p) => [p.a, p.b])).toEqual([[0, 2], [1, 0]]);
  });
  it("pairs two single-point runs even when their sizes differ, and nothing else unmatched", () => {
    expect(pairPoints([0], [0], [a[0]], [{ ...b[1], point_no: 0 }])).toEqual([{ a: 0, b: 0, key: "the only point of each run" }]);
    expect(pairPoints([2], [1, 2], [a[2]], b)).toEqual([]);
    // cache policy is part of what a point measures
    expect(pairPoints([0], [0, 1], [{ point_no: 0, cache: "single" }], [{ point_no: 0, cache: "per-thread" }, { point_no: 1, cache: "single" }]).map((p) => p.b)).toEqual([1]);
  });
});

describe("sizeDeltas", () => {
  const row = (request_bytes: number, mean_ns: number, first_ns: number | null = null) =>
    ({ request_bytes, mean_ns, first_ns, point_no: 0, calls: 1, ci_low_ns: 0, ci_high_ns: 0, median_ns: 0, p99_ns: 0, predicted_ns: null, percent_error: null }) as SizeRow;
  it("lines up sizes of both runs; the paper's first vs later null RPC is +201 %", () => {
    // DCE paper: first null RPC 18.63 ms, subsequent 6.19 ms (section 4): as A = later, B = first calls
    const d = sizeDeltas([row(0, 6.19e6), row(1392, 8.49e6)], [row(0, 18.63e6, 18.63e6), row(4016, 11.414e6)]);
    expect(d.map((r) => r.request_bytes)).toEqual([0, 1392, 4016]);
    expect(d[0].delta).toBeCloseTo(12.44e6, 0);
    expect(d[0].pct).toBeCloseTo(((18.63 - 6.19) / 6.19) * 100, 9); // 200.97 %
    expect(d[0].firstB).toBe(18.63e6);
    expect(d[1]).toMatchObject({ a: 8.49e6, b: null, delta: null, pct: null });
    expect(d[2]).toMatchObject({ a: null, b: 11.414e6 });
  });
});

describe("throughputDeltas", () => {
  it("compares the paper's printed calls/s (A) with 1000 calls ÷ completion time (B) within its rounding", () => {
    const ecs = (rows: typeof TABLE1, perS: (r: (typeof TABLE1)[0]) => number): EcsThroughput[] =>
      rows.map((r, i) => ({ point_no: i, threads: r[0], threads_seen: r[0], think_ns: 0, label: "0 B", request_bytes: 0, calls: 1000, elapsed_s: r[1],
        calls_per_s: perS(r), calls_per_s_per_thread: perS(r) / r[0], mbit_per_s: 0 }));
    const d = throughputDeltas(ecs(TABLE1, (r) => r[2]), ecs(TABLE1, (r) => 1000 / r[1]));
    expect(d.map((r) => r.threads)).toEqual([1, 2, 3]);
    // 1000 / 6.262 s = 159.69 calls/s against the printed 160: −0.19 %
    expect(d[0].calls.pct).toBeCloseTo(((1000 / 6.262 - 160) / 160) * 100, 9);
    for (const r of d) expect(Math.abs(r.calls.pct!)).toBeLessThan(0.5);
    // a (size, threads) only one run measured stays a gap
    const only = throughputDeltas([{ point_no: 0, threads: 4, threads_seen: 4, think_ns: 0, label: "4016 B", request_bytes: 4016, calls: 1000,
      elapsed_s: 5.805, calls_per_s: 172.3, calls_per_s_per_thread: 43.075, mbit_per_s: 5.534 }], []);
    expect(only[0].calls).toMatchObject({ a: 172.3, b: null, delta: null });
    expect(only[0].mbit.a).toBe(5.534);
  });
});

describe("round trip path", () => {
  it("puts Table 2 of two sizes side by side with the paper's % errors", () => {
    const t = table2Sides(rtpPoint(0), rtpPoint(1));
    expect(t.errorA).toBeCloseTo(T2.error[0], 2);
    expect(t.errorB).toBeCloseTo(T2.error[1], 2);
    expect(t.measured.delta).toBeCloseTo((11414 - 6169) * 1e3, 6);
    expect(t.calculated.pct).toBeCloseTo(((11315 - 6454) / 6454) * 100, 9);
  });

  it("pairs on-path segments by name (a real RPC run's path against itself with one step slower)", () => {
    const a = rpcRtp.points[0] as unknown as RtpPoint;
    const on = a.segments.filter((s) => s.on_path_share > 0).sort((x, y) => x.mean_start_ns - y.mean_start_ns);
    const slow = on[0].name;
    const b: RtpPoint = { ...a, segments: a.segments.map((s) => (s.name === slow ? { ...s, mean_on_path_ns: s.mean_on_path_ns * 1.5 } : s)) };
    const d = segmentDeltas(a, b);
    expect(d.map((r) => r.label)).toEqual(on.map((s) => s.name));
    expect(d[0].pct).toBeCloseTo(50, 9);
    expect(d.slice(1).every((r) => r.delta === 0)).toBe(true);
    // a segment off B's path shows a gap on B's side
    const c: RtpPoint = { ...a, segments: a.segments.map((s) => (s.name === slow ? { ...s, on_path_share: 0 } : s)) };
    expect(segmentDeltas(a, c)[0]).toMatchObject({ label: slow, b: null, delta: null, shareB: null });
  });
});

describe("modelDeltas", () => {
  const r = (label: string, threads: number, think: number, measured: number, model: number): ModelRow => ({
    label, threads, think, measured, model, measured_std: null, percent_error: ((measured - model) * 100) / measured, anomaly: false, reasons: [], explanation: "",
  } as unknown as ModelRow); // only the fields the deltas read
  it("keys rows by call kind, threads and think time, so the two cache policies stay apart", () => {
    const a = [r("1392 B", 3, 0, 10, 9), r("1392 B single", 3, 0, 20, 9)];
    const b = [r("1392 B", 3, 0, 12, 9), r("1392 B single", 3, 0, 15, 9), r("1392 B", 6, 0, 30, 20)];
    const d = modelDeltas(a, b);
    // ordered by call kind, then threads and think time
    expect(d.map((x) => x.key)).toEqual(["1392 B|3|0", "1392 B|6|0", "1392 B single|3|0"]);
    expect(d[0].measured.pct).toBeCloseTo(20, 9);
    expect(d[2]).toMatchObject({ errorA: 55, errorB: 40 }); // (20 − 9)/20, (15 − 9)/15
    expect(d[1]).toMatchObject({ errorA: null });
    expect(d[1].errorB).toBeCloseTo(100 / 3, 9);
  });
});

describe("ratioRows", () => {
  const p = (point_no: number, mean: number, lo: number, hi: number): StepStatsPoint =>
    ({ point_no, calls: 100, rtt: { count: 100, mean_ns: mean, median_ns: mean, p90_ns: mean, p99_ns: mean, p999_ns: mean, stddev_ns: 1, ci95_low_ns: lo, ci95_high_ns: hi, min_ns: lo, max_ns: hi }, first_call: null, steps: [] });
  it("gives B ÷ A of the means and the range their intervals allow", () => {
    // the paper's subsequent null RPC 6.19 ms against the 4016-byte call's 11.414 ms: 1.844×
    const rows = ratioRows([{ a: 0, b: 0, key: "k" }], [p(0, 6.19e6, 6.1e6, 6.3e6)], [p(0, 11.414e6, 11.3e6, 11.5e6)]);
    expect(rows[0].ratio).toBeCloseTo(11.414 / 6.19, 12);
    expect(rows[0].ratioLow).toBeCloseTo(11.3 / 6.3, 12);
    expect(rows[0].ratioHigh).toBeCloseTo(11.5 / 6.1, 12);
    expect(rows[0].separate).toBe(true);
    const close = ratioRows([{ a: 0, b: 0, key: "k" }], [p(0, 100, 90, 110)], [p(0, 105, 95, 115)]);
    expect(close[0].separate).toBe(false);
    expect(ratioRows([{ a: 0, b: 5, key: "k" }], [p(0, 100, 90, 110)], [p(0, 105, 95, 115)])).toEqual([]);
  });
});
