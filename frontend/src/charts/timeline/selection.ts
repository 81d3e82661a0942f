// Statistics of a selected time range of the timeline (Perfetto's area selection): the calls and the steps that lie
// wholly inside it, with count, mean, p50 and p99. Times are in the layout's frame: real time, or from each call's
// start when aligned.
import { isThreadLayout } from "./threads";
import { quantileOf, rowsForTime, type Layout } from "./transform";

export interface Summary {
  count: number;
  meanNs: number;
  p50Ns: number;
  p99Ns: number;
}

export interface StepSummary extends Summary {
  code: number;
  name: string;
  side: string;
  totalNs: number;
}

export interface SelectionStats {
  t0: number;
  t1: number;
  calls: Summary | null;
  /** every step with a span inside, the most time first */
  steps: StepSummary[];
}

function summary(values: number[]): Summary {
  const a = Float64Array.from(values);
  let sum = 0;
  for (const v of a) sum += v;
  return { count: a.length, meanNs: sum / a.length, p50Ns: quantileOf(a, 0.5), p99Ns: quantileOf(a, 0.99) };
}

/** What lies wholly inside [t0, t1] (either order); steps of `hidden` codes (a mask by code index) are left out. */
export function selectionStats(layout: Layout, a: number, b: number, hidden?: Uint8Array): SelectionStats {
  const t0 = Math.min(a, b);
  const t1 = Math.max(a, b);
  // real time: only the rows whose calls touch the range (rows are in start order); aligned: every row
  const [r0, r1] = layout.mode === "real" ? rowsForTime(layout, t0, t1) : [0, layout.rows];
  const rtts: number[] = [];
  if (isThreadLayout(layout)) {
    // rows are threads: the calls are the tracks' own
    const t = layout.threads;
    for (let k = 0; k < t.callNo.length; k++) if (t.start[k] >= t0 && t.start[k] + t.rtt[k] <= t1) rtts.push(t.rtt[k]);
  }
  const byCode = new Map<number, number[]>();
  for (let r = r0; r < r1; r++) {
    const start = layout.mode === "aligned" ? 0 : layout.rowStartNs[r];
    if (layout.mode !== "threads" && start >= t0 && start + layout.rowRttNs[r] <= t1) rtts.push(layout.rowRttNs[r]);
    for (let j = layout.spanStart[r]; j < layout.spanStart[r + 1]; j++) {
      if (layout.x0[j] < t0 || layout.x1[j] > t1) continue;
      const ci = layout.codeIdx[j];
      if (hidden?.[ci]) continue;
      const list = byCode.get(ci) ?? [];
      list.push(layout.x1[j] - layout.x0[j]);
      byCode.set(ci, list);
    }
  }
  const steps = [...byCode.entries()].map(([ci, durs]) => {
    const c = layout.codes[ci];
    const s = summary(durs);
    return { code: c.code, name: c.name, side: c.side, ...s, totalNs: s.meanNs * s.count };
  }).sort((x, y) => y.totalNs - x.totalNs || x.code - y.code);
  return { t0, t1, calls: rtts.length ? summary(rtts) : null, steps };
}
