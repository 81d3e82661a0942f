// Typed calls of the backend's run, agent and health routes (docs/protocol.md "Browser ⇄ backend").
import type {
  Agent,
  Health,
  Run,
  RunCalls,
  AnyRunCreate,
  RunList,
  RunStatus,
  RunSummary,
  TimelineData,
} from "./types";
import type { CallsEvent } from "../charts/liveRtt/transform";
import { requestJson } from "./http";

export { ApiError, TIMEOUT_STATUS, errorFromBody, errorMessage } from "./errors";

/** Every call of this module: JSON through the one request convention (api/http.ts). */
function request<T>(path: string, init?: RequestInit, timeoutMs?: number): Promise<T> {
  return requestJson<T>(path, init, { timeoutMs });
}

export function getHealth(): Promise<Health> {
  return request<Health>("/api/health");
}

export function listAgents(): Promise<Agent[]> {
  return request<Agent[]>("/api/agents");
}

export interface ListRunsQuery {
  status?: RunStatus[];
  kind?: string[];
  agent?: number[];
  created_from?: string;
  created_to?: string;
  q?: string;
  launched_by?: string;
  sort?: string;
  order?: "asc" | "desc";
  limit?: number;
  offset?: number;
}

export function runsQueryString(q: ListRunsQuery): string {
  const p = new URLSearchParams();
  for (const s of q.status ?? []) p.append("status", s);
  for (const k of q.kind ?? []) p.append("kind", k);
  for (const a of q.agent ?? []) p.append("agent", String(a));
  if (q.created_from) p.set("created_from", q.created_from);
  if (q.created_to) p.set("created_to", q.created_to);
  if (q.q) p.set("q", q.q);
  if (q.launched_by) p.set("launched_by", q.launched_by);
  if (q.sort) p.set("sort", q.sort);
  if (q.order) p.set("order", q.order);
  if (q.limit !== undefined) p.set("limit", String(q.limit));
  if (q.offset !== undefined) p.set("offset", String(q.offset));
  const s = p.toString();
  return s ? `?${s}` : "";
}

export function listRuns(q: ListRunsQuery = {}): Promise<RunList> {
  return request<RunList>(`/api/runs${runsQueryString(q)}`);
}

export function createRun(body: AnyRunCreate): Promise<Run> {
  return request<Run>("/api/runs", { method: "POST", body: JSON.stringify(body) });
}

export function getRun(id: number | string): Promise<Run> {
  return request<Run>(`/api/runs/${id}`);
}

/** PATCH /api/runs/{id}: tags and notes; what is left out stays (new tags may move the run to another series). */
export function editRun(id: number | string, edit: { tags?: string[]; notes?: string }): Promise<Run> {
  return request<Run>(`/api/runs/${id}`, { method: "PATCH", body: JSON.stringify(edit) });
}

export function cancelRun(id: number | string): Promise<Run> {
  return request<Run>(`/api/runs/${id}/cancel`, { method: "POST" });
}

export function getRunSummary(id: number | string, timeoutMs?: number): Promise<RunSummary> {
  return request<RunSummary>(`/api/runs/${id}/summary`, undefined, timeoutMs);
}

/** The run's calls, or one point's (`point`), every stride-th so that about `maxPoints` come back. */
export function getRunCalls(id: number | string, maxPoints = 20000, timeoutMs?: number, point?: number): Promise<RunCalls> {
  const only = point === undefined ? "" : `&point=${point}`;
  return request<RunCalls>(`/api/runs/${id}/calls?max_points=${maxPoints}${only}`, undefined, timeoutMs);
}

export function getRunTimeline(
  id: number | string,
  range: { fromCall?: number; maxCalls?: number } = {},
  timeoutMs?: number,
): Promise<TimelineData> {
  const p = new URLSearchParams({ from_call: String(range.fromCall ?? 0), max_calls: String(range.maxCalls ?? 20000) });
  return request<TimelineData>(`/api/runs/${id}/timeline?${p}`, undefined, timeoutMs);
}

/** Live RTT events newer than `after` (the polling twin of the `calls` server-sent events). */
export function getLiveCalls(id: number | string, after: number): Promise<{ run_id: number; status: string; events: CallsEvent[] }> {
  return request(`/api/runs/${id}/live-calls?after=${after}`);
}

export function runEventsUrl(id: number | string): string {
  return `/api/runs/${id}/events`;
}

