// Model rows per cache policy: both policies under one call kind, a panel each (one-slot cache rising with think time,
// the fixed one falling), and the policy read from the label when the points are unknown.
import { describe, expect, it } from "vitest";
import { groupReason, groups, policies, policyKey, withPolicy, type PointRow, type PolicyParams } from "./policy";
import { figure2 } from "./figure2";

// Khandker & Teorey's case study, Table 2 (1-packet calls, 3 threads): model, measured with the one-slot call-handle
// cache (the anomaly; our cache "single") and after the fix (our "per-thread"), ms.
// backend/tests/reference/modeling_case_study.json, table2_selected_rows (copied from /work/shared/reference).
const T2: [number, number, number, number][] = [ // think, model, orig (single), fixed (per-thread)
  [0, 11.23, 10.8, 10.4], [3, 10.46, 14.6, 10.1], [9, 9.64, 13.2, 9.6], [18, 9.07, 11.7, 9.2],
];

// a case-study sweep as the backend stores it: per-thread points first, then the same points with cache single
const params: PolicyParams[] = T2.flatMap((_, i) => [{ point_no: i, request_bytes: 1392, cache: "per-thread" }])
  .concat(T2.map((_, i) => ({ point_no: 4 + i, request_bytes: 1392, cache: "single" })));
const row = (point_no: number, label: string, think: number, model: number, measured: number): PointRow => ({
  point_no, base_point_no: point_no < 4 ? 0 : 4, label, threads: 3, think, model, measured, measured_std: null,
  percent_error: ((measured - model) * 100) / measured, anomaly: false, reasons: [], explanation: "",
} as unknown as PointRow); // only the fields the policy reads
const ROWS = [...T2.map(([think, model, , fixed], i) => row(i, "1392 B", think, model, fixed)),
  ...T2.map(([think, model, orig], i) => row(4 + i, "1392 B single", think, model, orig))];

describe("model rows per cache policy", () => {
  it("groups both policies under one call kind and keys every row by its policy", () => {
    const rows = withPolicy(ROWS, params);
    expect(groups(rows)).toEqual(["1392 B"]);
    expect(policies(rows)).toEqual(["per-thread", "single"]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(8); // the same threads × think twice, never collapsed
    expect(rows[5]).toMatchObject({ policy: "single", key: policyKey("single", 3, 3), measured: 14.6 });
  });

  it("draws a panel per policy: the one-slot cache's RTT rises with think time, the fixed one falls", () => {
    const panels = figure2(withPolicy(ROWS, params), { panelW: 300, panelH: 220 });
    expect(panels.map((p) => p.policy)).toEqual(["per-thread", "single"]);
    const single = panels[1].series[0].markers.map((m) => m.row.measured);
    const fixed = panels[0].series[0].markers.map((m) => m.row.measured);
    expect(single).toEqual([10.8, 14.6, 13.2, 11.7]);
    expect(fixed).toEqual([10.4, 10.1, 9.6, 9.2]);
    expect(panels.map((p) => p.rises)).toEqual([false, true]); // the paper's anomaly: think time made calls slower
    // one model per policy (same demands here), the same colour for a thread count in both panels
    expect(panels[0].series[0].model).toBe(panels[1].series[0].model);
    expect(panels[0].series[0].color).toBe(panels[1].series[0].color);
  });

  it("reads the policy from the label when the run's points are unknown, and says why a kind cannot be drawn", () => {
    const rows = withPolicy(ROWS, []); // no point of the run is known: the label decides
    expect(groups(rows)).toEqual(["1392 B"]);
    expect(policies(rows)).toEqual(["per-thread", "single"]);
    expect(groupReason(rows, "1392 B")).toBeNull();
    expect(groupReason(rows.filter((r) => r.think === 0), "1392 B")).toMatch(/one think time only/);
    expect(groupReason(rows, "64 B")).toMatch(/no point/);
  });
});
