// One vocabulary for a run's points, used by every page and the report: "4,016 B · 3 threads · think 9 ms".
// Size (with a ping-pong's reply when it differs), threads and think time always (they set the RTT); an open loop's
// rate; protection and cache policy when the run sweeps them or they are not the default, so a name stays short
// but never ambiguous within its run. Units scaled: think times in µs below 1 ms, else ms.
import { formatCount } from "../format";
import type { PointParams } from "./figurePoints";

/** The parameters a point is named by: the run's points as its kind reads them (kinds/index.ts runPoints). */
export type PointWordsParams = PointParams;

/** "none", "500 µs", "9 ms", "1.5 ms" (the launch form's unit is µs). */
export function thinkTime(us: number): string {
  if (us <= 0) return "none";
  if (us < 1000) return `${formatCount(us)} µs`;
  return `${(us / 1000).toLocaleString("en-US", { maximumFractionDigits: 3 })} ms`;
}

/** "no think", "think 500 µs", "think 9 ms". */
export function thinkWords(us: number): string {
  return us <= 0 ? "no think" : `think ${thinkTime(us)}`;
}

/** The point's name among `all`; `varying` keeps only what differs between them (a chart's axis, where room is short). */
export function pointWords(p: PointWordsParams | undefined, all: PointWordsParams[] = [], { varying = false } = {}): string {
  if (!p) return "—";
  const varies = (k: keyof PointWordsParams) => new Set(all.map((q) => q[k])).size > 1;
  const parts: string[] = [];
  if (varying && all.length > 1) {
    const words = pointWords(p, all);
    const shared = (w: string) => all.every((q) => pointWords(q, all).split(" · ").includes(w));
    const own = words.split(" · ").filter((w) => !shared(w));
    return own.length ? own.join(" · ") : words;
  }
  if (p.request_bytes !== undefined) {
    // a ping-pong point has its reply size too; an RPC point's reply is the procedure's
    const reply = p.threads === undefined && p.response_bytes !== undefined && p.response_bytes !== p.request_bytes;
    const bytes = (b: number) => `${formatCount(b)} B`;
    parts.push(reply ? `${bytes(p.request_bytes)} → ${bytes(p.response_bytes!)}` : bytes(p.request_bytes));
  }
  if (p.threads !== undefined) parts.push(`${p.threads} thread${p.threads === 1 ? "" : "s"}`);
  if (p.think_time_us !== undefined) parts.push(thinkWords(p.think_time_us));
  if (p.rate_calls_s !== undefined) parts.push(`${formatCount(p.rate_calls_s)} calls/s`);
  if (p.protection && (p.protection !== "none" || varies("protection"))) parts.push(`protection ${p.protection}`);
  if (p.cache && (p.cache !== "per-thread" || varies("cache"))) parts.push(`${p.cache} cache`);
  return parts.length ? parts.join(" · ") : `point ${p.point_no}`;
}

/** point_no → its name among the run's points ("point 3" for one the run does not list). */
export function pointNamer(all: PointWordsParams[], opts: { varying?: boolean } = {}): (pointNo: number) => string {
  const byNo = new Map(all.map((p) => [p.point_no, p]));
  return (n) => (byNo.has(n) ? pointWords(byNo.get(n), all, opts) : `point ${n}`);
}
