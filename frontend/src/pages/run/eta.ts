// How long a running run has left: from its pace so far, from what this page has seen, or from the launch estimate
// point by point scaled by the run's own pace.
import type { RunEstimate } from "../../api/estimate";

/** Time left of a running run from its pace so far: the calls still to do at the rate of calls done over the
 * time since it started. null until there is a pace to go by (no call done yet, or no start time). */
export function timeLeftMs(done: number, total: number, startedAtIso: string | null, now: number): number | null {
  if (!startedAtIso || done <= 0 || total <= 0) return null;
  const started = Date.parse(startedAtIso);
  const elapsed = now - started;
  if (!Number.isFinite(started) || elapsed <= 0) return null;
  if (done >= total) return 0;
  return ((total - done) * elapsed) / done;
}

/** The same from what this page has seen: progress since the first sample, when the run's start time is unknown
 * (a page opened while the run was queued gets only progress events, not the start time). */
export function timeLeftSeenMs(first: { at: number; done: number }, done: number, total: number, now: number): number | null {
  const moved = done - first.done;
  const elapsed = now - first.at;
  if (moved <= 0 || elapsed <= 0) return null;
  if (done >= total) return 0;
  return ((total - done) * elapsed) / moved;
}

/** Where the launch estimate says the run is after `done` calls: seconds since it started, and seconds in all. */
export function estimatedAt(e: Pick<RunEstimate, "start_s" | "points" | "seconds">, done: number): { at: number; total: number } {
  let at = e.start_s;
  let left = done;
  for (const p of e.points) {
    if (left >= p.calls) {
      at += p.seconds;
      left -= p.calls;
    } else {
      at += p.calls > 0 ? (p.seconds * left) / p.calls : 0;
      break;
    }
  }
  return { at: Math.min(at, e.seconds), total: e.seconds };
}

/**
 * Time left (ms) from the run's own estimate, point by point, scaled by the run's own pace: a sweep's points differ
 * (6 threads make calls 6 times as fast; think time or a slow link slows them), so calls done are not time done.
 * The estimate's time still to go is multiplied by how long the run has taken so far over what the estimate said it
 * would take to get here; early on (under a tenth of the estimate's calls time) the pace counts only in part.
 * Points that repeat in rounds (a CI target) are counted with one round; once the run has made more calls than that
 * there is no telling which point it is in: null, and the page goes by the calls left at the pace so far.
 */
export function timeLeftByEstimate(e: RunEstimate, done: number, total: number, elapsedMs: number | null): number | null {
  if (total <= 0 || e.points.length === 0) return null;
  if (done >= total) return 0;
  const oneRound = e.points.reduce((a, p) => a + p.calls, 0);
  if (done >= oneRound && total > oneRound) return null;
  const { at, total: all } = estimatedAt(e, done);
  const rest = Math.max(0, all - at);
  if (elapsedMs === null || elapsedMs <= 0 || at <= 0) return rest * 1000;
  const pace = elapsedMs / 1000 / at;
  const trust = Math.min(1, Math.max(0, (at - e.start_s) / Math.max(1e-9, 0.1 * (all - e.start_s))));
  return rest * (1 + trust * (pace - 1)) * 1000;
}
