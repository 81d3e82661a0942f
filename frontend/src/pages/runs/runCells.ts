// What a Runs list row says about a run's workload, in words that carry their unit: an RPC run's calls are per caller
// thread and per point, a flows run's per flow; the sizes an RPC run sweeps instead of a "—".
import type { Run } from "../../api/types";
import { formatCount } from "../../format";
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
