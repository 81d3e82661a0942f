// Two runs' numbers side by side with the change from A to B (absolute and in per cent of A): the compare page's and the comparison report's one delta logic.
import type { RunSummary, Stats } from "../api/types";
import { STATISTIC_VALUES } from "./statistics";

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

export function rttRows(a: RunSummary, b: RunSummary): DeltaRow[] {
  const rows = STATISTIC_VALUES.filter((s) => s.key !== "count").map(({ key, label }) => delta(label, a.rtt?.[key], b.rtt?.[key], key));
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

// ---- the comparison report's tables: the same delta() under the report's labels, and registry tables joined ----

/** A delta row as the comparison report prints it (labelled, no key). */
export type CompareRow = Omit<DeltaRow, "key">;

export function compareValues(label: string, a: number | null, b: number | null): CompareRow {
  const { key: _key, ...row } = delta(label, a, b);
  return row;
}

/** RTT statistics of run A against run B, one row per statistic. */
export function compareRtt(a: RunSummary, b: RunSummary): CompareRow[] {
  return STATISTIC_VALUES.map(({ key, label }) => compareValues(label, a.rtt?.[key] ?? null, b.rtt?.[key] ?? null));
}

/** Mean duration of each step code found in either run, in code order (stepRows without the page's step details). */
export function compareSteps(a: RunSummary, b: RunSummary): (CompareRow & { code: number })[] {
  return stepRows(a, b).map((r) => ({ code: r.code, ...compareValues(r.label, r.a, r.b) }));
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
