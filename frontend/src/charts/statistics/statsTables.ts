// Pure transforms behind the Statistics tab: the ANOVA table in the ECS paper's layout, the regression of
// RTT on request size, ratio tables, and confidence intervals per point, each with a plain-language reading.
import { measured, type EcsAnalysis, type StepStatsPoint } from "../../api/analyses";

export interface AnovaRow {
  source: string;
  ss: number; // µs²
  df: number;
  ms: number | null; // µs²
  f: number | null;
  p: number | null;
}

const NS2_PER_US2 = 1e6;

/** Source of variation · SS · df · MS · F · P, sums of squares turned from ns² into µs². */
export function anovaTable(a: NonNullable<EcsAnalysis["anova"]>): AnovaRow[] {
  const ssB = a.ss_between / NS2_PER_US2;
  const ssW = a.ss_within / NS2_PER_US2;
  const msB = a.df_between > 0 ? ssB / a.df_between : null;
  const msW = a.df_within > 0 ? ssW / a.df_within : null;
  return [
    { source: "Between request sizes", ss: ssB, df: a.df_between, ms: msB, f: a.f, p: a.p },
    { source: "Within sizes (error)", ss: ssW, df: a.df_within, ms: msW, f: null, p: null },
    { source: "Total", ss: ssB + ssW, df: a.df_between + a.df_within, ms: null, f: null, p: null },
  ];
}

/** F recomputed from the table's own mean squares: a check that the stored F matches its sums of squares. */
export function fFromTable(rows: AnovaRow[]): number | null {
  const [b, w] = rows;
  return b.ms !== null && w.ms ? b.ms / w.ms : null;
}

export function anovaReading(a: NonNullable<EcsAnalysis["anova"]>, alpha = 0.05): string {
  return a.p < alpha
    ? `Request size changes the round-trip time: a difference this large between the sizes' means would arise by chance with probability ${formatP(a.p)} (below ${alpha}).`
    : `No significant effect of request size at the ${alpha} level: differences like these between the sizes' means arise by chance with probability ${formatP(a.p)}.`;
}

export function formatP(p: number): string {
  if (!Number.isFinite(p)) return "—";
  if (p < 1e-4) return p === 0 ? "< 1e-300" : p.toExponential(1);
  return p.toFixed(4);
}

export interface RegressionView {
  nsPerByte: number;
  usPerKiB: number;
  interceptUs: number;
  /** the intercept cell: "123.45 µs", or marked when the line is no fixed cost ("−998.61 µs (not a fixed cost)") */
  interceptText: string;
  r2: number;
  /** R² as the share of variation explained, never rounded up to 100% unless it is 1 */
  explained: string;
  meaningful: boolean;
  p: number;
  n: number;
  reading: string;
}

/** "99.8%": one decimal; a share just under 1 stays under 100% ("> 99.9%"). */
export function explainedShare(r2: number): string {
  if (r2 >= 1) return "100%";
  const t = (r2 * 100).toFixed(1);
  return t === "100.0" ? "> 99.9%" : `${t}%`;
}

/** RTT = intercept + slope × bytes, read as a fixed cost plus a cost per KiB only when the backend finds no caveat. */
export function regressionView(r: NonNullable<EcsAnalysis["regression"]>): RegressionView {
  const usPerKiB = (r.slope * 1024) / 1e3;
  const interceptUs = r.intercept / 1e3;
  const explained = explainedShare(r.r2);
  const meaningful = !r.caveat;
  const us = `${interceptUs < 0 ? "−" : ""}${Math.abs(interceptUs).toFixed(2)} µs`;
  const reading = meaningful
    ? `Each extra KiB of request adds ${usPerKiB.toFixed(2)} µs on average over a fixed ${us}; ` +
      `request size explains ${explained} of the variation in round-trip time` +
      (r.p < 0.05 ? " (the slope is significant)." : `, and the slope is not significant (p = ${formatP(r.p)}).`)
    : `The straight line is not a fixed cost plus a cost per byte: ${r.caveat}. ` +
      `Between the sizes measured RTT grows by ${usPerKiB.toFixed(2)} µs per KiB on average; ` +
      `R² ${r.r2.toFixed(4)} (${explained} of the variation) does not make the line meaningful.`;
  const interceptText = meaningful || interceptUs >= 0 ? us : `${us} (not a fixed cost)`;
  return { nsPerByte: r.slope, usPerKiB, interceptUs, interceptText, r2: r.r2, explained, meaningful, p: r.p, n: r.n, reading };
}

export interface RatioTable {
  key: string;
  labels: string[];
  rows: { requestBytes: number; base: string; values: (number | null)[] }[];
}

/** The stored ratios ({key: [{request_bytes, base, ratios}]}) as one table per swept key, labels as columns. */
export function ratioTables(ratios: EcsAnalysis["ratios"]): RatioTable[] {
  if (!ratios) return [];
  const out: RatioTable[] = [];
  for (const [key, raw] of Object.entries(ratios)) {
    if (!Array.isArray(raw) || raw.length === 0) continue;
    const rows = raw as { request_bytes: number; base: string; ratios: Record<string, number> }[];
    const labels: string[] = [];
    for (const r of rows) for (const l of Object.keys(r.ratios)) if (!labels.includes(l)) labels.push(l);
    // the base first, as the paper's tables put the reference column first
    labels.sort((a, b) => (a === rows[0].base ? -1 : b === rows[0].base ? 1 : 0));
    out.push({
      key,
      labels,
      rows: rows.map((r) => ({ requestBytes: r.request_bytes, base: r.base, values: labels.map((l) => r.ratios[l] ?? null) })),
    });
  }
  return out;
}

/** Re-expresses ratios against another column (the ECS paper gives protection levels against sockets and
 * against unauthenticated RPC): each value divided by the new base's. */
export function rebase(values: (number | null)[], baseIndex: number): (number | null)[] {
  const b = values[baseIndex];
  return values.map((v) => (v === null || !b ? null : v / b));
}

export interface CiRow {
  pointNo: number;
  calls: number;
  meanNs: number;
  lowNs: number;
  highNs: number;
  halfWidthPct: number;
}

/** 95% confidence interval of the mean RTT per point and its half width relative to the mean. */
export function ciRows(points: StepStatsPoint[]): CiRow[] {
  return points.filter(measured).map((p) => ({
    pointNo: p.point_no,
    calls: p.calls,
    meanNs: p.rtt.mean_ns,
    lowNs: p.rtt.ci95_low_ns,
    highNs: p.rtt.ci95_high_ns,
    halfWidthPct: p.rtt.mean_ns > 0 ? ((p.rtt.ci95_high_ns - p.rtt.ci95_low_ns) / 2 / p.rtt.mean_ns) * 100 : 0,
  }));
}
