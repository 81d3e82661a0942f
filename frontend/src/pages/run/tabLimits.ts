// Which run tabs cannot draw their figure for this run, and why, read from the run's points alone (no fetch):
// the tab bar marks them so a user does not open a tab to find "Cannot draw …". The tabs say the same at length.
import type { Run } from "../../api/types";
import { runPoints } from "../../figures/figurePoints";

export function tabLimits(run: Run): Record<string, string> {
  const points = runPoints(run.params as unknown as Record<string, unknown>) as { request_bytes?: number; threads?: number; think_time_us?: number }[];
  const out: Record<string, string> = {};
  if (!points.length) return out;
  const sizes = new Set(points.map((p) => p.request_bytes));
  if (sizes.size < 2) out["rtt-size"] = `one request size only (${[...sizes][0] ?? 0} B): sweep request sizes to draw RTT vs size`;
  const threads = new Set(points.filter((p) => !p.think_time_us).map((p) => p.threads ?? 1));
  if (threads.size < 2) out.throughput = `one thread count only: sweep threads to draw throughput vs threads`;
  if (run.kind !== "rpc") out.model = "the case study's model is drawn for RPC runs";
  return out;
}
