// Pure transforms behind the Statistics tab: the ANOVA table in the ECS paper's layout, the regression of
// RTT on request size, ratio tables, and confidence intervals per point, each with a plain-language reading.
import { measured, type EcsAnalysis, type StepStatsPoint } from "../../api/analyses";
import { formatCount, formatNs, formatNumber, formatSignedNs } from "../../format";

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

/** The ANOVA table as both the tab and the report print it: the squares in µs², or ms² once they run to millions
 * of µs² (a sweep of milliseconds), every number with thousands separators. */
export function anovaCells(a: NonNullable<EcsAnalysis["anova"]>): { unit: string; rows: (string | number)[][] } {
  const rows = anovaTable(a);
  const big = (rows[1].ms ?? rows[1].ss) >= 1e6;
  const sq = (v: number | null) => (v === null ? "—" : formatNumber(big ? v / 1e6 : v, 1));
  return {
    unit: big ? "ms²" : "µs²",
    rows: rows.map((r) => [r.source, sq(r.ss), formatCount(r.df), sq(r.ms), r.f === null ? "" : formatNumber(r.f, 3), r.p === null ? "" : formatP(r.p)]),
  };
}

/** The one fit's table (the run varies its size alone), label and value, as both the tab and the report print it. */
export function regressionCells(r: RegressionView): [string, string][] {
  return [
    ["Slope (95% CI)", r.slopeText],
    ["Intercept (RTT at 0 B)", r.interceptText],
    ["R²", r.r2.toFixed(4)],
    ["P-value of the slope", formatP(r.p)],
    ["Calls", formatCount(r.n)],
  ];
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

type Fit = NonNullable<EcsAnalysis["regression"]>;

/** A change per KiB of request in the one duration format: "+8.19 µs/KiB", "−214.5 µs/KiB". */
export function perKiB(nsPerByte: number): string {
  return `${formatSignedNs(nsPerByte * 1024)}/KiB`;
}

/** "rises by 8.19 µs per KiB (95% CI 7.90 µs to 8.48 µs)", "falls by 214.5 µs per KiB (...)": a slope read as words. */
export function slopeWords(r: Pick<Fit, "slope" | "slope_ci95">): string {
  const ci = r.slope_ci95 ? ` (95% CI ${perKiB(r.slope_ci95[0])} to ${perKiB(r.slope_ci95[1])})` : "";
  const by = formatNs(Math.abs(r.slope * 1024));
  return r.slope === 0 ? `stays flat${ci}` : `${r.slope > 0 ? "rises" : "falls"} by ${by} per KiB${ci}`;
}

export interface RegressionView {
  nsPerByte: number;
  /** the slope cell: "+2.11 ms/KiB (95% CI +2.05 ms/KiB to +2.16 ms/KiB)" */
  slopeText: string;
  interceptNs: number;
  /** the intercept cell: "6.49 ms", or marked when the line is no fixed cost ("−998.6 µs (not a fixed cost)") */
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
export function regressionView(r: Fit): RegressionView {
  const explained = explainedShare(r.r2);
  const meaningful = !r.caveat;
  const fixed = formatNs(r.intercept).replace(/^-/, "−");
  const ci = r.slope_ci95 ? ` (95% CI ${perKiB(r.slope_ci95[0])} to ${perKiB(r.slope_ci95[1])})` : "";
  const reading = meaningful
    ? `RTT ${slopeWords(r)} of request on average, over a fixed ${fixed}; ` +
      `request size explains ${explained} of the variation in round-trip time` +
      (r.p < 0.05 ? " (the slope is significant)." : `, and the slope is not significant (p = ${formatP(r.p)}).`)
    : `The straight line is not a fixed cost plus a cost per byte: ${r.caveat}. ` +
      `Between the sizes measured RTT ${slopeWords(r)} on average; ` +
      `R² ${r.r2.toFixed(4)} (${explained} of the variation) does not make the line meaningful.`;
  const interceptText = meaningful || r.intercept >= 0 ? fixed : `${fixed} (not a fixed cost)`;
  return { nsPerByte: r.slope, slopeText: perKiB(r.slope) + ci, interceptNs: r.intercept, interceptText, r2: r.r2,
    explained, meaningful, p: r.p, n: r.n, reading };
}

type Group = NonNullable<EcsAnalysis["regression_groups"]>[number];

export interface GroupRow {
  key: string;
  /** the settings the group holds fixed, in the run's point words ("3 threads · think 9 ms · single cache") */
  name: string;
  calls: string;
  fitted: boolean;
  slope: string;
  ci: string;
  r2: string;
  /** the slope in words, or why there is none ("one request size only (1392 B): no slope can be fitted") */
  note: string;
}

/** One row per group of points sharing every other swept setting; `nameOf` names a point (pointNamer). */
export function regressionGroupRows(groups: Group[], nameOf: (pointNo: number) => string): GroupRow[] {
  // the group's name is its first point's, the request size left out (it is what the fit varies)
  const held = (no: number) => nameOf(no).split(" · ").filter((w) => !/ B$/.test(w)).join(" · ") || `point ${no}`;
  return groups.map((g) => ({
    key: g.point_nos.join(","),
    name: held(g.point_nos[0]),
    calls: formatCount(g.n),
    fitted: g.fit !== null,
    slope: g.fit ? perKiB(g.fit.slope) : "—",
    ci: g.fit?.slope_ci95 ? `${perKiB(g.fit.slope_ci95[0])} to ${perKiB(g.fit.slope_ci95[1])}` : "—",
    r2: g.fit ? g.fit.r2.toFixed(3) : "—",
    note: g.fit ? `RTT ${slopeWords(g.fit)}` : g.reason ?? "no fit",
  }));
}

/** What the groups' fits say together: how many rise, fall, or show no slope their interval can tell from zero. */
export function regressionGroupsReading(groups: Group[]): string {
  const fits = groups.flatMap((g) => (g.fit ? [g.fit] : []));
  const ci = (f: Fit) => f.slope_ci95 ?? [f.slope, f.slope];
  const rises = fits.filter((f) => ci(f)[0] > 0);
  const falls = fits.filter((f) => ci(f)[1] < 0);
  const flat = fits.length - rises.length - falls.length;
  const range = (fs: Fit[]) => {
    const v = fs.map((f) => Math.abs(f.slope));
    return fs.length === 1 ? formatNs(v[0] * 1024) : `${formatNs(Math.min(...v) * 1024)} to ${formatNs(Math.max(...v) * 1024)}`;
  };
  const parts = [
    rises.length && `rises with request size in ${rises.length} (by ${range(rises)} per KiB)`,
    falls.length && `falls in ${falls.length} (by ${range(falls)} per KiB)`,
    flat && `shows no slope its 95% interval can tell from zero in ${flat}`,
  ].filter(Boolean);
  const none = groups.length - fits.length;
  return `One fit per group of points that share every other setting, so that a slope compares like with like: ` +
    (fits.length ? `of ${fits.length} groups RTT ${parts.join(", ")}.` : "no group was measured at two sizes.") +
    (none ? ` ${none} ${none === 1 ? "group has" : "groups have"} one request size only: no slope can be fitted.` : "");
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
