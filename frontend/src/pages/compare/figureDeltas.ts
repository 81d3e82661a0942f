// Per-figure deltas of two runs (B − A): the numbers each run-page figure shows, matched point by point, size by
// size or row by row, with the change in absolute terms and in per cent of A.
import type { EcsThroughput, ModelRow } from "../../api/figures";
import { measured, type RtpPoint, type StepStatsPoint } from "../../api/analyses";
import type { SizeRow } from "../../charts/rttSize/transform";
import { delta, type DeltaRow } from "../../figures/compare";
import type { PointPair } from "./pairing";

export interface SizeDelta extends DeltaRow {
  request_bytes: number;
  firstA: number | null;
  firstB: number | null;
}

/** RTT vs size: mean RTT of later calls per request size either run measured (a gap where one did not). */
export function sizeDeltas(a: SizeRow[], b: SizeRow[]): SizeDelta[] {
  const sizes = [...new Set([...a.map((r) => r.request_bytes), ...b.map((r) => r.request_bytes)])].sort((x, y) => x - y);
  return sizes.map((s) => {
    const ra = a.find((r) => r.request_bytes === s);
    const rb = b.find((r) => r.request_bytes === s);
    return { ...delta(`${s} B`, ra?.mean_ns, rb?.mean_ns, String(s)), request_bytes: s, firstA: ra?.first_ns ?? null, firstB: rb?.first_ns ?? null };
  });
}

export interface ThroughputDelta {
  key: string;
  request_bytes: number;
  threads: number;
  calls: DeltaRow; // calls/s
  mbit: DeltaRow; // Mbit/s
}

/** Throughput vs threads: calls/s and Mbit/s per (request size, threads) either run has. */
export function throughputDeltas(a: EcsThroughput[], b: EcsThroughput[]): ThroughputDelta[] {
  const k = (r: EcsThroughput) => `${r.request_bytes}|${r.threads}`;
  const keys = new Map<string, [number, number]>();
  for (const r of [...a, ...b]) keys.set(k(r), [r.request_bytes, r.threads]);
  return [...keys.entries()]
    .sort((x, y) => x[1][0] - y[1][0] || x[1][1] - y[1][1])
    .map(([key, [size, threads]]) => {
      const ra = a.find((r) => k(r) === key);
      const rb = b.find((r) => k(r) === key);
      return {
        key, request_bytes: size, threads,
        calls: delta("calls/s", ra?.calls_per_s, rb?.calls_per_s, `${key}|calls`),
        mbit: delta("Mbit/s", ra?.mbit_per_s, rb?.mbit_per_s, `${key}|mbit`),
      };
    });
}

export interface Table2Side {
  calculated: DeltaRow;
  measured: DeltaRow;
  untimed: DeltaRow;
  errorA: number | null; // null: nothing measured
  errorB: number | null;
}

/** Round trip path, Table 2 of two matched points side by side; the % error's change is in percentage points. */
export function table2Sides(a: RtpPoint, b: RtpPoint): Table2Side {
  return {
    calculated: delta("calculated RTT", a.calculated_rtt_ns, b.calculated_rtt_ns, "calculated"),
    measured: delta("measured RTT", a.measured_rtt_ns, b.measured_rtt_ns, "measured"),
    untimed: delta("untimed gaps", a.untimed_on_path_ns, b.untimed_on_path_ns, "untimed"),
    errorA: a.percent_error,
    errorB: b.percent_error,
  };
}

export interface SegmentDelta extends DeltaRow {
  kind: string;
  shareA: number | null;
  shareB: number | null;
}

/**
 * Round trip path: each segment's mean time on the path in A and B (0 share = off the path in that run), by
 * name, in the order A's path takes them, B's own segments after.
 */
export function segmentDeltas(a: RtpPoint, b: RtpPoint): SegmentDelta[] {
  const onPath = (p: RtpPoint) => p.segments.filter((s) => s.on_path_share > 0).sort((x, y) => x.mean_start_ns - y.mean_start_ns);
  const names = [...new Set([...onPath(a).map((s) => s.name), ...onPath(b).map((s) => s.name)])];
  return names.map((name) => {
    const sa = a.segments.find((s) => s.name === name && s.on_path_share > 0);
    const sb = b.segments.find((s) => s.name === name && s.on_path_share > 0);
    return { ...delta(name, sa?.mean_on_path_ns, sb?.mean_on_path_ns, name), kind: (sa ?? sb)!.kind, shareA: sa?.on_path_share ?? null, shareB: sb?.on_path_share ?? null };
  });
}

export interface ModelDelta {
  key: string;
  label: string;
  threads: number;
  think: number; // ms
  measured: DeltaRow; // ms
  errorA: number | null; // % (measured − model) / measured
  errorB: number | null;
}

/** Model vs measured: per (call kind, threads, think time) both runs' measured RTT and the model's % error. */
export function modelDeltas(a: ModelRow[], b: ModelRow[]): ModelDelta[] {
  const k = (r: ModelRow) => `${r.label}|${r.threads}|${r.think}`;
  const first = (rows: ModelRow[]) => { const m = new Map<string, ModelRow>(); for (const r of rows) if (!m.has(k(r))) m.set(k(r), r); return m; };
  const ma = first(a);
  const mb = first(b);
  const keys = [...new Set([...ma.keys(), ...mb.keys()])];
  const rows = keys.map((key) => {
    const ra = ma.get(key);
    const rb = mb.get(key);
    const r = (ra ?? rb)!;
    return { key, label: r.label, threads: r.threads, think: r.think, measured: delta("measured", ra?.measured, rb?.measured, key), errorA: ra?.percent_error ?? null, errorB: rb?.percent_error ?? null };
  });
  return rows.sort((x, y) => parseFloat(x.label) - parseFloat(y.label) || x.label.localeCompare(y.label) || x.threads - y.threads || x.think - y.think);
}

export interface RatioRow {
  key: string;
  pointA: number;
  pointB: number;
  meanA: number;
  meanB: number;
  ratio: number; // meanB / meanA
  /** the ratio's 95% range from the two intervals' ends (low B / high A … high B / low A) */
  ratioLow: number | null;
  ratioHigh: number | null;
  /** the two 95% confidence intervals do not overlap */
  separate: boolean;
}

/** Statistics: B ÷ A of the mean RTT per matched point, with the range the two confidence intervals allow. */
export function ratioRows(pairs: PointPair[], a: StepStatsPoint[], b: StepStatsPoint[]): RatioRow[] {
  const out: RatioRow[] = [];
  for (const p of pairs) {
    const pa = a.find((x) => x.point_no === p.a);
    const pb = b.find((x) => x.point_no === p.b);
    if (!pa || !pb || !measured(pa) || !measured(pb) || pa.rtt.mean_ns <= 0) continue;
    const lowA = Math.max(0, pa.rtt.ci95_low_ns);
    const lowB = Math.max(0, pb.rtt.ci95_low_ns);
    out.push({
      key: p.key, pointA: p.a, pointB: p.b, meanA: pa.rtt.mean_ns, meanB: pb.rtt.mean_ns,
      ratio: pb.rtt.mean_ns / pa.rtt.mean_ns,
      ratioLow: pa.rtt.ci95_high_ns > 0 ? lowB / pa.rtt.ci95_high_ns : null,
      ratioHigh: lowA > 0 ? pb.rtt.ci95_high_ns / lowA : null,
      separate: pb.rtt.ci95_low_ns > pa.rtt.ci95_high_ns || pa.rtt.ci95_low_ns > pb.rtt.ci95_high_ns,
    });
  }
  return out;
}
