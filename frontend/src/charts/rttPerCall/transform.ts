// Pure data preparation for the "RTT per call" chart: no DOM here.
import { bisector, extent, max, min } from "d3-array";
import {
  CALL_FLAG_ERROR,
  CALL_FLAG_FIRST,
  CALL_FLAG_WARMUP,
  type RunCalls,
} from "../../api/types";

export type CallKind = "measured" | "warmup" | "first" | "error";

export interface CallPoint {
  callNo: number;
  rttNs: number;
  kind: CallKind;
}

export function callKind(flags: number): CallKind {
  if (flags & CALL_FLAG_ERROR) return "error";
  if (flags & CALL_FLAG_FIRST) return "first";
  if (flags & CALL_FLAG_WARMUP) return "warmup";
  return "measured";
}

/** Column arrays of the API → one point per call, sorted by call number. */
export function toPoints(calls: Pick<RunCalls, "call_no" | "rtt_ns" | "flags">): CallPoint[] {
  const n = Math.min(calls.call_no.length, calls.rtt_ns.length, calls.flags.length);
  const pts: CallPoint[] = new Array(n);
  for (let i = 0; i < n; i++) {
    pts[i] = { callNo: calls.call_no[i], rttNs: calls.rtt_ns[i], kind: callKind(calls.flags[i]) };
  }
  // The API returns call order already; keep the guarantee cheap.
  for (let i = 1; i < n; i++) {
    if (pts[i].callNo < pts[i - 1].callNo) {
      pts.sort((a, b) => a.callNo - b.callNo);
      break;
    }
  }
  return pts;
}

const byCall = bisector<CallPoint, number>((p) => p.callNo);

/** Points whose call number lies within [x0, x1] (inclusive), by binary search. */
export function sliceByCall(points: CallPoint[], x0: number, x1: number): CallPoint[] {
  const lo = byCall.left(points, x0);
  const hi = byCall.right(points, x1);
  return points.slice(lo, hi);
}

/** Index of the point nearest to call number `x` (or -1 for no points). */
export function nearestIndex(points: CallPoint[], x: number): number {
  if (points.length === 0) return -1;
  const i = byCall.center(points, x);
  return Math.max(0, Math.min(points.length - 1, i));
}

/**
 * Min/max downsampling: splits the call-number range into `buckets` equal buckets and keeps, for each,
 * the points with the lowest and the highest RTT (in call order). Spikes and floors survive, which
 * plain striding would lose. The first call and error calls are always kept. Returns the input
 * unchanged when it already has at most 2·buckets points.
 */
export function downsampleMinMax(points: CallPoint[], buckets: number): CallPoint[] {
  const b = Math.max(1, Math.floor(buckets));
  if (points.length <= 2 * b) return points;
  const x0 = points[0].callNo;
  const x1 = points[points.length - 1].callNo;
  const span = x1 - x0 + 1;
  const out: CallPoint[] = [];
  let start = 0;
  while (start < points.length) {
    const bucket = Math.min(b - 1, Math.floor(((points[start].callNo - x0) / span) * b));
    let end = start;
    let lo = start;
    let hi = start;
    const keep: number[] = [];
    while (end < points.length && Math.min(b - 1, Math.floor(((points[end].callNo - x0) / span) * b)) === bucket) {
      const p = points[end];
      if (p.rttNs < points[lo].rttNs) lo = end;
      if (p.rttNs > points[hi].rttNs) hi = end;
      if (p.kind === "first" || p.kind === "error") keep.push(end);
      end++;
    }
    const idx = new Set<number>([lo, hi, ...keep]);
    for (const i of [...idx].sort((a, c) => a - c)) out.push(points[i]);
    start = end;
  }
  return out;
}

/** x domain (call numbers) of the points; a 1-wide domain for a single point. */
export function xDomain(points: CallPoint[]): [number, number] {
  if (points.length === 0) return [0, 1];
  const lo = points[0].callNo;
  const hi = points[points.length - 1].callNo;
  return lo === hi ? [lo - 0.5, hi + 0.5] : [lo, hi];
}

/**
 * y domain in µs. Error calls (timeouts) are left out so they don't squash the chart; they are drawn
 * clamped at the top. Linear: starts at 0. Log: from the minimum (always > 0).
 */
export function yDomainUs(points: CallPoint[], log: boolean): [number, number] {
  const vals = points.filter((p) => p.kind !== "error").map((p) => p.rttNs / 1e3);
  const [lo0, hi0] = extent(vals);
  if (lo0 === undefined || hi0 === undefined) return log ? [1, 10] : [0, 1];
  if (log) {
    const lo = Math.max(0.001, (min(vals.filter((v) => v > 0)) ?? 0.001) * 0.9);
    const hi = Math.max(lo * 1.5, (max(vals) ?? 1) * 1.1);
    return [lo, hi];
  }
  const hi = hi0 <= 0 ? 1 : hi0 * 1.05;
  return [0, hi];
}

export interface KindCounts {
  measured: number;
  warmup: number;
  first: number;
  error: number;
}

export function countKinds(points: CallPoint[]): KindCounts {
  const c: KindCounts = { measured: 0, warmup: 0, first: 0, error: 0 };
  for (const p of points) c[p.kind]++;
  return c;
}

/** True when the largest non-error RTT exceeds `ratio` × the median (a log axis reads better then). */
export function heavyTail(points: CallPoint[], ratio = 20): boolean {
  const v = points.filter((p) => p.kind !== "error").map((p) => p.rttNs);
  if (v.length < 10) return false;
  v.sort((a, b) => a - b);
  const med = v[Math.floor(v.length / 2)];
  return med > 0 && v[v.length - 1] > ratio * med;
}

/** Call-number spans of consecutive warm-up and first calls: one at the start of a ping-pong, one at the start of
 * each caller thread's block in an RPC point (its calls are numbered thread by thread). */
export function warmupSpans(points: CallPoint[]): [number, number][] {
  const out: [number, number][] = [];
  for (const p of points) {
    if (p.kind !== "warmup" && p.kind !== "first") continue;
    const last = out[out.length - 1];
    if (last && p.callNo - last[1] <= 1) last[1] = p.callNo;
    else out.push([p.callNo, p.callNo]);
  }
  return out;
}
