// Model vs measured (case study, Figure 2 and Table 2): the base point and what-if sliders shared
// by the Model tab and the report (rows per cache policy: policy.ts; Table 2: table2.ts; Figure 2: figure2.ts).
import type { PointParams } from "../rttSize/transform";

/**
 * The point whose demands predict this label's rows (the case study's method, as the backend does): the same
 * request size's point with the fewest threads, then the least think time.
 */
export function basePoint(params: PointParams[], label: string): number | null {
  const size = parseFloat(label);
  const cands = params.filter((p) => (p.request_bytes ?? 0) === size)
    .sort((a, b) => (a.threads ?? 1) - (b.threads ?? 1) || (a.think_time_us ?? 0) - (b.think_time_us ?? 0) || a.point_no - b.point_no);
  return cands.length ? cands[0].point_no : null;
}

/** The what-if slider keys: the segments on this point's path with the largest on-path time, and the network. */
export function sliderKeys(segments: { name: string; kind: string; mean_on_path_ns: number }[], n = 6): string[] {
  const steps = segments.filter((s) => s.kind === "step" && s.mean_on_path_ns > 0)
    .sort((a, b) => b.mean_on_path_ns - a.mean_on_path_ns).slice(0, n).map((s) => s.name);
  return segments.some((s) => s.kind === "transit") ? ["network", ...steps] : steps;
}
