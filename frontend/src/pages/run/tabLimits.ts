// Which run tabs cannot draw their figure for this run, and why, read from the run's points alone (no fetch):
// the tab bar marks them so a user does not open a tab to find "Cannot draw …". The tabs say the same at length.
import type { Run } from "../../api/types";
import { kindUnit, runPoints } from "../../kinds";

export function tabLimits(run: Run): Record<string, string> {
  const points = runPoints(run) as { request_bytes?: number; threads?: number; think_time_us?: number }[];
  const out: Record<string, string> = {};
  if (!points.length) return out;
  const sizes = new Set(points.map((p) => p.request_bytes));
  if (sizes.size < 2) out["rtt-size"] = `one request size only (${[...sizes][0] ?? 0} B): sweep request sizes to draw RTT vs size`;
  const threads = new Set(points.filter((p) => !p.think_time_us).map((p) => p.threads ?? 1));
  if (threads.size < 2) out.throughput = `one thread count only: sweep threads to draw throughput vs threads`;
  if (!kindUnit(run.kind).figures.model) out.model = "the case study's model is drawn for RPC runs";
  const arrival = (run.params as { arrival?: string }).arrival ?? "closed";
  const rates = new Set(points.map((p) => (p as { rate_calls_s?: number }).rate_calls_s ?? (run.params as { rate_calls_s?: number }).rate_calls_s));
  if (arrival === "closed") out.load = "a closed-loop run: launch open-loop arrivals at a sweep of rates to draw latency against offered load";
  else if (rates.size < 2) out.load = "one offered rate only: sweep rates to draw latency against offered load";
  return out;
}
