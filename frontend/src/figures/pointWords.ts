// A point's parameters in words, the way the Results page names a point: "4016 B · 3 threads · think 9 ms ·
// single cache". Size, threads and think time always (they set the RTT); protection and cache policy when the run
// sweeps them or they are not the default, so a label stays short but never ambiguous within its run.
import type { PointParams } from "./figurePoints";

/** The parameters a point is named by: the run's params.points entries (figurePoints.PointParams). */
export type PointWordsParams = PointParams;

/** "no think", "think 500 µs", "think 9 ms", "think 1.5 ms" (the launch form's unit is µs). */
export function thinkWords(us: number): string {
  if (us <= 0) return "no think";
  if (us < 1000) return `think ${us} µs`;
  return `think ${Number((us / 1000).toFixed(3))} ms`;
}

export function pointWords(p: PointWordsParams | undefined, all: PointWordsParams[] = []): string {
  if (!p) return "—";
  const varies = (k: keyof PointWordsParams) => new Set(all.map((q) => q[k])).size > 1;
  const parts: string[] = [];
  if (p.request_bytes !== undefined) {
    // a ping-pong point has its reply size too; an RPC point's reply is the procedure's
    const reply = p.threads === undefined && p.response_bytes !== undefined && p.response_bytes !== p.request_bytes;
    parts.push(reply ? `${p.request_bytes} B → ${p.response_bytes} B` : `${p.request_bytes} B`);
  }
  if (p.threads !== undefined) parts.push(`${p.threads} thread${p.threads === 1 ? "" : "s"}`);
  if (p.think_time_us !== undefined) parts.push(thinkWords(p.think_time_us));
  if (p.protection && (p.protection !== "none" || varies("protection"))) parts.push(`protection ${p.protection}`);
  if (p.cache && (p.cache !== "per-thread" || varies("cache"))) parts.push(`${p.cache} cache`);
  return parts.length ? parts.join(" · ") : `point ${p.point_no}`;
}
