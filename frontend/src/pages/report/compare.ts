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

/** A registry table as the comparison report joins it: rows keyed by some columns, values taken from others. */
export interface JoinableTable {
  columns: { name: string }[];
  rows: (string | number | boolean | null)[][];
}

export interface JoinedRow {
  key: string;
  /** the key columns' values */
  parts: (number | string | null)[];
  a: (number | string | null)[] | null;
  b: (number | string | null)[] | null;
}

/**
 * Two runs' rows of one table side by side: matched on the `keys` columns (a point number, or label + threads +
 * think), each side's `values` in order; a key only one run has gets null on the other side. Keys in A's order,
 * then B's own.
 */
export function joinTables(a: JoinableTable | null, b: JoinableTable | null, keys: string[], values: string[]): JoinedRow[] {
  const parts = new Map<string, (number | string | null)[]>();
  const pick = (t: JoinableTable | null) => {
    const out = new Map<string, (number | string | null)[]>();
    if (!t) return out;
    const idx = (n: string) => t.columns.findIndex((c) => c.name === n);
    const ki = keys.map(idx);
    const vi = values.map(idx);
    const partsOf = (row: JoinableTable["rows"][number]) => ki.map((i) => (i < 0 ? null : (row[i] as number | string | null)));
    for (const row of t.rows) {
      const key = ki.map((i) => (i < 0 ? "" : String(row[i]))).join(" · ");
      if (!parts.has(key)) parts.set(key, partsOf(row));
      if (!out.has(key)) out.set(key, vi.map((i) => (i < 0 ? null : (row[i] as number | string | null))));
    }
    return out;
  };
  const ma = pick(a);
  const mb = pick(b);
  const order = [...ma.keys(), ...[...mb.keys()].filter((k) => !ma.has(k))];
  return order.map((key) => ({ key, parts: parts.get(key) ?? [], a: ma.get(key) ?? null, b: mb.get(key) ?? null }));
}
