// Pure transforms of the timeline (Sites, "Understanding Software Dynamics", Figures 6.17 and 6.18): one row per
// call, its steps as spans; "real" puts every span at its real time, "aligned" moves each call to a common start.
// Everything is typed arrays so 100,000+ spans lay out and cull in a few milliseconds.
import type { TimelineColumns } from "./wire";

/** threads: a track per caller thread (threads.ts builds its layout) */
export type TimelineMode = "real" | "aligned" | "threads";
export type RowOrder = "call" | "rtt";

export interface CodeInfo {
  code: number;
  name: string;
  side: string;
  paper: string;
}

export interface Layout {
  mode: TimelineMode;
  rows: number;
  rowCall: Int32Array; // call number of each row
  rowStartNs: Float64Array; // the call's start (relative to the run's first call)
  rowRttNs: Float64Array;
  rowFlags: Uint16Array;
  /** retransmissions during each row's call (0: none, or a backend/agent that does not count them) */
  rowRetransmits: Uint16Array;
  /** spans of row r are [spanStart[r], spanStart[r + 1]) */
  spanStart: Int32Array;
  x0: Float64Array; // span start in the mode's frame (ns)
  x1: Float64Array;
  codeIdx: Uint8Array; // index into `codes`
  lane: Uint8Array; // 0 client, 1 server, 2 kernel/network
  codes: CodeInfo[];
  /** running maximum of the rows' ends (real mode: finds the first row a time window touches) */
  rowEndMax: Float64Array;
  extent: [number, number];
  /** where "fit" ends: aligned, at 1.1 × the 99th percentile RTT, so one slow call does not squash the rest */
  fitEnd: number;
  spans: number;
}

export interface LayoutOptions {
  mode: TimelineMode;
  order?: RowOrder;
  /** keep only calls whose RTT lies in [minRttNs, maxRttNs] */
  minRttNs?: number;
  maxRttNs?: number;
}

/** The tooltip's line for a call that retransmitted: "1 retransmission", "2 retransmissions"; "" for none. */
export function retransmissionsLabel(n: number): string {
  return n > 0 ? `${n} retransmission${n === 1 ? "" : "s"}` : "";
}

/** The colour of the mark beside a call that retransmitted (legend and canvas). */
export const RETRANSMIT_COLOUR = "#fd7e14";

export function laneOf(side: string): number {
  return side === "client" ? 0 : side === "server" ? 1 : 2;
}

/** Whether calls `kept` are already in (start, call number) order: then real mode needs no sort (the common case,
 * calls arrive by call number and start one after the other). */
function inStartOrder(calls: TimelineColumns["calls"], kept: Int32Array): boolean {
  for (let k = 1; k < kept.length; k++) {
    const a = kept[k - 1];
    const b = kept[k];
    const d = calls.start_ns[a] - calls.start_ns[b];
    if (d > 0 || (d === 0 && calls.call_no[a] > calls.call_no[b])) return false;
  }
  return true;
}

/** Builds the rows and spans of `data` (steps of calls that were filtered out are dropped). One pass over the
 * steps into typed arrays, no object per span: a million spans lay out in tens of milliseconds. */
export function buildLayout(data: TimelineColumns, opts: LayoutOptions): Layout {
  const { calls, steps } = data;
  const minRtt = opts.minRttNs ?? -Infinity;
  const maxRtt = opts.maxRttNs ?? Infinity;
  const nCalls = calls.call_no.length;
  let kept = new Int32Array(nCalls);
  let rows = 0;
  for (let i = 0; i < nCalls; i++) {
    const rtt = calls.rtt_ns[i];
    if (rtt >= minRtt && rtt <= maxRtt) kept[rows++] = i;
  }
  kept = kept.subarray(0, rows);
  if (opts.order === "rtt") kept.sort((a, b) => calls.rtt_ns[b] - calls.rtt_ns[a] || calls.call_no[a] - calls.call_no[b]);
  else if (opts.mode === "real" && !inStartOrder(calls, kept)) {
    kept.sort((a, b) => calls.start_ns[a] - calls.start_ns[b] || calls.call_no[a] - calls.call_no[b]);
  }
  const rowCall = new Int32Array(rows);
  const rowStartNs = new Float64Array(rows);
  const rowRttNs = new Float64Array(rows);
  const rowFlags = new Uint16Array(rows);
  const rowRetransmits = new Uint16Array(rows);
  const retransmits = calls.retransmits;
  // call number → row, dense over the fetched range
  const base = data.from_call;
  const span = Math.max(0, data.to_call - base);
  const rowOf = new Int32Array(span).fill(-1);
  for (let r = 0; r < rows; r++) {
    const ci = kept[r];
    rowCall[r] = calls.call_no[ci];
    rowStartNs[r] = calls.start_ns[ci];
    rowRttNs[r] = calls.rtt_ns[ci];
    rowFlags[r] = calls.flags[ci];
    if (retransmits) rowRetransmits[r] = retransmits[ci];
    const k = calls.call_no[ci] - base;
    if (k >= 0 && k < span) rowOf[k] = r;
  }

  const codes: CodeInfo[] = data.codes.map((c) => ({ ...c }));
  // step code (int16) → index into `codes` + 1 (0: not seen yet), and each code's lane: a table, not a Map lookup
  // per span
  const codeSlot = new Uint8Array(65536);
  const codeLane: number[] = [];
  codes.forEach((c, i) => {
    codeSlot[c.code & 0xffff] = i + 1;
    codeLane.push(laneOf(c.side));
  });
  const nSteps = steps.code.length;
  const stepRow = new Int32Array(nSteps);
  const counts = new Int32Array(rows + 1);
  // steps already in row order, none dropped (real time, no filter: the usual first render) keep their places
  let inPlace = true;
  let prev = 0;
  for (let i = 0; i < nSteps; i++) {
    const k = steps.call_no[i] - base;
    const r = k >= 0 && k < span ? rowOf[k] : -1;
    stepRow[i] = r;
    if (r >= 0) counts[r + 1]++;
    if (r < prev) inPlace = false;
    prev = r;
  }
  const spanStart = new Int32Array(rows + 1);
  for (let r = 0; r < rows; r++) spanStart[r + 1] = spanStart[r] + counts[r + 1];
  const n = spanStart[rows];
  const aligned = opts.mode === "aligned";
  // in place and unshifted, the binary answer's time columns are the spans' times: shared, not copied (16 MB for a
  // million spans); the layout never writes them
  const share = inPlace && !aligned && steps.start_ns instanceof Float64Array && steps.end_ns instanceof Float64Array;
  const x0 = share ? (steps.start_ns as Float64Array) : new Float64Array(n);
  const x1 = share ? (steps.end_ns as Float64Array) : new Float64Array(n);
  const codeIdx = new Uint8Array(n);
  const lane = new Uint8Array(n);
  const fill = spanStart.slice(0, rows);
  for (let i = 0; i < nSteps; i++) {
    const r = stepRow[i];
    if (r < 0) continue;
    const at = fill[r]++;
    if (!share) {
      const shift = aligned ? rowStartNs[r] : 0;
      x0[at] = steps.start_ns[i] - shift;
      x1[at] = steps.end_ns[i] - shift;
    }
    const code = steps.code[i];
    let ci = codeSlot[code & 0xffff] - 1;
    if (ci < 0) {
      ci = codes.length;
      codes.push({ code, name: `step.${code}`, side: code < 100 ? "client" : code < 200 ? "server" : "kernel", paper: "" });
      codeLane.push(laneOf(codes[ci].side));
      codeSlot[code & 0xffff] = ci + 1;
    }
    codeIdx[at] = ci;
    lane[at] = codeLane[ci];
  }

  let lo = Infinity;
  let hi = -Infinity;
  const rowEndMax = new Float64Array(rows);
  let runMax = -Infinity;
  for (let r = 0; r < rows; r++) {
    const s0 = aligned ? 0 : rowStartNs[r];
    let end = s0 + rowRttNs[r];
    lo = Math.min(lo, s0);
    for (let j = spanStart[r]; j < spanStart[r + 1]; j++) {
      if (x0[j] < lo) lo = x0[j];
      if (x1[j] > end) end = x1[j];
    }
    hi = Math.max(hi, end);
    runMax = Math.max(runMax, end);
    rowEndMax[r] = runMax;
  }
  // idle waits (a server waiting for the first request) can reach far before the calls: keep the window to at
  // most one median RTT before the first call's start, the waits are then cut at the edge
  if (rows > 0) {
    const first = aligned ? 0 : rowStartNs.reduce((m, s) => Math.min(m, s), Infinity);
    lo = Math.max(lo, first - medianOf(rowRttNs));
  }
  if (!Number.isFinite(lo)) [lo, hi] = [0, 1];
  if (hi <= lo) hi = lo + 1;
  const fitEnd = aligned && rows > 0 ? Math.min(hi, Math.max(lo + 1, quantileOf(rowRttNs, 0.99) * 1.1)) : hi;
  return { mode: opts.mode, rows, rowCall, rowStartNs, rowRttNs, rowFlags, rowRetransmits, spanStart, x0, x1, codeIdx, lane, codes, rowEndMax, extent: [lo, hi], fitEnd, spans: n };
}

/** Quantile with linear interpolation between order statistics (as the backend's statistics). Selection, not a
 * sort: 200,000 RTTs in a few milliseconds. */
export function quantileOf(values: ArrayLike<number>, q: number): number {
  const n = values.length;
  if (n === 0) return 0;
  const a = Float64Array.from(values);
  const pos = (n - 1) * q;
  const i = Math.floor(pos);
  const lo = selectKth(a, i);
  if (i + 1 >= n) return lo;
  // the next order statistic is the smallest of what selection left above position i
  let hi = Infinity;
  for (let k = i + 1; k < n; k++) if (a[k] < hi) hi = a[k];
  return lo + (hi - lo) * (pos - i);
}

/** Rearranges `a` so that a[k] holds the k-th smallest value, smaller ones before it, larger after (Hoare's
 * selection with a median-of-three pivot). */
function selectKth(a: Float64Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    // median of three as the pivot: sorted runs (RTTs often are) stay linear
    if (a[mid] < a[lo]) [a[mid], a[lo]] = [a[lo], a[mid]];
    if (a[hi] < a[lo]) [a[hi], a[lo]] = [a[lo], a[hi]];
    if (a[hi] < a[mid]) [a[hi], a[mid]] = [a[mid], a[hi]];
    const pivot = a[mid];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k];
  }
  return a[k];
}

export function medianOf(values: ArrayLike<number>): number {
  return quantileOf(values, 0.5);
}

/** A window of the chart: time [t0, t1] in ns, rows [r0, r1) as fractional row positions. */
export interface View {
  t0: number;
  t1: number;
  r0: number;
  r1: number;
}

export const MIN_WINDOW_NS = 50;
export const MIN_ROWS = 4;

export function fitView(layout: Layout): View {
  return { t0: layout.extent[0], t1: layout.fitEnd, r0: 0, r1: Math.max(layout.rows, 1) };
}

/** Calls the timeline opens on: enough to see a run's rhythm, few enough that each call's steps are bars, not a
 * hairline (the whole of a long run, at 460 px, is one diagonal line). */
export const OPENING_CALLS = 12;
/** Aligned rows open at this many: a stack of calls, each a few pixels tall or more. */
export const OPENING_ROWS = 40;

/** The first view: in real time the first `calls` calls from the first one's start to the last one's end; aligned,
 * the first OPENING_ROWS rows over the fit's time. A run with no more than that opens fitted whole. */
export function initialView(layout: Layout, calls = OPENING_CALLS): View {
  if (layout.mode === "aligned") {
    return layout.rows <= OPENING_ROWS ? fitView(layout) : settle(layout, { ...fitView(layout), r0: 0, r1: OPENING_ROWS });
  }
  if (layout.rows <= calls) return fitView(layout);
  const t0 = Math.max(layout.extent[0], layout.rowStartNs[0] - 0.02 * (layout.rowEndMax[calls - 1] - layout.rowStartNs[0]));
  const end = layout.rowEndMax[calls - 1];
  // end just before the next call starts, so the window holds these calls and no more
  const t1 = Math.min(end + 0.03 * (end - t0), Math.max(end, layout.rowStartNs[calls] - 1e-6));
  return settle(layout, { t0, t1, r0: 0, r1: calls });
}

/** First index whose value is >= x in a sorted array. */
export function lowerBound(arr: ArrayLike<number>, x: number, lo = 0, hi = arr.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (arr[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Real mode: the rows whose calls touch [t0, t1] (rows are in start order). */
export function rowsForTime(layout: Layout, t0: number, t1: number): [number, number] {
  const first = lowerBound(layout.rowEndMax, t0);
  const last = lowerBound(layout.rowStartNs, t1 + 1e-9);
  return [Math.min(first, layout.rows), Math.max(Math.min(first, layout.rows), last)];
}

function clampTime(layout: Layout, t0: number, t1: number): [number, number] {
  const [lo, hi] = layout.extent;
  const full = hi - lo;
  let w = Math.min(Math.max(t1 - t0, MIN_WINDOW_NS), full * 1.05);
  if (w <= 0) w = full;
  const pad = full * 0.025;
  let a = t0;
  if (a < lo - pad) a = lo - pad;
  if (a + w > hi + pad) a = hi + pad - w;
  return [a, a + w];
}

function clampRows(layout: Layout, r0: number, r1: number): [number, number] {
  const total = Math.max(layout.rows, 1);
  let h = Math.min(Math.max(r1 - r0, Math.min(MIN_ROWS, total)), total);
  let a = Math.max(0, Math.min(r0, total - h));
  if (!Number.isFinite(a)) a = 0;
  if (!Number.isFinite(h)) h = total;
  return [a, a + h];
}

/** In real mode the rows follow the time window (Figure 6.17 is a staircase: each row its own call). */
export function settle(layout: Layout, v: View): View {
  const [t0, t1] = clampTime(layout, v.t0, v.t1);
  if (layout.mode === "real") {
    const [a, b] = rowsForTime(layout, t0, t1);
    const [r0, r1] = clampRows(layout, a, Math.max(b, a + 1));
    return { t0, t1, r0, r1 };
  }
  const [r0, r1] = clampRows(layout, v.r0, v.r1);
  return { t0, t1, r0, r1 };
}

/** Zoom time by `factor` (< 1 zooms in) keeping the time at `anchor` (0..1 across the plot) in place. */
export function zoomTime(layout: Layout, v: View, factor: number, anchor = 0.5): View {
  const at = v.t0 + (v.t1 - v.t0) * anchor;
  const w = (v.t1 - v.t0) * factor;
  return settle(layout, { ...v, t0: at - w * anchor, t1: at - w * anchor + w });
}

export function zoomRows(layout: Layout, v: View, factor: number, anchor = 0.5): View {
  const at = v.r0 + (v.r1 - v.r0) * anchor;
  const h = (v.r1 - v.r0) * factor;
  return settle(layout, { ...v, r0: at - h * anchor, r1: at - h * anchor + h });
}

/** Pan by fractions of the window (dx of its width, dy of its height). */
export function pan(layout: Layout, v: View, dx: number, dy: number): View {
  const dt = (v.t1 - v.t0) * dx;
  const dr = (v.r1 - v.r0) * dy;
  return settle(layout, { t0: v.t0 + dt, t1: v.t1 + dt, r0: v.r0 + dr, r1: v.r1 + dr });
}

/** A view around one call: a few rows either side, its RTT widened tenfold. */
export function focusRow(layout: Layout, row: number): View {
  const start = layout.mode === "aligned" ? 0 : layout.rowStartNs[row];
  const rtt = Math.max(layout.rowRttNs[row], MIN_WINDOW_NS);
  const v = { t0: start - rtt * 0.5, t1: start + rtt * 1.5, r0: row - 10, r1: row + 11 };
  if (layout.mode === "aligned") {
    return settle(layout, { ...v, t0: layout.extent[0], t1: layout.fitEnd });
  }
  return settle(layout, v);
}

export function rowOfCall(layout: Layout, callNo: number): number {
  for (let r = 0; r < layout.rows; r++) if (layout.rowCall[r] === callNo) return r;
  return -1;
}

/** The span under time `t` in `row` (the shortest one when spans nest), or -1; hidden codes are skipped. */
export function spanAt(layout: Layout, row: number, t: number, hidden?: Uint8Array, lane?: number, minSpanNs = 0): number {
  if (row < 0 || row >= layout.rows) return -1;
  let best = -1;
  for (let j = layout.spanStart[row]; j < layout.spanStart[row + 1]; j++) {
    if (hidden && hidden[layout.codeIdx[j]]) continue;
    if (lane !== undefined && layout.lane[j] !== lane) continue;
    if (layout.x1[j] - layout.x0[j] < minSpanNs) continue;
    if (layout.x0[j] <= t && t <= layout.x1[j]) {
      if (best < 0 || layout.x1[j] - layout.x0[j] < layout.x1[best] - layout.x0[best]) best = j;
    }
  }
  return best;
}

/** Span indices [from, to) of the visible rows (the draw loop culls by time inside). */
export function visibleSpans(layout: Layout, v: View): [number, number] {
  const a = Math.max(0, Math.floor(v.r0));
  const b = Math.min(layout.rows, Math.ceil(v.r1));
  if (b <= a) return [0, 0];
  return [layout.spanStart[a], layout.spanStart[b]];
}

export interface Buckets {
  max: Float64Array;
  mean: Float64Array;
  count: Int32Array;
}

/** The minimap: rows (in display order) into `n` buckets, the max and mean RTT of each. */
export function bucketRows(layout: Layout, n: number): Buckets {
  const max = new Float64Array(n);
  const sum = new Float64Array(n);
  const count = new Int32Array(n);
  const rows = layout.rows;
  for (let r = 0; r < rows; r++) {
    const b = Math.min(n - 1, Math.floor((r / rows) * n));
    const v = layout.rowRttNs[r];
    if (v > max[b]) max[b] = v;
    sum[b] += v;
    count[b]++;
  }
  const mean = new Float64Array(n);
  for (let b = 0; b < n; b++) mean[b] = count[b] ? sum[b] / count[b] : 0;
  return { max, mean, count };
}

/** Parses the search box: "#123" or "123" finds a call, anything else a step name (prefix, case-insensitive). */
export function parseSearch(text: string): { call: number } | { step: string } | null {
  const t = text.trim();
  if (!t) return null;
  const m = /^#?(\d+)$/.exec(t);
  if (m) return { call: Number(m[1]) };
  return { step: t.toLowerCase() };
}

/** Codes whose name or paper step matches a search (e.g. "wait", "s.", "C8"). */
export function matchingCodes(codes: CodeInfo[], query: string): number[] {
  const q = query.toLowerCase();
  const out: number[] = [];
  codes.forEach((c, i) => {
    if (c.name.toLowerCase().includes(q) || c.paper.toLowerCase().includes(q)) out.push(i);
  });
  return out;
}
