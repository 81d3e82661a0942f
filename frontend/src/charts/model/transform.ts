// Model vs measured (case study, Figure 2 and Table 2): RTT over think time, one colour per thread count,
// measured solid with ±std bars, the MVA model dashed, the what-if model dotted, from `model_vs_measured` rows.
import type { ModelRow } from "../../api/figures";
import type { PointParams } from "../rttSize/transform";

export const THREAD_COLORS = ["#1f6feb", "#d1242f", "#1a7f37", "#bf8700", "#8250df", "#0a7b83", "#cf5b00", "#57606a"];

export interface ModelSeriesPoint {
  x: number;
  y: number;
  lo?: number;
  hi?: number;
}

export interface ModelLine {
  id: string;
  threads: number;
  kind: "measured" | "model" | "whatif";
  color: string;
  points: ModelSeriesPoint[];
}

/** Request-size labels in the rows ("0 B", "4016 B"), in order of size. */
export function labels(rows: ModelRow[]): string[] {
  return [...new Set(rows.map((r) => r.label))].sort((a, b) => parseFloat(a) - parseFloat(b));
}

/** `${threads}|${think}`: the key of a row, and of a what-if answer for it. */
export const rowKey = (threads: number, think: number) => `${threads}|${think}`;

/** Lines for one label: per thread count, measured and model over think time (ms); what-if where given. */
export function modelLines(rows: ModelRow[], label: string, whatif: Record<string, number> | null): ModelLine[] {
  const mine = rows.filter((r) => r.label === label);
  const threads = [...new Set(mine.map((r) => r.threads))].sort((a, b) => a - b);
  const out: ModelLine[] = [];
  threads.forEach((t, i) => {
    const color = THREAD_COLORS[i % THREAD_COLORS.length];
    // one row per think time (the first, as the backend lists points in order)
    const byThink = new Map<number, ModelRow>();
    for (const r of mine) if (r.threads === t && !byThink.has(r.think)) byThink.set(r.think, r);
    const rs = [...byThink.values()].sort((a, b) => a.think - b.think);
    out.push({
      id: `measured-${t}`, threads: t, kind: "measured", color,
      points: rs.map((r) => ({ x: r.think, y: r.measured, ...(r.measured_std !== null ? { lo: Math.max(0, r.measured - r.measured_std), hi: r.measured + r.measured_std } : {}) })),
    });
    out.push({ id: `model-${t}`, threads: t, kind: "model", color, points: rs.map((r) => ({ x: r.think, y: r.model })) });
    if (whatif) {
      const pts = rs.filter((r) => whatif[rowKey(r.threads, r.think)] !== undefined)
        .map((r) => ({ x: r.think, y: whatif[rowKey(r.threads, r.think)] }));
      if (pts.length) out.push({ id: `whatif-${t}`, threads: t, kind: "whatif", color, points: pts });
    }
  });
  return out;
}

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

/** Why the figure cannot be drawn for a label, or null. */
export function modelReason(rows: ModelRow[], label: string): string | null {
  const mine = rows.filter((r) => r.label === label);
  if (mine.length === 0) return "no point has complete calls";
  if (new Set(mine.map((r) => r.think)).size < 2) return "one think time only: sweep think times to draw RTT over think time";
  return null;
}

/** The what-if slider keys: the segments on this point's path with the largest on-path time, and the network. */
export function sliderKeys(segments: { name: string; kind: string; mean_on_path_ns: number }[], n = 6): string[] {
  const steps = segments.filter((s) => s.kind === "step" && s.mean_on_path_ns > 0)
    .sort((a, b) => b.mean_on_path_ns - a.mean_on_path_ns).slice(0, n).map((s) => s.name);
  return segments.some((s) => s.kind === "transit") ? ["network", ...steps] : steps;
}
