// What a Runs list row says about a run's workload, in words that carry their unit: an RPC run's calls are per caller
// thread and per point, a flows run's per flow; the sizes an RPC run sweeps instead of a "—".
import type { Run } from "../../api/types";
import { formatCount, formatNs } from "../../format";
import { KINDS, kindUnit } from "../../kinds";

export const RUN_KINDS = KINDS.map((k) => k.kind);

type Params = Record<string, unknown>;

/** "200 + 10 warm-up per thread and point" (the cell shows the number, the rest in small print and its title). */
export const callsUnit = (kind: string): string => kindUnit(kind).callsPer;

/** The request and response sizes, or an RPC run's swept request sizes ("0 B, 1.4 KB … 64 KB"). */
export const sizesText = (run: Pick<Run, "kind" | "params">): string => kindUnit(run.kind).sizesText(run.params as unknown as Params);

/** An RPC run's number of points, "" for one point. */
export function pointsText(run: Pick<Run, "kind" | "params">): string {
  const pts = (run.params as unknown as Params).points;
  return Array.isArray(pts) && pts.length > 1 ? `${formatCount(pts.length)} points` : "";
}

/** The run's headline RTT from its stored summary: a point's median ("1.87 ms"), a sweep's range over its points'
 * medians ("42.4 µs – 5.51 ms"); null until the run is summarised. */
export function headlineText(run: Pick<Run, "headline">): { text: string; title: string } | null {
  const h = run.headline;
  if (!h) return null;
  if (h.points <= 1 || h.low_ns === h.high_ns) {
    return { text: formatNs(h.low_ns), title: h.points <= 1 ? "median RTT" : `median RTT of each of its ${formatCount(h.points)} points` };
  }
  return {
    text: `${formatNs(h.low_ns)} – ${formatNs(h.high_ns)}`,
    title: `median RTT of each of its ${formatCount(h.points)} points: the fastest point's to the slowest's`,
  };
}
