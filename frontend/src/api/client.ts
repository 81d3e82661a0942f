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

/** One FastAPI validation error item. */
interface ValidationItem {
  loc?: (string | number)[];
  msg?: string;
  type?: string;
}

/**
 * Error raised by every API call: `message` is readable as is; `fieldErrors` maps a body
 * field name (last element of a 422 `loc`) to its messages.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string>;

  constructor(status: number, message: string, fieldErrors: Record<string, string> = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  422: "Invalid input",
  500: "Server error",
  502: "Backend unreachable (bad gateway)",
  503: "Service unavailable",
  504: "Backend timed out",
};

/** Turns an error response body into an ApiError (pure; exported for tests). */
export function errorFromBody(status: number, body: unknown): ApiError {
  const prefix = STATUS_TEXT[status] ?? `HTTP ${status}`;
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === "string" && detail) {
    return new ApiError(status, detail);
  }
  if (Array.isArray(detail)) {
    const fieldErrors: Record<string, string> = {};
    const general: string[] = [];
    for (const raw of detail as ValidationItem[]) {
      const msg = String(raw?.msg ?? "invalid value").replace(/^Value error, /, "");
      const loc = Array.isArray(raw?.loc) ? raw.loc : [];
      const field = loc.length > 1 ? String(loc[loc.length - 1]) : "";
      if (field) {
        fieldErrors[field] = fieldErrors[field] ? `${fieldErrors[field]}; ${msg}` : msg;
      } else {
        general.push(msg);
      }
    }
    const parts = [
      ...general,
      ...Object.entries(fieldErrors).map(([f, m]) => `${f}: ${m}`),
    ];
    return new ApiError(status, parts.length ? parts.join("; ") : prefix, fieldErrors);
  }
  return new ApiError(status, prefix);
}

/** Status of the ApiError raised when a request gets no answer within its time limit. */
export const TIMEOUT_STATUS = -1;

async function request<T>(path: string, init?: RequestInit, timeoutMs?: number): Promise<T> {
  let res: Response;
  let text: string;
  const ctrl = timeoutMs ? new AbortController() : null;
  const timer = ctrl ? setTimeout(() => ctrl.abort(), timeoutMs) : undefined;
  try {
    res = await fetch(path, {
      ...init,
      signal: ctrl?.signal ?? init?.signal,
      headers: {
        Accept: "application/json",
        ...(init?.body ? { "Content-Type": "application/json" } : {}),
        ...init?.headers,
      },
    });
    text = await res.text();
  } catch (e) {
    if (ctrl?.signal.aborted) {
      throw new ApiError(TIMEOUT_STATUS, `No answer from ${path} within ${Math.round((timeoutMs ?? 0) / 1000)} s`);
    }
    throw new ApiError(0, `Cannot reach the backend (${e instanceof Error ? e.message : String(e)})`);
  } finally {
    clearTimeout(timer);
  }
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (!res.ok) {
    throw errorFromBody(res.status, body);
  }
  if (body === null && text) {
    throw new ApiError(res.status, `Unexpected non-JSON answer from ${path}`);
  }
  return body as T;
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

export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message;
  return String(e);
}
