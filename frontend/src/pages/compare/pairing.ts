// Which points of several runs measure the same thing apart from the parameters the user compares them by ("differs
// by"): runs launched with cache per-thread and single pair every point on size, threads, think time and
// protection. The compare page and the comparison report both pair points here.
import { formatCount } from "../../format";
import { pointWords, thinkWords, type PointWordsParams } from "../../figures/pointWords";

export const POINT_PARAMS = ["request_bytes", "threads", "think_time_us", "protection", "cache"] as const;
export type PointParam = (typeof POINT_PARAMS)[number];

export const PARAM_NAMES: Record<PointParam, string> = {
  request_bytes: "request size",
  threads: "threads",
  think_time_us: "think time",
  protection: "protection",
  cache: "cache policy",
};

// a missing field is the backend's default (a ping-pong point has no threads, cache …)
const DEFAULTS: Record<PointParam, string | number> = { request_bytes: 0, threads: 1, think_time_us: 0, protection: "none", cache: "per-thread" };
const valueOf = (p: PointWordsParams, k: PointParam) => p[k] ?? DEFAULTS[k];
const keyOf = (p: PointWordsParams, params: readonly PointParam[]) => params.map((k) => String(valueOf(p, k))).join("|");

/** "single cache", "3 threads", "think 9 ms", "4,016 B", "protection pkt": one parameter's value in words. */
export function valueWords(k: PointParam, v: string | number | undefined): string {
  const x = v ?? DEFAULTS[k];
  if (k === "request_bytes") return `${formatCount(Number(x))} B`;
  if (k === "threads") return `${x} thread${x === 1 ? "" : "s"}`;
  if (k === "think_time_us") return thinkWords(Number(x));
  if (k === "protection") return `protection ${x}`;
  return `${x} cache`;
}

/** The point parameters whose sets of values differ between the runs: what they were launched to compare. */
export function differingParams(runs: PointWordsParams[][]): PointParam[] {
  if (runs.length < 2) return [];
  const setOf = (pts: PointWordsParams[], k: PointParam) => [...new Set(pts.map((p) => String(valueOf(p, k))))].sort().join("|");
  return POINT_PARAMS.filter((k) => new Set(runs.map((pts) => setOf(pts, k))).size > 1);
}

export interface PointMatch {
  /** the parameters the matched points share, in words ("4016 B · 3 threads · think 9 ms") */
  key: string;
  /** each run's point number, null where that run has none to match */
  points: (number | null)[];
}

export interface UnpairedPoint {
  run: number; // index into the runs
  point_no: number;
  words: string;
}

export interface Pairing {
  differsBy: PointParam[];
  matches: PointMatch[];
  unpaired: UnpairedPoint[];
}

/**
 * Match the runs' points on every parameter but `differsBy`. Within a group of points that agree on the rest,
 * points that also agree on `differsBy` in every run of the group match first (a run sweeping 0, 4016 B against
 * one sweeping 0, 4016, 8032 B pairs 0 with 0 and 4016 with 4016); the rest match in point order. A point left
 * without a partner in any other run is unpaired. Matches are in the first run's point order.
 */
export function pairRuns(runs: PointWordsParams[][], differsBy: PointParam[]): Pairing {
  const rest = POINT_PARAMS.filter((k) => !differsBy.includes(k));
  const groups = new Map<string, PointWordsParams[][]>();
  runs.forEach((pts, r) => {
    for (const p of [...pts].sort((x, y) => x.point_no - y.point_no)) {
      const g = keyOf(p, rest);
      if (!groups.has(g)) groups.set(g, runs.map(() => []));
      groups.get(g)![r].push(p);
    }
  });
  const matches: PointMatch[] = [];
  const unpaired: UnpairedPoint[] = [];
  for (const lists of groups.values()) {
    const left = lists.map((l) => [...l]);
    const present = left.map((l, r) => (l.length ? r : -1)).filter((r) => r >= 0);
    // exact first: a differs-by value every run of the group has
    for (const p of present.length >= 2 ? [...left[present[0]]] : []) {
      const k = keyOf(p, differsBy);
      const hits = present.map((r) => left[r].find((q) => keyOf(q, differsBy) === k));
      if (hits.every((h) => h !== undefined)) {
        present.forEach((r, i) => left[r].splice(left[r].indexOf(hits[i]!), 1));
        matches.push(matchOf(runs.length, present.map((r, i) => [r, hits[i]!])));
      }
    }
    // then in point order
    for (let i = 0; left.some((l) => i < l.length); i++) {
      const row = left.map((l, r) => [r, l[i]] as [number, PointWordsParams | undefined]).filter((x): x is [number, PointWordsParams] => x[1] !== undefined);
      if (row.length >= 2) matches.push(matchOf(runs.length, row));
      else unpaired.push({ run: row[0][0], point_no: row[0][1].point_no, words: unpairedWords(row[0][1], runs[row[0][0]]) });
    }
  }
  const order = (m: PointMatch) => m.points.find((n) => n !== null) ?? 0;
  const firstRun = (m: PointMatch) => m.points.findIndex((n) => n !== null);
  matches.sort((x, y) => firstRun(x) - firstRun(y) || order(x) - order(y));
  return { differsBy, matches, unpaired: unpaired.sort((x, y) => x.run - y.run || x.point_no - y.point_no) };

  // the point in words, always with its differs-by values (pointWords leaves a default out): why it has no partner
  function unpairedWords(p: PointWordsParams, all: PointWordsParams[]): string {
    const words = pointWords(p, all);
    const extra = differsBy.map((k) => valueWords(k, p[k])).filter((w) => !words.split(" · ").includes(w));
    return [words, ...extra].join(" · ");
  }

  function matchOf(n: number, row: [number, PointWordsParams][]): PointMatch {
    const points: (number | null)[] = Array(n).fill(null);
    for (const [r, p] of row) points[r] = p.point_no;
    const shared = { ...row[0][1] } as PointWordsParams;
    // a differs-by parameter the matched points agree on (a longer sweep's shared values) stays in the words
    for (const k of differsBy) if (new Set(row.map(([, p]) => String(valueOf(p, k)))).size > 1) delete shared[k];
    return { key: pointWords(shared, []), points };
  }
}

/** "per-thread cache ↔ single cache": what sets a match's points apart, in the runs' order ("—": no point). */
export function differenceWords(m: PointMatch, runs: PointWordsParams[][], differsBy: PointParam[]): string {
  const parts = differsBy.map((k) => {
    const vals = m.points.map((n, r) => (n === null ? null : runs[r].find((p) => p.point_no === n)?.[k]));
    if (new Set(vals.filter((v) => v !== null).map((v) => String(v ?? DEFAULTS[k]))).size <= 1) return null;
    return vals.map((v) => (v === null ? "—" : valueWords(k, v))).join(" ↔ ");
  });
  return parts.filter(Boolean).join(", ");
}

export interface PointPair {
  a: number; // point_no in run A
  b: number; // point_no in run B
  key: string;
}

/**
 * Two runs' pairs among the points each has data for. Two single-point runs (two ping-pongs) pair their only
 * points whatever their parameters: that is what the user asked to compare.
 */
export function pairTwo(aNos: number[], bNos: number[], aParams: PointWordsParams[], bParams: PointWordsParams[], differsBy: PointParam[]): { pairs: PointPair[]; unpaired: UnpairedPoint[] } {
  const only = (nos: number[], params: PointWordsParams[]) => nos.map((n) => params.find((p) => p.point_no === n) ?? { point_no: n });
  const p = pairRuns([only(aNos, aParams), only(bNos, bParams)], differsBy);
  if (p.matches.length === 0 && aNos.length === 1 && bNos.length === 1) return { pairs: [{ a: aNos[0], b: bNos[0], key: "the only point of each run" }], unpaired: [] };
  return { pairs: p.matches.map((m) => ({ a: m.points[0]!, b: m.points[1]!, key: m.key })), unpaired: p.unpaired };
}
