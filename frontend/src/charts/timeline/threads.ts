// The timeline's "Threads" mode (Perfetto's and Jaeger's view of a trace): one track per caller thread, each call's
// client steps in the track's client lane and the server's steps for that call beside them in its server lane, an
// arrow from the client to the server where the request arrives and one back where the reply leaves. Same Layout
// as the per-call modes (rows are threads here), plus what the tracks need: each span's call and the arrows.
import type { TimelineColumns } from "./wire";
import { fitView, laneOf, medianOf, OPENING_CALLS, settle, type CodeInfo, type Layout, type LayoutOptions, type View } from "./transform";

export interface ThreadCalls {
  /** per call, in start order */
  callNo: Int32Array;
  start: Float64Array;
  rtt: Float64Array;
  row: Int32Array;
  /** per call: request leaves the client, reaches the server; reply leaves the server, reaches the client (ns;
   * NaN when the call has no server step to point at) */
  sendNs: Float64Array;
  arriveNs: Float64Array;
  departNs: Float64Array;
  backNs: Float64Array;
  /** per span: index of its call in these arrays */
  spanCall: Int32Array;
}

export type ThreadLayout = Layout & { threads: ThreadCalls };

export function isThreadLayout(l: Layout): l is ThreadLayout {
  return (l as ThreadLayout).threads !== undefined;
}

/** Calls kept by the RTT filter, in start order, their spans grouped by caller thread. */
export function buildThreadLayout(data: TimelineColumns, opts: Omit<LayoutOptions, "mode" | "order">): ThreadLayout {
  const { calls, steps } = data;
  const thread: ArrayLike<number> = calls.thread ?? new Int32Array(calls.call_no.length);
  const minRtt = opts.minRttNs ?? -Infinity;
  const maxRtt = opts.maxRttNs ?? Infinity;
  const kept = Array.from({ length: calls.call_no.length }, (_, i) => i).filter((i) => calls.rtt_ns[i] >= minRtt && calls.rtt_ns[i] <= maxRtt)
    .sort((a, b) => calls.start_ns[a] - calls.start_ns[b] || calls.call_no[a] - calls.call_no[b]);
  const threadIds = [...new Set(kept.map((i) => thread[i]))].sort((a, b) => a - b);
  const rowOfThread = new Map(threadIds.map((t, r) => [t, r]));
  const rows = threadIds.length;
  const n = kept.length;
  const callNo = Int32Array.from(kept, (i) => calls.call_no[i]);
  const start = Float64Array.from(kept, (i) => calls.start_ns[i]);
  const rtt = Float64Array.from(kept, (i) => calls.rtt_ns[i]);
  const row = Int32Array.from(kept, (i) => rowOfThread.get(thread[i])!);
  const callIdx = new Map(Array.from(callNo, (c, k) => [c, k]));

  const codes: CodeInfo[] = data.codes.map((c) => ({ ...c }));
  const codeIndex = new Map(codes.map((c, i) => [c.code, i]));
  // spans grouped by row (counting sort), each knowing its call
  const stepCall = Int32Array.from(steps.call_no, (c) => callIdx.get(c) ?? -1);
  const counts = new Int32Array(rows + 1);
  stepCall.forEach((k) => k >= 0 && counts[row[k] + 1]++);
  const spanStart = new Int32Array(rows + 1);
  for (let r = 0; r < rows; r++) spanStart[r + 1] = spanStart[r] + counts[r + 1];
  const total = spanStart[rows];
  const x0 = new Float64Array(total);
  const x1 = new Float64Array(total);
  const codeIdx = new Uint8Array(total);
  const lane = new Uint8Array(total);
  const spanCall = new Int32Array(total);
  const fill = spanStart.slice(0, rows);
  const arriveNs = new Float64Array(n).fill(Infinity);
  const departNs = new Float64Array(n).fill(-Infinity);
  for (let i = 0; i < steps.code.length; i++) {
    const k = stepCall[i];
    if (k < 0) continue;
    let ci = codeIndex.get(steps.code[i]);
    if (ci === undefined) {
      ci = codes.length;
      codes.push({ code: steps.code[i], name: `step.${steps.code[i]}`, side: steps.code[i] < 100 ? "client" : steps.code[i] < 200 ? "server" : "kernel", paper: "" });
      codeIndex.set(steps.code[i], ci);
    }
    const at = fill[row[k]]++;
    x0[at] = steps.start_ns[i];
    x1[at] = steps.end_ns[i];
    codeIdx[at] = ci;
    lane[at] = laneOf(codes[ci].side);
    spanCall[at] = k;
    // the request reaches the server where its first step that begins inside the call begins (an idle wait begun
    // before the call does not count); the reply leaves where its last step that ends inside the call ends
    if (lane[at] === 1) {
      const end = start[k] + rtt[k];
      if (x0[at] >= start[k] && x0[at] < arriveNs[k]) arriveNs[k] = x0[at];
      if (x1[at] <= end && x1[at] > departNs[k]) departNs[k] = x1[at];
    }
  }
  const sendNs = Float64Array.from(start);
  const backNs = Float64Array.from(start, (s, k) => s + rtt[k]);
  for (let k = 0; k < n; k++) {
    if (!Number.isFinite(arriveNs[k]) || !Number.isFinite(departNs[k]) || departNs[k] < arriveNs[k]) arriveNs[k] = departNs[k] = NaN;
  }

  // per row: the first call's start, the mean RTT (the minimap), the running maximum of ends
  const rowStartNs = new Float64Array(rows).fill(Infinity);
  const rowRttNs = new Float64Array(rows);
  const rowCount = new Int32Array(rows);
  let lo = Infinity;
  let hi = -Infinity;
  for (let k = 0; k < n; k++) {
    const r = row[k];
    rowStartNs[r] = Math.min(rowStartNs[r], start[k]);
    rowRttNs[r] += rtt[k];
    rowCount[r]++;
    lo = Math.min(lo, start[k]);
    hi = Math.max(hi, start[k] + rtt[k]);
  }
  for (let r = 0; r < rows; r++) rowRttNs[r] /= Math.max(1, rowCount[r]);
  let spanLo = Infinity;
  for (let j = 0; j < total; j++) {
    hi = Math.max(hi, x1[j]);
    spanLo = Math.min(spanLo, x0[j]);
  }
  // a server's idle wait begun before the first call: one median RTT of it at most, as in real time
  if (n > 0) lo = Math.max(Math.min(lo, spanLo), lo - medianOf(rtt));
  if (!Number.isFinite(lo)) [lo, hi] = [0, 1];
  if (hi <= lo) hi = lo + 1;
  const rowEndMax = new Float64Array(rows).fill(hi);
  return {
    mode: "threads", rows, rowCall: Int32Array.from(threadIds), rowStartNs, rowRttNs, rowFlags: new Uint16Array(rows),
    rowRetransmits: new Uint16Array(rows), // a thread's track: its calls' retransmissions are in the tooltip
    spanStart, x0, x1, codeIdx, lane, codes, rowEndMax, extent: [lo, hi], fitEnd: hi, spans: total,
    threads: { callNo, start, rtt, row, sendNs, arriveNs, departNs, backNs, spanCall },
  };
}

/** Every thread's track over the time of the run's first OPENING_CALLS calls (whichever threads made them), or the
 * whole run when it has no more. */
export function threadsInitialView(l: ThreadLayout, calls = OPENING_CALLS): View {
  const t = l.threads;
  const k = Math.min(t.callNo.length, calls);
  if (k === t.callNo.length) return fitView(l);
  let end = -Infinity;
  for (let i = 0; i < k; i++) end = Math.max(end, t.start[i] + t.rtt[i]);
  return settle(l, { t0: l.extent[0], t1: end + 0.03 * (end - l.extent[0]), r0: 0, r1: l.rows });
}

/** How many of the tracks' calls touch [t0, t1]. */
export function callsInWindow(l: ThreadLayout, t0: number, t1: number): number {
  let n = 0;
  for (let k = 0; k < l.threads.callNo.length; k++) if (l.threads.start[k] <= t1 && l.threads.start[k] + l.threads.rtt[k] >= t0) n++;
  return n;
}

/** The call under a span, or -1 (an index into `threads`). */
export function callOfSpan(l: ThreadLayout, span: number): number {
  return span >= 0 ? l.threads.spanCall[span] : -1;
}

/** Arrows of the calls that touch [t0, t1], as lines from the client lane to the server lane and back, when at most
 * `max` calls do (more would be a hatching, not arrows). */
export function visibleArrows(l: ThreadLayout, t0: number, t1: number, max = 60): { row: number; from: number; to: number; back: boolean }[] {
  const t = l.threads;
  const out: { row: number; from: number; to: number; back: boolean }[] = [];
  let seen = 0;
  for (let k = 0; k < t.callNo.length; k++) {
    if (t.start[k] > t1 || t.start[k] + t.rtt[k] < t0) continue;
    if (++seen > max) return [];
    if (Number.isNaN(t.arriveNs[k])) continue;
    out.push({ row: t.row[k], from: t.sendNs[k], to: t.arriveNs[k], back: false });
    out.push({ row: t.row[k], from: t.departNs[k], to: t.backNs[k], back: true });
  }
  return out;
}
