// Pure comparisons of two runs' statistics for the comparison report.
import type { RunSummary, Stats } from "../../api/types";

export interface CompareRow {
  label: string;
  a: number | null;
  b: number | null;
  /** b - a */
  delta: number | null;
  /** (b - a) / a × 100 */
  pct: number | null;
}

export const STAT_ROWS: [keyof Stats, string][] = [
  ["count", "Count"],
  ["mean_ns", "Mean"],
  ["median_ns", "Median"],
  ["p90_ns", "p90"],
  ["p99_ns", "p99"],
  ["p999_ns", "p99.9"],
  ["stddev_ns", "Std dev"],
  ["min_ns", "Min"],
  ["max_ns", "Max"],
];

export function compareValues(label: string, a: number | null, b: number | null): CompareRow {
  const delta = a !== null && b !== null ? b - a : null;
  const pct = delta !== null && a ? (delta / a) * 100 : null;
  return { label, a, b, delta, pct };
}

/** RTT statistics of run A against run B, one row per statistic. */
export function compareRtt(a: RunSummary, b: RunSummary): CompareRow[] {
  return STAT_ROWS.map(([key, label]) => compareValues(label, a.rtt?.[key] ?? null, b.rtt?.[key] ?? null));
}

/** Mean duration of each step code found in either run, in code order. */
export function compareSteps(a: RunSummary, b: RunSummary): (CompareRow & { code: number })[] {
  const codes = [...new Set([...a.steps, ...b.steps].map((s) => s.code))].sort((x, y) => x - y);
  return codes.map((code) => {
    const sa = a.steps.find((s) => s.code === code);
    const sb = b.steps.find((s) => s.code === code);
    const name = (sa ?? sb)!.name;
    return { code, ...compareValues(name, sa?.stats.mean_ns ?? null, sb?.stats.mean_ns ?? null) };
  });
}
