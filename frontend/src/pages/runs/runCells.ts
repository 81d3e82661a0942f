// What a Runs list row says about a run's workload, in words that carry their unit: an RPC run's calls are per caller
// thread and per point, a flows run's per flow; the sizes an RPC run sweeps instead of a "—".
import type { Run } from "../../api/types";
import { formatBytes, formatCount } from "../../format";

export const RUN_KINDS = ["pingpong", "rpc", "stream", "flows"] as const;

type Params = Record<string, unknown>;

/** "200 + 10 warm-up per thread and point" (the cell shows the number, the rest in small print and its title). */
export function callsUnit(kind: string): string {
  return kind === "rpc" ? "per thread and point" : kind === "flows" ? "per flow" : "";
}

/** The request and response sizes, or an RPC run's swept request sizes ("0 B, 1.4 KB … 64 KB"). */
export function sizesText(run: Pick<Run, "kind" | "params">): string {
  const p = run.params as unknown as Params;
  if (run.kind === "rpc" && Array.isArray(p.points)) {
    const sizes = [...new Set((p.points as Params[]).map((x) => Number(x.request_bytes)))].sort((a, b) => a - b);
    const shown = sizes.length > 3 ? [sizes[0], sizes[sizes.length - 1]] : sizes;
    return `${shown.map((s) => formatBytes(s)).join(sizes.length > 3 ? " … " : ", ")} request`;
  }
  if (run.kind === "stream" && typeof p.message_bytes === "number") return `${formatBytes(p.message_bytes)} messages`;
  if (typeof p.request_bytes === "number") return `${formatBytes(p.request_bytes)} / ${formatBytes(p.response_bytes as number)}`;
  return "—";
}

/** An RPC run's number of points, "" for one point. */
export function pointsText(run: Pick<Run, "kind" | "params">): string {
  const pts = (run.params as unknown as Params).points;
  return Array.isArray(pts) && pts.length > 1 ? `${formatCount(pts.length)} points` : "";
}
