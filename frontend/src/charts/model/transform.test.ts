import { describe, expect, it } from "vitest";
import type { ModelRow } from "../../api/figures";
import { basePoint, labels, modelLines, modelReason, rowKey, sliderKeys } from "./transform";

// Case study Table 2, 1-packet rows with 3 threads (model column, ms) as stored rows; measured values made up
// around them. /work/shared/reference/modeling_case_study.json
const r = (label: string, threads: number, think: number, model: number, measured: number, std: number | null = 0.5): ModelRow => ({
  label, threads, think, model, measured, measured_std: std, percent_error: ((measured - model) * 100) / measured,
  anomaly: false, reasons: [], explanation: "",
});
const ROWS = [
  r("0 B", 1, 0, 7.99, 8.1), r("0 B", 3, 0, 11.23, 11.5), r("0 B", 3, 3, 10.46, 14.0, null), r("0 B", 3, 9, 9.64, 9.9),
  r("4016 B", 1, 0, 11.21, 11.3),
];

describe("model transform", () => {
  it("lists labels by size and draws measured and model lines per thread count over think time", () => {
    expect(labels(ROWS)).toEqual(["0 B", "4016 B"]);
    const lines = modelLines(ROWS, "0 B", null);
    expect(lines.map((l) => l.id)).toEqual(["measured-1", "model-1", "measured-3", "model-3"]);
    const m3 = lines.find((l) => l.id === "measured-3")!;
    expect(m3.points.map((p) => p.x)).toEqual([0, 3, 9]);
    expect(m3.points[0]).toEqual({ x: 0, y: 11.5, lo: 11, hi: 12 });
    expect(m3.points[1]).toEqual({ x: 3, y: 14.0 }); // no std, no bar
    expect(lines.find((l) => l.id === "model-3")!.points.map((p) => p.y)).toEqual([11.23, 10.46, 9.64]);
    expect(lines[0].color).toBe(lines[1].color);
    expect(lines[0].color).not.toBe(lines[2].color);
  });

  it("adds a what-if line where answers exist", () => {
    const lines = modelLines(ROWS, "0 B", { [rowKey(3, 0)]: 9.0, [rowKey(3, 9)]: 8.0 });
    const w = lines.find((l) => l.id === "whatif-3")!;
    expect(w.points).toEqual([{ x: 0, y: 9.0 }, { x: 9, y: 8.0 }]);
    expect(lines.some((l) => l.id === "whatif-1")).toBe(false);
  });

  it("bases a size's model on its fewest-threads, least-think point", () => {
    const params = [
      { point_no: 0, request_bytes: 0, threads: 3, think_time_us: 0 },
      { point_no: 1, request_bytes: 0, threads: 1, think_time_us: 3000 },
      { point_no: 2, request_bytes: 0, threads: 1, think_time_us: 0 },
      { point_no: 3, request_bytes: 4016, threads: 1, think_time_us: 0 },
    ];
    expect(basePoint(params, "0 B")).toBe(2);
    expect(basePoint(params, "4016 B")).toBe(3);
    expect(basePoint(params, "64 B")).toBeNull();
  });

  it("says why a label cannot be drawn", () => {
    expect(modelReason(ROWS, "4016 B")).toMatch(/one think time only/);
    expect(modelReason(ROWS, "0 B")).toBeNull();
    expect(modelReason(ROWS, "1 B")).toMatch(/no point/);
  });

  it("offers the network and the largest on-path steps as sliders", () => {
    const segs = [
      { name: "c.sendmsg", kind: "step", mean_on_path_ns: 1900 },
      { name: "request transit", kind: "transit", mean_on_path_ns: 1300 },
      { name: "s.idle", kind: "step", mean_on_path_ns: 0 },
      { name: "gap a→b", kind: "gap", mean_on_path_ns: 20 },
      { name: "s.sendmsg", kind: "step", mean_on_path_ns: 2000 },
      { name: "c.copy", kind: "step", mean_on_path_ns: 16 },
    ];
    expect(sliderKeys(segs, 2)).toEqual(["network", "s.sendmsg", "c.sendmsg"]);
    expect(sliderKeys(segs.filter((s) => s.kind !== "transit"))).toEqual(["s.sendmsg", "c.sendmsg", "c.copy"]);
  });
});
