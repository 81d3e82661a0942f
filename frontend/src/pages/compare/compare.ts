// Side-by-side numbers of two runs: RTT statistics and per-step means from their summaries, with the change from
// run A to run B in absolute terms and in per cent of A.
import type { RunSummary, Stats } from "../../api/types";

export interface DeltaRow {
  key: string;
  label: string;
  a: number | null;
  b: number | null;
  delta: number | null; // b − a
  pct: number | null; // (b − a) / a × 100; null when a is 0 or missing
}

export function delta(label: string, a: number | null | undefined, b: number | null | undefined, key = label): DeltaRow {
  const av = a ?? null;
  const bv = b ?? null;
  const d = av !== null && bv !== null ? bv - av : null;
  const pct = d !== null && av !== null && av !== 0 ? (d / av) * 100 : null;
  return { key, label, a: av, b: bv, delta: d, pct };
}

export const STAT_ROWS: { key: keyof Stats; label: string }[] = [
  { key: "mean_ns", label: "mean" },
  { key: "median_ns", label: "median" },
  { key: "p90_ns", label: "p90" },
  { key: "p99_ns", label: "p99" },
  { key: "p999_ns", label: "p99.9" },
  { key: "min_ns", label: "min" },
  { key: "max_ns", label: "max" },
  { key: "stddev_ns", label: "std dev" },
  { key: "ci95_low_ns", label: "95% CI low" },
  { key: "ci95_high_ns", label: "95% CI high" },
];

export function rttRows(a: RunSummary, b: RunSummary): DeltaRow[] {
  const rows = STAT_ROWS.map(({ key, label }) => delta(label, a.rtt?.[key], b.rtt?.[key], key));
  rows.push(delta("first call", a.first_call?.rtt_ns, b.first_call?.rtt_ns, "first_call"));
  return rows;
}

export interface StepDelta extends DeltaRow {
  code: number;
  side: string;
  paper: string;
  countA: number | null;
  countB: number | null;
}

/** The steps of a run summary or of one point's step statistics. */
export interface HasSteps {
  steps: { code: number; name: string; side: string; paper: string; stats: { mean_ns: number; count: number } }[];
}

/** Mean time of every step either run has, in code order; a step only one run has shows a gap on the other. */
export function stepRows(a: HasSteps, b: HasSteps): StepDelta[] {
  const codes = [...new Set([...a.steps.map((s) => s.code), ...b.steps.map((s) => s.code)])].sort((x, y) => x - y);
  return codes.map((code) => {
    const sa = a.steps.find((s) => s.code === code);
    const sb = b.steps.find((s) => s.code === code);
    const meta = sa ?? sb!;
    return {
      ...delta(meta.name, sa?.stats.mean_ns, sb?.stats.mean_ns, String(code)),
      code,
      side: meta.side,
      paper: meta.paper,
      countA: sa?.stats.count ?? null,
      countB: sb?.stats.count ?? null,
    };
  });
}

/** "+12.3 %", "−4.0 %", "0.0 %", "—" */
export function formatPct(p: number | null): string {
  if (p === null || !Number.isFinite(p)) return "—";
  const s = Math.abs(p) < 10 ? Math.abs(p).toFixed(1) : Math.abs(p).toFixed(0);
  if (Number(s) === 0) return "0.0 %";
  return `${p > 0 ? "+" : "−"}${s} %`;
}

/** Whether a difference of means is larger than both runs' 95% confidence half-widths together (a quick
 * guard against reading noise as a change; not a test of significance). */
export function beyondNoise(a: Stats | null, b: Stats | null): boolean | null {
  if (!a || !b) return null;
  const ha = (a.ci95_high_ns - a.ci95_low_ns) / 2;
  const hb = (b.ci95_high_ns - b.ci95_low_ns) / 2;
  return Math.abs(b.mean_ns - a.mean_ns) > ha + hb;
}
