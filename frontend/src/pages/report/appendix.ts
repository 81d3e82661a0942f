// The appendix's per-point tables, turned so a sweep prints in a few pages: one row per step (or round-trip
// segment), one column per point, a few points per table. The export CSVs keep the long form, a row per point
// and step; here each value is printed once instead of beside eight repeated parameter columns.
import type { Dist, RtpPoint, StepStatsPoint } from "../../api/analyses";
import { formatNs } from "../../format";

/** Points per table: the paper's width holds the step's name and this many value columns. */
export const POINTS_PER_TABLE = 6;
/** A sweep of more points prints dense: smaller type, the interval as a percentage, the per-step columns
 * (paper, lanes) once above the tables, so twice the points fit a table (48 points: 4 tables, not 8). */
export const DENSE_POINTS_PER_TABLE = 12;

export function pointsPerTable(points: number): number {
  return points > POINTS_PER_TABLE ? DENSE_POINTS_PER_TABLE : POINTS_PER_TABLE;
}

export function chunk<T>(xs: T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n));
  return out;
}

/** Names in the order of the points' own lists: each point's order kept, names a point adds placed after
 * the name they follow there (a larger request adds packets, retransmits … in the middle of a path). */
export function unionOrder(lists: string[][]): string[] {
  const out: string[] = [];
  for (const list of lists) {
    let at = -1; // where the previous name of this list sits in `out`
    for (const name of list) {
      const found = out.indexOf(name);
      if (found >= 0) {
        at = found;
      } else {
        out.splice(at + 1, 0, name);
        at += 1;
      }
    }
  }
  return out;
}

export interface StepRow {
  name: string;
  side: string;
  paper: string;
  cells: (Dist | null)[]; // one per point of the table, null: the point has no such step
}

export interface StepMatrix {
  points: number[];
  rows: StepRow[];
}

/** Step means per point: one row per step (client steps first, in each side's order), one column per point. */
export function stepMatrix(points: StepStatsPoint[]): StepMatrix {
  const sides = ["client", "server"];
  const bySide = (side: string) => unionOrder(points.map((p) => p.steps.filter((s) => s.side === side).map((s) => s.name)));
  const others = unionOrder(points.map((p) => p.steps.filter((s) => !sides.includes(s.side)).map((s) => s.name)));
  const names = [...bySide("client"), ...bySide("server"), ...others];
  const rows = names.map((name) => {
    const any = points.flatMap((p) => p.steps).find((s) => s.name === name)!;
    return { name, side: any.side, paper: any.paper, cells: points.map((p) => p.steps.find((s) => s.name === name)?.stats ?? null) };
  });
  return { points: points.map((p) => p.point_no), rows };
}

export interface SegmentCell {
  onPathNs: number;
  share: number; // of the point's calls in which the segment was on the critical path
}

export interface SegmentRow {
  name: string;
  kind: string;
  lanes: string;
  cells: (SegmentCell | null)[];
}

export interface SegmentMatrix {
  points: number[];
  rows: SegmentRow[];
  totals: { calculatedNs: number; untimedNs: number; measuredNs: number; errorPct: number | null }[];
}

/** The DCE paper's Table 2 for every point side by side: each segment's mean on the path, then the sums. */
export function segmentMatrix(points: RtpPoint[]): SegmentMatrix {
  const names = unionOrder(points.map((p) => p.segments.map((s) => s.name)));
  const rows = names.map((name) => {
    const any = points.flatMap((p) => p.segments).find((s) => s.name === name)!;
    return {
      name, kind: any.kind, lanes: any.lanes.join(" → "),
      cells: points.map((p) => {
        const s = p.segments.find((x) => x.name === name);
        return s ? { onPathNs: s.mean_on_path_ns, share: s.on_path_share } : null;
      }),
    };
  });
  const totals = points.map((p) => ({ calculatedNs: p.calculated_rtt_ns, untimedNs: p.untimed_on_path_ns, measuredNs: p.measured_rtt_ns, errorPct: p.percent_error }));
  return { points: points.map((p) => p.point_no), rows, totals };
}

/** A step's mean with the half-width of its 95% CI: "12.3 µs ±410 ns". */
export function meanPm(d: Dist | null): string {
  if (!d || d.count === 0) return "—";
  const half = (d.ci95_high_ns - d.ci95_low_ns) / 2;
  return `${formatNs(d.mean_ns)} ±${formatNs(half)}`;
}

/** The dense form: the half-width as a percentage of the mean, "12.3 µs ±3%" (a mean of 0 keeps its unit). */
export function meanPct(d: Dist | null): string {
  if (!d || d.count === 0 || d.mean_ns <= 0) return meanPm(d);
  const pct = (50 * (d.ci95_high_ns - d.ci95_low_ns)) / d.mean_ns;
  return `${formatNs(d.mean_ns)} ±${pct < 0.5 ? "<1" : Math.round(pct)}%`;
}

/** Point labels ("1,392 B · 1 thread · think 3 ms") split into the parts every point of a table shares, said once,
 * and what differs, one per column. */
export function splitLabels(labels: string[]): { common: string; heads: string[] } {
  const parts = labels.map((l) => l.split(" · "));
  const shared = parts[0].filter((p) => parts.every((ps) => ps.includes(p)));
  if (labels.length < 2) return { common: "", heads: labels };
  return {
    common: shared.join(" · "),
    heads: parts.map((ps) => ps.filter((p) => !shared.includes(p)).join(" · ") || ps.join(" · ")),
  };
}

/** A segment's mean on the path, with the share of calls it was on the path when that is not all of them. */
export function segmentText(c: SegmentCell | null): string {
  if (!c) return "—";
  if (c.share <= 0) return "off path";
  const share = c.share < 0.995 ? ` (${Math.round(c.share * 100)} %)` : "";
  return `${formatNs(c.onPathNs)}${share}`;
}
