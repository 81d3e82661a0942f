// The case study's Table 2 from a model_vs_measured result: one block per call kind and cache policy (the paper
// prints its original and modified systems; ours are the `single` and `per-thread` caches), rows by threads then
// think time, with the model, the measured mean and its 95% interval, the % error and what a flag found.
import type { ModelRow } from "../../api/figures";
import { policies, type PolicyRow } from "./policy";
import { applies, flagged, notAppliesText, solverText, type Bounds, type Solver } from "./solvers";

export interface T2Row {
  key: string;
  threads: number;
  /** rows of this thread count in the block, on the first of them (the paper's threads cell spans them) */
  threadsSpan: number;
  think: number; // ms
  model: number; // ms
  modelExact: number | null;
  band: [number, number] | null;
  measured: number;
  ci: [number, number] | null;
  std: number | null;
  error: number; // (measured − model) × 100 / measured
  anomaly: boolean;
  /** the flag in a few words (what side, which device and step, slow-start calls), null when not flagged */
  flag: string | null;
  explanation: string;
  /** calls that went through slow-start (small packets of a new call handle) of all the point's calls */
  slowStart: { n: number; calls: number; newHandle: number; extraPackets: number } | null;
  pointNo: number | null;
  /** which solver the model column is and why (results before per-point solvers: null) */
  solver: Solver | null;
  solverReason: string | null;
  /** the asymptotic bounds the model was kept within, and whether it had to be clamped into them */
  bounds: Bounds | null;
  clamped: boolean;
  /** false where the model does not apply (nothing flagged there), with the backend's reason */
  applies: boolean;
  notApplies: string | null;
  /** the row's notes under the table: why this solver, why the model does not apply */
  notes: string[];
}

export interface T2Block {
  group: string;
  policy: string;
  /** "3-packet calls (4016 B)" when the packets per call are known, else "4016 B calls" */
  kind: string;
  packets: number | null;
  basePoint: number | null;
  /** every base point of the block: one per think time since the model takes each think time's 1-thread point */
  basePoints: number[];
  baseLoaded: boolean;
  rows: T2Row[];
}

/** RPC packets per call: the base point's usual request packets as measured, else the run's packetisation. */
export interface Packetisation { packet_data: number; mtu?: number; header_bytes?: number }

/** Packets of a call kind's request as the case study counts them: frames on the wire (an RPC packet bigger than
 * the MTU leaves as IP fragments, as 4016 B over Ethernet leaves as 3), else RPC packets (the base point's usual
 * count, or the bytes over packet_data). */
export function packetsPerCall(rows: ModelRow[], group: string, pk?: Packetisation | null): number | null {
  const bytes = parseFloat(group);
  if (pk?.packet_data && pk.mtu && Number.isFinite(bytes)) {
    const fragment = Math.floor((pk.mtu - 20) / 8) * 8; // an IP fragment's payload: a multiple of 8 bytes
    let frames = 0;
    for (let left = bytes; ; left -= pk.packet_data) {
      frames += Math.ceil((Math.max(0, Math.min(left, pk.packet_data)) + (pk.header_bytes ?? 80) + 8) / fragment);
      if (left <= pk.packet_data) break;
    }
    return frames;
  }
  const usual = rows.map((r) => r.slow_start?.usual_packets).find((u) => typeof u === "number" && u > 0);
  if (usual) return Math.round(usual);
  return pk?.packet_data && Number.isFinite(bytes) ? Math.max(1, Math.ceil(bytes / pk.packet_data)) : null;
}

/** What-if answers are keyed by call kind and row (a policy|threads|think key repeats across kinds). */
export const whatifKey = (group: string, key: string) => `${group}#${key}`;

const sign = (v: number) => `${v >= 0 ? "+" : "−"}${Math.abs(Number(v.toPrecision(3)))}`;

/** A flag in a few words: above/below the band, the device (step) that grew, the slow-start calls. */
export function flagText(r: ModelRow): string | null {
  if (!flagged(r)) return null;
  const side = r.reasons.includes("above_model_band") ? "above band" : r.reasons.includes("below_model_band")
    ? "below band" : r.reasons.includes("slow_start") ? "above the model's inputs, calls in slow-start"
    : r.reasons.join(", "); // results stored before the band: the % error / spread rule
  const parts = [side];
  const g = r.grew;
  // the part only when it says more than the device (a transit's network or kernel part)
  const part = g?.part && g.part !== g.device ? `, ${g.part} part` : "";
  if (g) parts.push(`${g.device} ${sign(g.device_ms)} ms${g.step ? `, most in ${g.step} (${sign(g.step_ms)} ms${part})` : ""}`);
  const ss = r.slow_start;
  if (ss && ss.slow_start > 0) parts.push(`slow-start ${ss.slow_start}/${ss.calls} calls`);
  return parts.join("; ");
}

/** Blocks in the paper's order: call kinds by size, the default policy first; rows by threads then think time. */
export function table2(rows: PolicyRow[], packetisation?: Packetisation | null): T2Block[] {
  const kinds = [...new Set(rows.map((r) => r.group))].sort((a, b) => parseFloat(a) - parseFloat(b) || a.localeCompare(b));
  const out: T2Block[] = [];
  for (const group of kinds) {
    const mine = rows.filter((r) => r.group === group);
    const packets = packetsPerCall(mine, group, packetisation);
    for (const policy of policies(mine)) {
      const rs = mine.filter((r) => r.policy === policy).sort((a, b) => a.threads - b.threads || a.think - b.think);
      const span = (t: number) => rs.filter((r) => r.threads === t).length;
      out.push({
        group, policy, packets,
        kind: packets ? `${packets}-packet calls (${group})` : `${group} calls`,
        basePoint: rs.find((r) => r.base_point_no !== undefined)?.base_point_no ?? null,
        basePoints: [...new Set(rs.flatMap((r) => (r.base_point_no !== undefined ? [r.base_point_no] : [])))].sort((a, b) => a - b),
        baseLoaded: rs.some((r) => r.base_loaded),
        rows: rs.map((r, i) => ({
          key: r.key, threads: r.threads, threadsSpan: i > 0 && rs[i - 1].threads === r.threads ? 0 : span(r.threads),
          think: r.think, model: r.model, modelExact: r.model_exact ?? null, band: r.model_band ?? null,
          measured: r.measured, ci: r.measured_ci95 ?? null, std: r.measured_std, error: r.percent_error,
          anomaly: flagged(r), flag: flagText(r), explanation: r.explanation,
          slowStart: r.slow_start ? { n: r.slow_start.slow_start, calls: r.slow_start.calls, newHandle: r.slow_start.new_handle, extraPackets: r.slow_start.extra_packets } : null,
          pointNo: r.point_no ?? null,
          solver: r.solver ?? null, solverReason: r.solver_reason || null, bounds: r.bounds ?? null, clamped: !!r.clamped,
          applies: applies(r), notApplies: applies(r) ? null : notAppliesText(r.not_applies_reason),
          notes: [...(r.solver ? [solverText(r.solver, r.solver_reason)] : []), ...(applies(r) ? [] : [notAppliesText(r.not_applies_reason)])],
        })),
      });
    }
  }
  return out;
}

/** One unit for the whole table (the paper's "(ms)" in the header): µs when every RTT is under 1 ms. */
export function tableUnit(blocks: T2Block[]): { unit: "ms" | "µs"; scale: number } {
  const all = blocks.flatMap((b) => b.rows.flatMap((r) => [r.model, r.measured]));
  return all.length && Math.max(...all) < 1 ? { unit: "µs", scale: 1000 } : { unit: "ms", scale: 1 };
}

/** A value in the table's unit, 3 significant digits (0.105 ms on loopback, 10.5 ms on the papers' Ethernet). */
export function inUnit(v: number | null | undefined, scale: number): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return "—";
  const x = Number((v * scale).toPrecision(3)); // round first: 9.996 prints "10.0", not "10.00"
  const a = Math.abs(x);
  return a >= 100 ? x.toFixed(0) : a >= 10 ? x.toFixed(1) : a >= 1 || a === 0 ? x.toFixed(2) : x.toPrecision(3);
}

/** The table's notes under it, each text once in order of first use, and a note's number (1-based). */
export function tableNotes(blocks: T2Block[]): { list: string[]; ref: (text: string) => number } {
  const list = [...new Set(blocks.flatMap((b) => b.rows.flatMap((r) => r.notes)))];
  const index = new Map(list.map((t, i) => [t, i + 1]));
  return { list, ref: (t) => index.get(t) ?? 0 };
}

export interface MethodOpts {
  exact: boolean;
  simulated?: boolean;
  /** the result chose a solver per point (its `solvers` counts) */
  perPoint?: boolean;
}

/** Whether a result chose its solver per point (results before that have no `solvers`). */
export const perPointSolvers = (solvers: Record<string, number> | undefined) => Object.values(solvers ?? {}).some((n) => n > 0);

/** What the model column is, as the result says (one name for the legend, the caption and the heading). */
export function modelMethod(opts: MethodOpts): { name: string; sentence: string } {
  if (opts.perPoint) return { name: "per-point solver",
    sentence: "Model: per point, the solver the measurement calls for: the simulation of its base point's measured service times, or exact or residual MVA where they agree with it (the Solver column says which and why); every prediction kept within the asymptotic bounds (the Bounds column); the exact MVA beside it." };
  if (opts.simulated) return { name: "constant-service simulation",
    sentence: "Model: the constant-service simulation of the same network (every station serves a packet for a fixed time between emulated hosts, where MVA over-predicts queueing); the exact MVA beside it." };
  if (opts.exact) return { name: "corrected MVA",
    sentence: "Model: MVA corrected for each queueing device's measured service variability (residual service from its cv²); the exact MVA (exponential service) beside it." };
  return { name: "exact MVA", sentence: "Model: exact MVA (this result predates the corrected MVA)." };
}

/** The caption: which model, where its demands came from, the error formula and the flag rule. */
export function table2Caption(blocks: T2Block[], opts: MethodOpts & { flagRule?: string; threshold?: number }): string {
  const model = modelMethod(opts).sentence;
  const rule = "% error = (measured − model) × 100 / measured. " +
    (opts.flagRule ? `Flagged: ${opts.flagRule}.` : `Flagged: |error| above ${opts.threshold ?? 15} %.`);
  if (opts.perPoint || blocks.some((b) => b.basePoints.length > 1)) {
    // one base per think time: a host's cost after an idle gap is its own, not an anomaly
    const bases = blocks.map((b) => `${b.kind}, cache ${b.policy}: point${b.basePoints.length === 1 ? "" : "s"} ${b.basePoints.join(", ") || "—"}${b.baseLoaded ? " (loaded: no 1-thread point)" : ""}`);
    return `${model} Demands measured at each row's base point, the 1-thread point of the same call kind, cache and think time (${bases.join("; ")}). ${rule}`;
  }
  const bases = blocks.map((b) => `${b.kind}, cache ${b.policy}: point ${b.basePoint ?? "—"}${b.baseLoaded ? " (loaded: no 1-thread, no-think point)" : ""}`);
  return `${model} Demands measured at each block's base point, the 1-thread, no-think point of the same call kind and cache (${bases.join("; ")}). ${rule}`;
}
