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
