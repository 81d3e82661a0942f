// Pure data preparation for the "RTT histogram" chart: no DOM here.
import { quantileSorted, tickStep } from "d3-array";
import { CALL_FLAG_ERROR, CALL_FLAG_FIRST, CALL_FLAG_WARMUP, type RunCalls } from "../../api/types";

export interface Bin {
  /** lower edge, inclusive (ns) */
  x0: number;
  /** upper edge, exclusive except for the last bin (ns) */
  x1: number;
  count: number;
  /** the tail bin gathering every value above the clipped range */
  overflow?: boolean;
}

export interface Histogram {
  bins: Bin[];
  n: number;
  min: number;
  max: number;
  /** upper edge of the regular bins when the tail was folded into an overflow bin, else null */
  clipAt: number | null;
  method: "freedman-diaconis" | "fixed" | "single" | "log";
}

export interface HistogramOptions {
  /** "fd": Freedman–Diaconis bin width (default); "fixed": `binCount` bins */
  method?: "fd" | "fixed";
  binCount?: number;
  /** cap on regular bins */
  maxBins?: number;
  /**
   * "fence" (default): the regular bins stop at Tukey's far-out fence Q3 + 3·IQR (or the 99.5th
   * percentile when the IQR is 0) and everything above goes to one overflow bin, so that a few
   * outliers do not squash the body of the distribution; "none": the regular bins span min..max.
   */
  clip?: "fence" | "none";
}

/** RTTs (ns) of the measured calls: no warm-up, no first call, no error calls. */
export function measuredRtts(calls: Pick<RunCalls, "rtt_ns" | "flags">): number[] {
  const out: number[] = [];
  const mask = CALL_FLAG_WARMUP | CALL_FLAG_FIRST | CALL_FLAG_ERROR;
  const n = Math.min(calls.rtt_ns.length, calls.flags.length);
  for (let i = 0; i < n; i++) {
    if ((calls.flags[i] & mask) === 0) out.push(calls.rtt_ns[i]);
  }
  return out;
}

/** Freedman–Diaconis bin width 2·IQR·n^(-1/3) over sorted values (0 when IQR is 0). */
export function freedmanDiaconisWidth(sorted: number[]): number {
  const n = sorted.length;
  if (n < 2) return 0;
  const q1 = quantileSorted(sorted, 0.25) ?? 0;
  const q3 = quantileSorted(sorted, 0.75) ?? 0;
  return (2 * (q3 - q1)) / Math.cbrt(n);
}

/** Upper end of the body of a distribution: Q3 + 3·IQR, or the 99.5th percentile when IQR is 0. */
export function tailFence(sorted: number[]): number {
  const q1 = quantileSorted(sorted, 0.25) ?? 0;
  const q3 = quantileSorted(sorted, 0.75) ?? 0;
  const iqr = q3 - q1;
  return iqr > 0 ? q3 + 3 * iqr : (quantileSorted(sorted, 0.995) ?? q3);
}

/** The histogram of sorted values with nothing to bin (none: no bins, as `emptyMethod`; all one value: one bin),
 * or null when they spread. */
function withoutSpread(sorted: number[], emptyMethod: Histogram["method"]): Histogram | null {
  const n = sorted.length;
  if (n === 0) return { bins: [], n: 0, min: NaN, max: NaN, clipAt: null, method: emptyMethod };
  const [lo, hi] = [sorted[0], sorted[n - 1]];
  return lo === hi ? { bins: [{ x0: lo, x1: hi, count: n }], n, min: lo, max: hi, clipAt: null, method: "single" } : null;
}

/**
 * Bins values (ns). Edges are "nice" (multiples of a 1/2/5·10^k step, at least 1 ns since values are
 * integer nanoseconds); the first edge is ≤ min and the last ≥ max (the overflow bin, when there is
 * one, ends at max), so the counts always add up to n. See `clip` for long tails.
 */
export function histogram(values: number[], opts: HistogramOptions = {}): Histogram {
  const { method = "fd", binCount = 40, maxBins = 80, clip = "fence" } = opts;
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  const spreadless = withoutSpread(sorted, "single");
  if (spreadless) return spreadless;
  const n = sorted.length;
  const [lo, hi] = [sorted[0], sorted[n - 1]];

  let top = hi;
  if (clip === "fence") {
    const f = tailFence(sorted);
    if (f > lo && f < hi) top = f;
  }
  let wanted: number;
  if (method === "fixed") {
    wanted = Math.max(1, binCount);
  } else {
    let width = freedmanDiaconisWidth(sorted);
    if (!(width > 0)) width = (top - lo) / Math.ceil(Math.log2(n) + 1); // Sturges fallback
    wanted = Math.min(maxBins, Math.max(1, Math.ceil((top - lo) / width)));
  }

  let step = Math.abs(tickStep(lo, top, wanted));
  if (!(step > 0) || !Number.isFinite(step)) step = (top - lo) / wanted;
  step = Math.max(1, step);
  const start = Math.floor(lo / step) * step;
  let count = Math.max(1, Math.ceil((top - start) / step));
  if (start + count * step < top) count++;
  const end = start + count * step;
  // Values above the regular range go to an overflow bin (only when the tail was clipped).
  const clipped = top < hi && end < hi;

  const bins: Bin[] = [];
  for (let i = 0; i < count; i++) {
    bins.push({ x0: start + i * step, x1: start + (i + 1) * step, count: 0 });
  }
  const overflow: Bin = { x0: end, x1: hi, count: 0, overflow: true };
  for (const v of sorted) {
    if (clipped && v > end) {
      overflow.count++;
      continue;
    }
    let i = Math.floor((v - start) / step);
    if (i >= count) i = count - 1; // value on the last edge
    if (i < 0) i = 0;
    bins[i].count++;
  }
  if (clipped && overflow.count > 0) bins.push(overflow);
  return {
    bins,
    n,
    min: lo,
    max: hi,
    clipAt: clipped && overflow.count > 0 ? end : null,
    method: method === "fixed" ? "fixed" : "freedman-diaconis",
  };
}

/** Quantile of unsorted values (p in 0..1), undefined for no values. */
export function quantileOf(values: number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return quantileSorted(sorted, p);
}

/**
 * Log-spaced bins for heavy-tailed latencies: edges at 10^(k/perDecade) ns, from the edge at or below
 * min to the edge at or above max (no overflow bin: the whole range is shown). `perDecade` is lowered
 * so that there are at most `maxBins` bins. Values ≤ 0 are counted in the first bin.
 */
export function logHistogram(values: number[], perDecade = 20, maxBins = 120): Histogram {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  const spreadless = withoutSpread(sorted, "log");
  if (spreadless) return spreadless;
  const n = sorted.length;
  const [lo, hi] = [sorted[0], sorted[n - 1]];
  const l0 = Math.log10(Math.max(1, lo));
  const l1 = Math.log10(Math.max(1, hi));
  let pd = Math.max(1, Math.floor(perDecade));
  while (pd > 1 && Math.ceil(l1 * pd) - Math.floor(l0 * pd) > maxBins) pd--;
  const k0 = Math.floor(l0 * pd);
  let k1 = Math.ceil(l1 * pd);
  if (k1 <= k0) k1 = k0 + 1;
  const edge = (k: number) => Math.pow(10, k / pd);
  const count = k1 - k0;
  const bins: Bin[] = [];
  for (let i = 0; i < count; i++) bins.push({ x0: edge(k0 + i), x1: edge(k0 + i + 1), count: 0 });
  // Make the outer edges cover min..max exactly despite floating point.
  bins[0].x0 = Math.min(bins[0].x0, lo);
  bins[count - 1].x1 = Math.max(bins[count - 1].x1, hi);
  for (const v of sorted) {
    let i = v <= 0 ? 0 : Math.floor(Math.log10(Math.max(1, v)) * pd + 1e-9) - k0;
    if (i >= count) i = count - 1;
    if (i < 0) i = 0;
    // guard against floating error at edges
    while (i > 0 && v < bins[i].x0) i--;
    while (i < count - 1 && v >= bins[i].x1) i++;
    bins[i].count++;
  }
  return { bins, n, min: lo, max: hi, clipAt: null, method: "log" };
}
