// Live RTT while a run goes on: merges the backend's `calls` events (one per ingested batch, docs/protocol.md)
// into a series whose size stays bounded however long the run is, so the browser's memory does too.

/** One point's part of a `calls` event: stats over every measured call of the batch, and a sample of them. */
export interface LivePointSummary {
  point_no: number;
  count: number;
  warmup: number;
  errors: number;
  first_call: number;
  last_call: number;
  mean_ns: number | null;
  median_ns: number | null;
  p99_ns: number | null;
  min_ns: number | null;
  max_ns: number | null;
  /** end of the batch's last measured call, relative to the run's first call seen */
  end_ns: number | null;
  samples: { call_no: number[]; t_ns: number[]; rtt_ns: number[] };
}

export interface CallsEvent {
  id: number;
  unit: "ns";
  points: LivePointSummary[];
}

/** A sampled call: start time since the first call, RTT, and which point of the run it belongs to. */
export interface LiveDot {
  tNs: number;
  callNo: number;
  rttNs: number;
  point: number;
}

/** The exact p50/p99 of one batch's measured calls, placed at the batch's end. */
export interface LiveMark {
  tNs: number;
  point: number;
  p50Ns: number;
  p99Ns: number;
  meanNs: number;
  count: number;
}

export interface LiveSeries {
  lastId: number;
  dots: LiveDot[];
  marks: LiveMark[];
  measured: number;
  warmup: number;
  errors: number;
  /** sampled calls received; more than dots.length once older ones were thinned out */
  received: number;
  points: number[];
}

export interface LiveLimits {
  maxDots: number;
  maxMarks: number;
}

export const DEFAULT_LIMITS: LiveLimits = { maxDots: 3000, maxMarks: 1200 };

export function emptySeries(): LiveSeries {
  return { lastId: 0, dots: [], marks: [], measured: 0, warmup: 0, errors: 0, received: 0, points: [] };
}

/**
 * Adds events to the series (pure: returns a new one). Events already merged (id ≤ lastId: a reconnect or an
 * overlapping poll) are skipped. Past the limits the older half is thinned: dots to the fastest and slowest
 * call of each bucket (spikes stay visible), marks to every other one; the newest half stays whole.
 */
export function mergeEvents(series: LiveSeries, events: CallsEvent[], limits: LiveLimits = DEFAULT_LIMITS): LiveSeries {
  // new ids only, each once (a repeat can arrive in the same flush as its first copy)
  const fresh = events
    .filter((e) => e.id > series.lastId)
    .sort((a, b) => a.id - b.id)
    .filter((e, i, all) => i === 0 || all[i - 1].id !== e.id);
  if (fresh.length === 0) return series;
  let dots = series.dots.slice();
  let marks = series.marks.slice();
  let { measured, warmup, errors, received } = series;
  const points = new Set(series.points);
  for (const ev of fresh) {
    for (const p of ev.points) {
      measured += p.count;
      warmup += p.warmup;
      errors += p.errors;
      const s = p.samples;
      for (let i = 0; i < s.rtt_ns.length; i++) {
        dots.push({ tNs: s.t_ns[i], callNo: s.call_no[i], rttNs: s.rtt_ns[i], point: p.point_no });
      }
      received += s.rtt_ns.length;
      if (p.count > 0 && p.median_ns !== null && p.p99_ns !== null && p.end_ns !== null) {
        marks.push({ tNs: p.end_ns, point: p.point_no, p50Ns: p.median_ns, p99Ns: p.p99_ns,
          meanNs: p.mean_ns ?? p.median_ns, count: p.count });
        points.add(p.point_no);
      }
    }
  }
  // batches of several caller threads interleave: keep time order for drawing and the nearest-call search
  dots.sort((a, b) => a.tNs - b.tNs || a.callNo - b.callNo);
  marks.sort((a, b) => a.tNs - b.tNs);
  if (dots.length > limits.maxDots) dots = thinDots(dots, limits.maxDots);
  if (marks.length > limits.maxMarks) marks = thinMarks(marks, limits.maxMarks);
  return {
    lastId: fresh[fresh.length - 1].id,
    dots,
    marks,
    measured,
    warmup,
    errors,
    received,
    points: [...points].sort((a, b) => a - b),
  };
}

/** Keeps the newest half of max whole; the older calls become the min and max of equal buckets. */
export function thinDots(dots: LiveDot[], max: number): LiveDot[] {
  const keepNew = Math.floor(max / 2);
  const older = dots.slice(0, dots.length - keepNew);
  const budget = max - keepNew;
  const buckets = Math.max(1, Math.floor(budget / 2));
  const size = Math.ceil(older.length / buckets);
  const thinned: LiveDot[] = [];
  for (let start = 0; start < older.length; start += size) {
    const bucket = older.slice(start, start + size);
    let lo = bucket[0];
    let hi = bucket[0];
    for (const d of bucket) {
      if (d.rttNs < lo.rttNs) lo = d;
      if (d.rttNs > hi.rttNs) hi = d;
    }
    if (lo === hi) thinned.push(lo);
    else thinned.push(...(lo.tNs <= hi.tNs ? [lo, hi] : [hi, lo]));
  }
  return thinned.concat(dots.slice(dots.length - keepNew));
}

/** Keeps the newest half of max whole and every other older mark. */
export function thinMarks(marks: LiveMark[], max: number): LiveMark[] {
  const keepNew = Math.floor(max / 2);
  const older = marks.slice(0, marks.length - keepNew);
  const step = Math.ceil(older.length / (max - keepNew));
  return older.filter((_, i) => i % step === 0).concat(marks.slice(marks.length - keepNew));
}

/** The marks of one point in time order (one p50 and one p99 line per point). */
export function marksOf(series: LiveSeries, point: number): LiveMark[] {
  return series.marks.filter((m) => m.point === point);
}

/** The latest batch's exact percentiles (for the header), or null before the first measured call. */
export function latestMark(series: LiveSeries): LiveMark | null {
  return series.marks.length ? series.marks[series.marks.length - 1] : null;
}

/** Time range in ns covered by dots and marks, widened to at least 1 ms so a first batch has a width. */
export function timeDomain(series: LiveSeries): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const d of series.dots) {
    lo = Math.min(lo, d.tNs);
    hi = Math.max(hi, d.tNs);
  }
  for (const m of series.marks) {
    lo = Math.min(lo, m.tNs);
    hi = Math.max(hi, m.tNs);
  }
  if (!Number.isFinite(lo)) return [0, 1e6];
  if (hi - lo < 1e6) hi = lo + 1e6;
  return [lo, hi];
}

/** RTT range in ns over dots and p99 marks; `heavy` when the slowest is 20× the median dot (log axis then). */
export function rttRange(series: LiveSeries): { min: number; max: number; heavy: boolean } {
  const values = series.dots.map((d) => d.rttNs).concat(series.marks.map((m) => m.p99Ns));
  if (values.length === 0) return { min: 1e3, max: 1e5, heavy: false };
  const sorted = values.slice().sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const min = Math.max(1, sorted[0]);
  const max = Math.max(sorted[sorted.length - 1], min + 1);
  return { min, max, heavy: median > 0 && max > 20 * median };
}

/** Index of the dot nearest to (px, py) in pixels, by the given projections; -1 when there are none. */
export function nearestDot(dots: LiveDot[], px: number, py: number, fx: (d: LiveDot) => number,
  fy: (d: LiveDot) => number): number {
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < dots.length; i++) {
    const dx = fx(dots[i]) - px;
    const dy = fy(dots[i]) - py;
    const d = dx * dx + dy * dy;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}
