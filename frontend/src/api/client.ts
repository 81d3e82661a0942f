// Typed calls of the backend's run, agent and health routes (docs/protocol.md "Browser ⇄ backend").
import type { Agent, Health, Run, RunCalls, AnyRunCreate, RunList, RunSummary, TimelineData } from "./types";
import type { CallsEvent } from "../charts/liveRtt/transform";
import { GET, PATCH, POST, href } from "./call";
import type { paths } from "./schema.generated";

export { ApiError, TIMEOUT_STATUS, errorFromBody, errorMessage } from "./errors";

const runId = (id: number | string) => ({ run_id: Number(id) });

export function getHealth(): Promise<Health> {
  return GET("/api/health");
}

export function listAgents(): Promise<Agent[]> {
  return GET("/api/agents");
}

/** GET /api/runs' query, as the backend's document states it (closed sets are its enums). */
export type ListRunsQuery = NonNullable<paths["/api/runs"]["get"]["parameters"]["query"]>;

export function listRuns(q: ListRunsQuery = {}): Promise<RunList> {
  return GET("/api/runs", { query: q });
}

export function createRun(body: AnyRunCreate): Promise<Run> {
  return POST("/api/runs", { body });
}

export function getRun(id: number | string): Promise<Run> {
  return GET("/api/runs/{run_id}", { path: runId(id) });
}

/** PATCH /api/runs/{id}: tags and notes; what is left out stays (new tags may move the run to another series). */
export function editRun(id: number | string, edit: { tags?: string[]; notes?: string }): Promise<Run> {
  return PATCH("/api/runs/{run_id}", { path: runId(id), body: edit });
}

export function cancelRun(id: number | string): Promise<Run> {
  return POST("/api/runs/{run_id}/cancel", { path: runId(id) });
}

export function getRunSummary(id: number | string, timeoutMs?: number): Promise<RunSummary> {
  return GET("/api/runs/{run_id}/summary", { path: runId(id) }, { timeoutMs });
}

/** The run's calls, or one point's (`point`), every stride-th so that about `maxPoints` come back. */
export function getRunCalls(id: number | string, maxPoints = 20000, timeoutMs?: number, point?: number): Promise<RunCalls> {
  return GET("/api/runs/{run_id}/calls", { path: runId(id), query: { max_points: maxPoints, point } }, { timeoutMs });
}

export function getRunTimeline(
  id: number | string,
  range: { fromCall?: number; maxCalls?: number } = {},
  timeoutMs?: number,
): Promise<TimelineData> {
  const query = { from_call: range.fromCall ?? 0, max_calls: range.maxCalls ?? 20000 };
  return GET("/api/runs/{run_id}/timeline", { path: runId(id), query }, { timeoutMs });
}

/** Live RTT events newer than `after` (the polling twin of the `calls` server-sent events). */
export async function getLiveCalls(id: number | string, after: number): Promise<{ run_id: number; status: string; events: CallsEvent[] }> {
  // the route answers a free-form object in the document (its events are the SSE `calls` events)
  return (await GET("/api/runs/{run_id}/live-calls", { path: runId(id), query: { after } })) as unknown as {
    run_id: number; status: string; events: CallsEvent[];
  };
}

export function runEventsUrl(id: number | string): string {
  return href("/api/runs/{run_id}/events", runId(id));
}
