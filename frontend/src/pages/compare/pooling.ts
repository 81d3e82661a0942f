// Whether a whole-run figure (mean RTT over every call, each step's mean over every call) compares like with like:
// only when both runs are one point. Over sweeps it averages points of different sizes, threads and think times,
// which the user guide calls meaningless; the per-point sections pair points instead (issue 37, item 4).
import type { Run } from "../../api/types";
import { pointsOf } from "./PointPairs";

/** null when both runs are one point (pooled figures are then the point's own); else why they are not shown. */
export function whyNotPooled(a: Run, b: Run): string | null {
  const n = [a, b].map((r) => Math.max(1, pointsOf(r).length));
  if (n[0] === 1 && n[1] === 1) return null;
  const said = n.map((k, i) => `${["A", "B"][i]} has ${k} point${k === 1 ? "" : "s"}`).join(", ");
  return `${said}: a mean over all of a run's calls would average points of different sizes, threads and think ` +
    "times, so no pooled RTT or step figures here. The sections below compare the runs point by point, each pair with " +
    "its own intervals.";
}
