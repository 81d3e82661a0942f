// The load sweep's figure data (analysis kind "load", backend/perflab/analysis/load_sweep.py) as chart series: the
// hockey stick (percentiles of latency from the intended send against offered load, the model's mean beside) and
// throughput against offered load with the line a system that keeps up would follow.
import type { LoadKnee, LoadSweep } from "../../api/types";
import type { Series } from "../rttSize/SeriesChart";

export type { LoadKnee, LoadModel, LoadPoint, LoadSweep } from "../../api/types";

export const LOAD_COLORS = { p50: "#1f77b4", p99: "#d62728", p999: "#9467bd", mean: "#2ca02c", model: "#555555", served: "#1f77b4", ideal: "#999999" };

/** Latency (µs) against offered calls/s: p50, p99, p99.9 and the mean measured, the model's mean dashed. */
export function latencySeries(d: LoadSweep): Series[] {
  const us = (ns: number) => ns / 1e3;
  const pts = [...d.points].sort((a, b) => a.offered_per_s - b.offered_per_s);
  const out: Series[] = [
    { id: "p50", label: "p50", color: LOAD_COLORS.p50, points: pts.map((p) => ({ x: p.offered_per_s, y: us(p.p50_ns) })) },
    { id: "mean", label: "mean", color: LOAD_COLORS.mean, points: pts.map((p) => ({ x: p.offered_per_s, y: us(p.mean_ns) })) },
    { id: "p99", label: "p99", color: LOAD_COLORS.p99, points: pts.map((p) => ({ x: p.offered_per_s, y: us(p.p99_ns) })) },
  ];
  const p999 = pts.filter((p) => p.p999_ns !== null);
  if (p999.length) out.push({ id: "p999", label: "p99.9", color: LOAD_COLORS.p999, points: p999.map((p) => ({ x: p.offered_per_s, y: us(p.p999_ns!) })) });
  if (d.model && d.model.curve.length > 1)
    out.push({ id: "model", label: "model mean (open network)", color: LOAD_COLORS.model, dash: "dashed", lineOnly: true, points: d.model.curve.map((c) => ({ x: c.offered_per_s, y: us(c.mean_ns) })) });
  return out;
}

/** Achieved against offered calls/s, with the offered = achieved line (a system that keeps up lies on it). */
export function throughputSeries(d: LoadSweep): Series[] {
  const pts = [...d.points].sort((a, b) => a.offered_per_s - b.offered_per_s);
  const top = pts.length ? pts[pts.length - 1].offered_per_s : 0;
  return [
    { id: "ideal", label: "offered (kept up)", color: LOAD_COLORS.ideal, dash: "dotted", points: [{ x: 0, y: 0 }, { x: top, y: top }] },
    { id: "served", label: "served", color: LOAD_COLORS.served, points: pts.map((p) => ({ x: p.offered_per_s, y: p.achieved_per_s })) },
  ];
}

/** The knee's markers on the offered-load axis: the last rate before it, the first beyond. */
export function kneeMarkers(k: LoadKnee) {
  const out: { x: number; label: string; weak?: boolean }[] = [];
  if (k.found && k.above_per_s) out.push({ x: k.above_per_s, label: "past the knee" });
  if (k.found && k.below_per_s) out.push({ x: k.below_per_s, label: "before the knee", weak: true });
  return out;
}

/** The latency axis' ticks (values in µs): µs below a millisecond, ms below a second, s above. */
export function formatLatencyAxisUs(v: number): string {
  const n = (x: number, d: number) => x.toLocaleString("en-US", { maximumFractionDigits: d });
  if (v >= 1e6) return `${n(v / 1e6, 1)} s`;
  if (v >= 1e3) return `${n(v / 1e3, 1)} ms`;
  return `${n(v, 0)} µs`;
}

const callsS = (v: number | null | undefined) => `${Math.round(v ?? 0).toLocaleString("en-US")} calls/s`;

/** The points whose schedule the agent could not keep, and one line saying what that means for reading them. */
export function scheduleSummary(d: LoadSweep): { missed: LoadSweep["schedules"]; sentence: string | null } {
  const missed = d.schedules.filter((s) => s.kept === false).sort((a, b) => (a.offered_calls_s ?? 0) - (b.offered_calls_s ?? 0));
  if (!missed.length) return { missed, sentence: null };
  const of = `${missed.length} of ${d.points.length} point${d.points.length === 1 ? "" : "s"}`;
  return {
    missed,
    sentence: `The agent could not keep the offered rate at ${of}: there the latency includes the agent's own lag ` +
      "(a busy or descheduled caller), so a rise there need not be the server's.",
  };
}

/** Whether a point's schedule was kept (true when the analysis made no verdict: a closed-loop base has none). */
export function scheduleKept(d: LoadSweep, pointNo: number): boolean {
  return d.schedules.find((s) => s.point_no === pointNo)?.kept !== false;
}

/** A caveat to the knee when either side of it is a point whose rate the agent missed: the knee may be the agent's. */
export function kneeCaveat(d: LoadSweep): string | null {
  if (!d.knee.found) return null;
  const sides = [d.knee.below_per_s, d.knee.above_per_s].filter((r): r is number => r != null);
  const missed = d.points.filter((p) => sides.includes(p.offered_per_s) && !scheduleKept(d, p.point_no));
  if (!missed.length) return null;
  return `The agent missed its schedule at ${missed.map((p) => callsS(p.offered_per_s)).join(" and ")}: ` +
    "this knee may be the caller's lag rather than the server's queue.";
}

/** Says when the model saturates below every offered rate: its curve then predicts none of the measured points. */
export function modelNote(d: LoadSweep): string | null {
  const sat = d.model?.saturation_per_s;
  if (!d.model || sat == null || !d.points.length) return null;
  const least = Math.min(...d.points.map((p) => p.offered_per_s));
  if (sat >= least) return null;
  const top = Math.max(...d.points.map((p) => p.achieved_per_s));
  return `The model saturates at ${callsS(sat)}, below the least offered rate (${callsS(least)}), while the run served up to ` +
    `${callsS(top)}: point ${d.model.from_point}'s demands overstate the work per call, so its curve predicts none of these points.`;
}
