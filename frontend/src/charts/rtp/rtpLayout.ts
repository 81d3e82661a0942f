// Pure layout of the round trip path (DCE RPC paper, Figure 5): lanes across, time running down; the critical
// path as one polyline hopping lanes at each send and receive; off-path work beside it; Table 2's rows.
import type { RtpPoint, RtpSegment } from "../../api/analyses";

export const DEFAULT_LANES = ["client", "client kernel", "network", "server kernel", "server"];

export interface PathVertex {
  lane: string;
  t: number; // ns from the call's first client step
}

/** On the path when the analysis found it there in at least half the calls. */
export function onPath(s: RtpSegment): boolean {
  return s.on_path_share >= 0.5;
}

/** The critical path's vertices in time order: a step runs down its lane; a transit runs down each lane it
 * crosses for that lane's part (kernel stamps), or evenly when it has no parts, then hops to the next lane. */
export function criticalPath(point: RtpPoint): PathVertex[] {
  const segs = point.segments.filter(onPath).sort((a, b) => a.mean_start_ns - b.mean_start_ns || a.mean_end_ns - b.mean_end_ns);
  const out: PathVertex[] = [];
  for (const s of segs) {
    if (s.lanes.length === 0) continue;
    if (s.kind !== "transit") {
      out.push({ lane: s.lanes[0], t: s.mean_start_ns }, { lane: s.lanes[s.lanes.length - 1], t: s.mean_end_ns });
      continue;
    }
    const span = Math.max(0, s.mean_end_ns - s.mean_start_ns);
    const byLane = new Map(s.parts.map((p) => [p.lane, p.mean_ns]));
    // a part below zero (kernel stamps against agent stamps) is drawn as zero and the rest scaled to the span;
    // the table keeps the measured values
    const raw = s.lanes.map((l) => (byLane.size ? Math.max(0, byLane.get(l) ?? 0) : 1));
    const sum = raw.reduce((a, b) => a + b, 0);
    let t = s.mean_start_ns;
    s.lanes.forEach((lane, i) => {
      const dt = sum > 0 ? (span * raw[i]) / sum : span / s.lanes.length;
      out.push({ lane, t });
      t = i === s.lanes.length - 1 ? s.mean_end_ns : t + dt;
      out.push({ lane, t });
    });
  }
  // each segment's times are means over the calls where it ran, so one can end after the next began: the path
  // holds its time there rather than climb back up the time axis (issue 37, item 9)
  let latest = -Infinity;
  const forward = out.map((v) => ({ ...v, t: (latest = Math.max(latest, v.t)) }));
  // drop repeated vertices where one segment ends where the next begins
  return forward.filter((v, i) => i === 0 || v.lane !== forward[i - 1].lane || v.t !== forward[i - 1].t);
}

/** Earliest and latest time drawn: off-path work may begin before the call (a server already waiting). */
/** The call's own time, from its start (0): a wait the server began before the call (its idle s.wait) is drawn
 * from the top, not given an axis reaching into negative time. */
export function timeDomain(point: RtpPoint): [number, number] {
  return [0, timeExtent(point)];
}

/** Segments beside the path (dotted in the figure), with the lane they run in. */
export function offPathSegments(point: RtpPoint): RtpSegment[] {
  return point.segments.filter((s) => !onPath(s) && s.lanes.length > 0 && s.mean_end_ns > s.mean_start_ns);
}

export interface Table2Row {
  name: string;
  kind: string;
  lanes: string;
  onPathNs: number;
  share: number;
}

export interface Table2 {
  rows: Table2Row[];
  calculatedNs: number;
  untimedNs: number;
  measuredNs: number;
  percentError: number | null; // null: nothing measured to compare with
}

/** Table 2 for one point: each segment that lies on the path, its mean time on the path, the sum, the measured
 * RTT and the % error = (measured − calculated) × 100 / measured (the analysis's own figures). */
export function table2(point: RtpPoint): Table2 {
  const rows = point.segments
    .filter((s) => s.on_path_share > 0)
    .sort((a, b) => a.mean_start_ns - b.mean_start_ns)
    .map((s) => ({ name: s.name, kind: s.kind, lanes: s.lanes.join(" → "), onPathNs: s.mean_on_path_ns, share: s.on_path_share }));
  return {
    rows,
    calculatedNs: point.calculated_rtt_ns,
    untimedNs: point.untimed_on_path_ns,
    measuredNs: point.measured_rtt_ns,
    percentError: point.percent_error,
  };
}

/** Error large enough to colour in Table 2 (the DCE paper's model stays within about 10%). */
export function errorClass(pct: number | null): "ok" | "warn" | "bad" {
  if (pct === null) return "ok"; // no measurement to be off from
  const a = Math.abs(pct);
  return a <= 5 ? "ok" : a <= 15 ? "warn" : "bad";
}

/** Latest time drawn (the measured RTT or the last segment's end). */
export function timeExtent(point: RtpPoint): number {
  return Math.max(point.measured_rtt_ns, ...point.segments.map((s) => s.mean_end_ns), 1);
}
