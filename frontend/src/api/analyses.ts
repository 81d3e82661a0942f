// Types and fetches of the stored analyses (docs/analysis.md), named from the generated API types.
import { GET } from "./call";
import type { paths } from "./schema.generated";
import type { MaybeUnavailable, Stats as Dist } from "./types";

export type {
  EcsAnalysis, RtpAnalysis, RtpMessage, RtpPart, RtpPoint, RtpSegment, Stats as Dist, StepStat, StepStatsAnalysis,
  StepStatsPoint,
} from "./types";

/** A point with measured calls has their RTT statistics (rtt is null only when calls is 0). */
export function measured<P extends { rtt: Dist | null }>(p: P): p is P & { rtt: Dist } {
  return p.rtt !== null;
}

export type AnalysisKind = "step_stats" | "rtp" | "ecs";

/** GET /api/runs/{id}/analyses/{kind}; a 4xx/5xx becomes an ApiError whose message is the server's reason. */
const ANALYSING_WAIT_MS = 120_000; // a large run's analyses take a worker tens of seconds; past this, say so

/** GET /api/runs/{id}/analyses/{kind}, waiting while the analysis worker is still computing the run's analyses
 * (the backend answers 202 {state: "analysing"} meanwhile), so every view gets the stored result, not the wait. */
export function fetchAnalysis<T>(id: number | string, kind: string, timeoutMs = 20_000): Promise<T> {
  // views asked for at once (a report's figures: the throughput and statistics figures both read ecs) share
  // one request; once it settles the next ask fetches again, so nothing stale is kept
  const key = `${id}/${kind}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = fetchWaiting(id, kind, timeoutMs).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending as Promise<T>;
}

const inFlight = new Map<string, Promise<unknown>>();
type AnalysisRoute = Extract<keyof paths, `/api/runs/{run_id}/analyses/${string}`>;

async function fetchWaiting<T>(id: number | string, kind: string, timeoutMs: number): Promise<T> {
  const until = Date.now() + ANALYSING_WAIT_MS;
  for (;;) {
    const route = `/api/runs/{run_id}/analyses/${kind}` as AnalysisRoute; // one route per stored kind
    const body = (await GET(route, { path: { run_id: Number(id) } }, { timeoutMs })) as T | { state?: string };
    const analysing = typeof body === "object" && body !== null && (body as { state?: string }).state === "analysing";
    if (!analysing || Date.now() > until) return body as T;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

export function getAnalysis<T>(id: number | string, kind: AnalysisKind, timeoutMs = 20_000): Promise<T> {
  return fetchAnalysis<T>(id, kind, timeoutMs);
}

/** Why a stored kind has nothing to draw, or null when it has. */
export function unavailableReason(a: MaybeUnavailable | null): string | null {
  if (!a) return null;
  if (a.available === false) return a.reason || a.error || "the analysis is not available for this run";
  return null;
}
