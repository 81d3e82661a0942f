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
