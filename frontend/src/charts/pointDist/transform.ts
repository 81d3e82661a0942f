// Pure data preparation for the per-point distribution charts of the Results page (CDF and box plot): no DOM.
import type { BoxPlot, PointSummary } from "../../api/types";

// the Results charts' points take the lab's one series palette (charts/common/seriesStyle.ts)
export { SERIES_COLORS as POINT_COLORS, SERIES_DASHES as POINT_DASHES, seriesStyle as pointStyle } from "../common/seriesStyle";
export type { SeriesStyle as PointStyle } from "../common/seriesStyle";

/** Corners of the empirical CDF as a step line in (RTT µs, share 0..1): up at each call, flat between them,
 * starting from 0 at the fastest call. */
export function cdfSteps(cdf: PointSummary["cdf"]): [number, number][] {
  const out: [number, number][] = [];
  const n = Math.min(cdf.rtt_ns.length, cdf.p.length);
  let prev = 0;
  for (let i = 0; i < n; i++) {
    const x = cdf.rtt_ns[i] / 1e3;
    out.push([x, prev], [x, cdf.p[i]]);
    prev = cdf.p[i];
  }
  return out;
}

/** The smallest RTT (ns) at or below which at least share `p` of the calls lie; undefined without calls. */
export function quantileFromCdf(cdf: PointSummary["cdf"], p: number): number | undefined {
  for (let i = 0; i < cdf.p.length; i++) if (cdf.p[i] >= p - 1e-12) return cdf.rtt_ns[i];
  return cdf.rtt_ns.length ? cdf.rtt_ns[cdf.rtt_ns.length - 1] : undefined;
}

/** Share of the calls at or below `ns` (0 below the fastest call). */
export function shareAtOrBelow(cdf: PointSummary["cdf"], ns: number): number {
  let lo = 0;
  let hi = cdf.rtt_ns.length; // first index whose RTT is above ns
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cdf.rtt_ns[mid] <= ns) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? 0 : cdf.p[lo - 1];
}

/** The "tail" y scale of a CDF: −log10(1 − p), so 90 %, 99 %, 99.9 % are evenly spaced (as HdrHistogram's
 * percentile plots); the last call (p = 1) is drawn at `cap` nines. */
export function nines(p: number, cap = 4): number {
  if (p >= 1) return cap;
  return Math.min(cap, Math.max(0, -Math.log10(1 - Math.max(0, p))));
}

export const TAIL_TICKS = [
  { value: 0, label: "0" },
  { value: nines(0.5), label: "50" },
  { value: 1, label: "90" },
  { value: 2, label: "99" },
  { value: 3, label: "99.9" },
  { value: 4, label: "99.99" },
];

/** RTT range (µs) over every drawn call of the points: CDF ends, box whiskers and outliers. */
export function rttExtentUs(points: Pick<PointSummary, "cdf" | "box">[]): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const p of points) {
    const v = p.cdf.rtt_ns;
    if (v.length) {
      lo = Math.min(lo, v[0]);
      hi = Math.max(hi, v[v.length - 1]);
    }
    if (p.box) {
      lo = Math.min(lo, p.box.whisker_low_ns, ...p.box.outlier_ns);
      hi = Math.max(hi, p.box.whisker_high_ns, ...p.box.outlier_ns);
    }
  }
  return Number.isFinite(lo) ? [lo / 1e3, hi / 1e3] : null;
}

/** A log axis reads better when the slowest call is 20× the fastest or more. */
export function wantsLogX(extent: [number, number] | null): boolean {
  return !!extent && extent[0] > 0 && extent[1] / extent[0] >= 20;
}

/** The box's numbers in µs for drawing. */
export function boxUs(b: BoxPlot) {
  return {
    q1: b.q1_ns / 1e3,
    median: b.median_ns / 1e3,
    q3: b.q3_ns / 1e3,
    mean: b.mean_ns / 1e3,
    lo: b.whisker_low_ns / 1e3,
    hi: b.whisker_high_ns / 1e3,
    outliers: b.outlier_ns.map((v) => v / 1e3),
  };
}

/** The unit an RTT axis reads best in for its largest value (µs): µs up to 2 ms, then ms, then s. */
export function rttAxisUnit(hiUs: number): { unit: "µs" | "ms" | "s"; perUs: number } {
  if (hiUs >= 2e6) return { unit: "s", perUs: 1e-6 };
  if (hiUs >= 2000) return { unit: "ms", perUs: 1e-3 };
  return { unit: "µs", perUs: 1 };
}

/** A tick label in the axis unit: at most 3 significant digits, no trailing zeros. */
export function tickLabel(us: number, perUs: number): string {
  const v = us * perUs;
  return String(Number(v.toPrecision(3)));
}

/** Ticks (µs) of a log axis: 1-2-5 per decade when few decades, powers of ten otherwise. */
export function logTicksUs([lo, hi]: [number, number], maxTicks: number): number[] {
  const out: number[] = [];
  const d0 = Math.floor(Math.log10(lo));
  const d1 = Math.ceil(Math.log10(hi));
  const mantissas = (d1 - d0) * 3 <= maxTicks ? [1, 2, 5] : [1];
  for (let d = d0; d <= d1; d++) {
    for (const m of mantissas) {
      const v = m * Math.pow(10, d);
      if (v >= lo * 0.999 && v <= hi * 1.001) out.push(v);
    }
  }
  return out;
}

/** The x domain (µs) of an RTT axis: log from a little under the fastest call, linear from 0 when the fastest
 * is within a third of the slowest (the shift is visible), else from a little under the fastest. */
export function rttDomainUs(extent: [number, number], log: boolean): [number, number] {
  const [lo, hi] = extent;
  if (log) {
    const l = Math.max(lo * 0.9, 1e-3);
    return [l, Math.max(hi * 1.1, l * 1.5)];
  }
  const pad = Math.max((hi - lo) * 0.04, hi * 0.01, 1e-3);
  return [lo < hi / 3 ? 0 : Math.max(0, lo - pad), hi + pad];
}
