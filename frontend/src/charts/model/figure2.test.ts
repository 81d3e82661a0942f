// The model's Table 2 blocks and Figure 2 panels: rows grouped by call kind and policy, flags naming what grew, frames
// on the wire from the MTU, one unit per table, and the what-if lines.
import { describe, expect, it } from "vitest";
import type { ModelVsMeasured } from "../../api/figures";
import { figure2, threadLegend } from "./figure2";
import { withPolicy, type PolicyParams } from "./policy";
import { flagText, inUnit, modelMethod, packetsPerCall, perPointSolvers, table2, table2Caption, tableNotes, tableUnit, whatifKey } from "./table2";
import fixture from "./case-study.fixture.json";

// case-study.fixture.json: the case study's Table 2 (1- and 3-packet calls; 1, 3, 6 threads) shaped as the
// backend's model_vs_measured result — the paper's original system as cache `single`, the modified one as
// `per-thread`; 95% intervals from the paper's std over threads × 100 calls; bands and slow-start counts chosen
// so that `single` is flagged at think > 0 with 3+ threads and `per-thread` nowhere (issue 13's target).
const mvm = fixture.mvm as unknown as ModelVsMeasured;
const rows = withPolicy(mvm.rows, fixture.params.points as PolicyParams[]);

describe("Table 2 blocks", () => {
  const blocks = table2(rows);

  it("groups rows by call kind, then cache policy, with threads spanning their think times", () => {
    expect(blocks.map((b) => [b.kind, b.policy, b.basePoint])).toEqual([
      ["1-packet calls (1392 B)", "per-thread", 0], ["1-packet calls (1392 B)", "single", 22],
      ["3-packet calls (4016 B)", "per-thread", 11], ["3-packet calls (4016 B)", "single", 33],
    ]);
    const b = blocks[1];
    expect(b.rows.map((r) => [r.threads, r.threadsSpan, r.think])).toEqual([
      [1, 3, 0], [1, 0, 3], [1, 0, 9], [3, 4, 0], [3, 0, 3], [3, 0, 9], [3, 0, 18], [6, 4, 0], [6, 0, 3], [6, 0, 9], [6, 0, 18]]);
    expect(b.rows[4]).toMatchObject({ model: 10.46, measured: 14.6, anomaly: true, slowStart: { n: 119, calls: 300 } });
    expect(b.rows[4].ci![0]).toBeGreaterThan(b.rows[4].band![1]);
  });

  it("flags name the side, the device and step that grew, and the slow-start calls", () => {
    const flagged = blocks.flatMap((b) => b.rows.filter((r) => r.flag).map((r) => `${b.policy} ${b.packets} ${r.threads} ${r.think}`));
    expect(flagged).toHaveLength(12);
    expect(flagged.every((f) => f.startsWith("single") && !/ 1 \d+$/.test(f) && !/ 0$/.test(f))).toBe(true);
    expect(blocks[1].rows[4].flag).toBe("above band; network +2.9 ms, most in request transit (+2.48 ms); slow-start 119/300 calls");
    // an old row: the % error rule's reasons, no band, no growth
    expect(flagText({ ...mvm.rows[0], anomaly: true, reasons: ["error"], grew: null, slow_start: null })).toBe("error");
    // a transit's part is named when it is not the device itself
    expect(flagText({ ...mvm.rows[0], anomaly: true, reasons: ["below_model_band"], slow_start: null,
      grew: { device: "client_cpu", step: "request transit", part: "kernel", device_ms: -0.5, step_ms: -0.4 } }))
      .toBe("below band; client_cpu −0.5 ms, most in request transit (−0.4 ms, kernel part)");
    expect(flagText({ ...mvm.rows[0], anomaly: true, reasons: ["slow_start"], grew: null,
      slow_start: { calls: 300, new_handle: 40, extra_packets: 40, slow_start: 40, usual_packets: 3 } }))
      .toBe("above the model's inputs, calls in slow-start; slow-start 40/300 calls");
  });

  it("falls back to the packetisation for packets per call, and to the size alone", () => {
    const old = withPolicy(mvm.rows.map((r) => ({ ...r, slow_start: null })), fixture.params.points as PolicyParams[]);
    expect(table2(old, { packet_data: 1392 }).map((b) => b.kind)).toEqual(["1-packet calls (1392 B)", "1-packet calls (1392 B)", "3-packet calls (4016 B)", "3-packet calls (4016 B)"]);
    expect(table2(old)[0].kind).toBe("1392 B calls");
  });

  it("counts the frames on the wire when the MTU is known: one 4016 B RPC packet leaves as 3 IP fragments", () => {
    // 4016 B + 80 B header + 8 B UDP = 4104 B in fragments of 1480 B: 3 frames; 1392 + 88 = 1480 B: 1 frame
    const lab = { packet_data: 4016, mtu: 1500, header_bytes: 80 };
    expect(table2(rows, lab).map((b) => b.kind)).toEqual(["1-packet calls (1392 B)", "1-packet calls (1392 B)", "3-packet calls (4016 B)", "3-packet calls (4016 B)"]);
    expect(packetsPerCall([], "1393 B", lab)).toBe(2); // one byte past the frame
    expect(packetsPerCall([], "8032 B", lab)).toBe(6); // two full RPC packets, 3 frames each
    expect(packetsPerCall([], "4016 B", { packet_data: 4016 })).toBe(1); // no MTU: RPC packets
  });

  it("keeps one unit for the table, µs when every RTT is below 1 ms, and says where the demands came from", () => {
    expect(tableUnit(blocks)).toEqual({ unit: "ms", scale: 1 });
    const fast = table2(rows.map((r) => ({ ...r, model: r.model / 100, measured: r.measured / 100 })));
    expect(tableUnit(fast)).toEqual({ unit: "µs", scale: 1000 });
    const fastRows = rows.map((r) => ({ ...r, model: r.model / 100, measured: r.measured / 100, measured_ci95: null, model_band: null }));
    expect(figure2(fastRows, { panelW: 300, panelH: 200 })[0].yUnit).toBe("µs"); // Figure 2's axis too
    expect(inUnit(9.996, 1)).toBe("10.0");
    expect(inUnit(0.1049, 1)).toBe("0.105");
    expect(inUnit(0, 1)).toBe("0.00");
    expect(inUnit(0.0799, 1000)).toBe("79.9");
    expect(inUnit(undefined, 1)).toBe("—");
    const cap = table2Caption(blocks, { exact: true, flagRule: mvm.flag_rule });
    expect(cap).toMatch(/corrected .* exact MVA/);
    expect(cap).toContain("3-packet calls (4016 B), cache single: point 33");
    // between emulated hosts the model is the simulation: the caption and the legend say so, not "corrected MVA"
    const sim = table2Caption(blocks, { exact: true, simulated: true, flagRule: mvm.flag_rule });
    expect(sim).toMatch(/^Model: the constant-service simulation .* the exact MVA beside it\./);
    expect(sim).not.toContain("corrected");
    expect(modelMethod({ exact: true, simulated: true }).name).toBe("constant-service simulation");
    expect(modelMethod({ exact: true }).name).toBe("corrected MVA");
    expect(modelMethod({ exact: false }).name).toBe("exact MVA");
  });
});

describe("Figure 2 panels", () => {
  const panels = figure2(rows, { panelW: 320, panelH: 240 });

  it("draws one panel per call kind and policy, sharing axes within a call kind", () => {
    expect(panels.map((p) => p.title)).toEqual([
      "1-packet calls (1392 B), cache per-thread", "1-packet calls (1392 B), cache single",
      "3-packet calls (4016 B), cache per-thread", "3-packet calls (4016 B), cache single"]);
    expect(panels[0].yTicks).toEqual(panels[1].yTicks);
    expect(panels[0].xTicks).toEqual(panels[1].xTicks);
    expect(panels[0].series.map((s) => s.threads)).toEqual([1, 3, 6]);
    expect(threadLegend(panels).map((t) => t.threads)).toEqual([1, 3, 6]);
    expect(panels[2].series[1].color).toBe(panels[0].series[1].color);
  });

  it("shows single's rise at small think time against per-thread's fall, with flagged markers", () => {
    expect(panels.map((p) => p.rises)).toEqual([false, true, false, true]);
    const single3 = panels[1].series[1].markers;
    // SVG y grows downward: the think-3 marker sits above the think-0 one
    expect(single3[1].cy).toBeLessThan(single3[0].cy);
    expect(single3.map((m) => m.flagged)).toEqual([false, true, true, true]);
    // a rise inside the noise is no rise, nor one the model does not flag: per-thread's think-9 mean nudged above think 0, intervals overlapping
    const per = rows.filter((r) => r.policy === "per-thread" && r.group === "4016 B");
    const z0 = per.find((r) => r.threads === 3 && r.think === 0)!;
    const nudged = rows.map((r) => (r.policy === "per-thread" && r.group === "4016 B" && r.threads === 3 && r.think === 9
      ? { ...r, measured: z0.measured * 1.01, measured_ci95: [z0.measured * 0.97, z0.measured * 1.05] as [number, number] }
      : r.key === z0.key && r.group === z0.group ? { ...r, measured_ci95: [z0.measured * 0.96, z0.measured * 1.04] as [number, number] } : r));
    expect(figure2(nudged, { panelW: 320, panelH: 240 })[2].rises).toBe(false);
    const clear = nudged.map((r) => (r.policy === "per-thread" && r.group === "4016 B" && r.threads === 3 && r.think === 9
      ? { ...r, measured: z0.measured * 1.2, measured_ci95: [z0.measured * 1.1, z0.measured * 1.3] as [number, number] } : r));
    expect(figure2(clear, { panelW: 320, panelH: 240 })[2].rises).toBe(false); // clear, but the model does not flag it
    const flagged = clear.map((r) => (r.policy === "per-thread" && r.group === "4016 B" && r.threads === 3 && r.think === 9 ? { ...r, anomaly: true } : r));
    expect(figure2(flagged, { panelW: 320, panelH: 240 })[2].rises).toBe(true);
    expect(panels[0].series.flatMap((s) => s.markers).some((m) => m.flagged)).toBe(false);
    // error bars around the marker, the band around the model line
    for (const m of single3) expect(m.ciTop! <= m.cy && m.cy <= m.ciBottom!).toBe(true);
    expect(panels[1].series[1].band).toMatch(/^M.*Z$/);
    expect(panels[1].series[1].model).toMatch(/^M[\d.]+,[\d.]+(L[\d.]+,[\d.]+){3}$/);
  });

  it("draws what-if lines where answered, skips kinds with one think time, and keeps old rows without bars", () => {
    const wi = figure2(rows, { panelW: 320, panelH: 240, whatif: { [whatifKey(rows[4].group, rows[4].key)]: 9 } });
    expect(wi.flatMap((p) => p.series.filter((s) => s.whatif)).length).toBe(1);
    expect(figure2(rows.filter((r) => r.think === 0), { panelW: 320, panelH: 240 })).toEqual([]);
    const log = figure2(rows, { panelW: 320, panelH: 240, logY: true });
    expect(log[1].yTicks.map((t) => t.label)).toEqual(["10", "20"]);
    const old = figure2(rows.map((r) => ({ ...r, measured_ci95: null, model_band: null })), { panelW: 320, panelH: 240 });
    expect(old[0].series[0].band).toBeNull();
    expect(old[0].series[0].markers[0].ciTop).toBeNull();
    // results before the bounds: no bound lines
    expect(panels.flatMap((p) => p.series).every((s) => s.lower === null && s.upper === null)).toBe(true);
  });

  it("draws each line's asymptotic lower bound, and the upper one only where it fits the data's axes", () => {
    // the lower bound below the model, the upper one close above for 1 thread and far above for 3 and 6
    const bounded = rows.map((r) => ({ ...r, bounds: { lower: r.model * 0.8, upper: r.threads === 1 ? r.model * 1.05 : r.model * r.threads * 3,
      throughput_max: 0.2, bottleneck: "network", balanced_lower: r.model * 0.9, balanced_upper: r.model * 1.5 } }));
    const ps = figure2(bounded, { panelW: 320, panelH: 240 });
    const per = ps[0];
    expect(per.series.map((s) => s.lower !== null)).toEqual([true, true, true]);
    expect(per.series.map((s) => s.upper !== null)).toEqual([true, false, false]);
    // the lower bound lies below the model line (svg y grows downward) and inside the axes, which grew to hold it
    const dom = (p: { y: unknown }) => (p.y as { domain(): number[] }).domain(); // the panel's y is a d3 scale
    const ys = (d: string) => [...d.matchAll(/,([\d.]+)/g)].map((m) => Number(m[1]));
    const s1 = per.series[1];
    ys(s1.lower!).forEach((y, i) => expect(y).toBeGreaterThan(ys(s1.model)[i]));
    expect(Math.min(...bounded.filter((r) => r.group === per.group).map((r) => r.bounds.lower))).toBeGreaterThanOrEqual(dom(per)[0]);
    // the far upper bounds did not stretch the axis: it ends where the data's does
    expect(dom(per)[1]).toBe(dom(panels[0])[1]);
  });

  it("never flags a point the model does not apply to, and marks it hollow", () => {
    const off = rows.map((r) => (r.policy === "single" ? { ...r, applies: false, not_applies_reason: "the model does not apply here: busy cores" } : r));
    const ps = figure2(off, { panelW: 320, panelH: 240 });
    expect(ps[1].series.flatMap((s) => s.markers).some((m) => m.flagged)).toBe(false);
    expect(ps[1].series.flatMap((s) => s.markers).every((m) => !m.applies)).toBe(true);
    expect(ps[1].rises).toBe(false); // the anomaly's shape needs flagged points
    const blocks = table2(off);
    expect(blocks[1].rows.filter((r) => r.anomaly || r.flag)).toHaveLength(0);
    expect(blocks[1].rows[4].notes).toEqual(["model does not apply: busy cores"]);
  });
});

describe("per-point solvers", () => {
  it("names the solvers and the per-think-time bases in the caption, and numbers each note once", () => {
    // a result with per-point solvers: each think time's 1-thread point is a base
    const bases = new Map<string, number>();
    const solved = rows.map((r) => {
      const k = `${r.group}|${r.policy}|${r.think}`;
      if (r.threads === 1 && !bases.has(k)) bases.set(k, r.point_no!);
      return r;
    }).map((r) => ({ ...r, base_point_no: bases.get(`${r.group}|${r.policy}|${r.think}`) ?? r.base_point_no,
      solver: (r.threads === 1 ? "exact" : "simulation") as "exact" | "simulation",
      solver_reason: r.threads === 1 ? "one caller: no queueing to model" : "the analytic solvers' assumptions do not hold here" }));
    const blocks = table2(solved);
    expect(blocks[1].basePoints).toEqual([22, 23, 24]);
    expect(blocks[1].rows[4]).toMatchObject({ solver: "simulation", notes: ["simulation: the analytic solvers' assumptions do not hold here"] });
    const cap = table2Caption(blocks, { exact: true, perPoint: true, flagRule: mvm.flag_rule });
    expect(cap).toMatch(/^Model: per point, the solver the measurement calls for/);
    expect(cap).toContain("1-packet calls (1392 B), cache single: points 22, 23, 24");
    expect(cap).toContain("the 1-thread point of the same call kind, cache and think time");
    const notes = tableNotes(blocks);
    expect(notes.list).toEqual(["exact MVA: one caller: no queueing to model", "simulation: the analytic solvers' assumptions do not hold here"]);
    expect(notes.ref("simulation: the analytic solvers' assumptions do not hold here")).toBe(2);
    expect(modelMethod({ exact: true, simulated: true, perPoint: true }).name).toBe("per-point solver");
    expect(perPointSolvers({ exact: 0, residual: 3 })).toBe(true);
    expect(perPointSolvers(undefined)).toBe(false);
  });
});
