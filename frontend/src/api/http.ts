// The one way the UI talks to the backend: every request sends the session cookie, every unsafe method carries
// the CSRF header copied from the perflab_csrf cookie, and a 401 anywhere sends the user to the login page.
import { ApiError, TIMEOUT_STATUS, errorFromBody } from "./errors";

export const CSRF_COOKIE = "perflab_csrf";
export const CSRF_HEADER = "X-CSRF-Token";
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The value of the perflab_csrf cookie (set by login, readable by scripts), or "" when there is none. */
export function csrfToken(cookies: string = document.cookie): string {
  for (const part of cookies.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === CSRF_COOKIE) return decodeURIComponent(v.join("="));
  }
  return "";
}

type UnauthorizedHandler = (detail: string) => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** Who hears of a 401 (the session provider, which shows the login page); returns the undo. */
export function onUnauthorized(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

export interface ApiOptions {
  /** a 401 is the caller's own answer (login, the start-up "who am I"), not a reason to leave the page */
  own401?: boolean;
}

/** fetch() with the lab's credentials convention; the Response is the caller's to read. */
export async function apiFetch(path: string, init: RequestInit = {}, opts: ApiOptions = {}): Promise<Response> {
  const method = (init.method ?? "GET").toUpperCase();
  const headers = new Headers(init.headers);
  if (UNSAFE.has(method) && !headers.has(CSRF_HEADER)) {
    const token = csrfToken();
    if (token) headers.set(CSRF_HEADER, token);
  }
  const res = await fetch(path, { ...init, headers, credentials: "same-origin" });
  if (res.status === 401 && !opts.own401) {
    // the body is the caller's; a clone tells the handler the backend's reason
    const body: unknown = await res.clone().json().catch(() => null);
    const detail = (body as { detail?: unknown } | null)?.detail;
    unauthorizedHandler?.(typeof detail === "string" ? detail : "log in");
  }
  return res;
}

export interface JsonOptions extends ApiOptions {
  /** give up after this long with a TIMEOUT_STATUS ApiError */
  timeoutMs?: number;
}

function retryAfter(res: Response): number | null {
  const s = Number(res.headers.get("Retry-After"));
  return res.headers.has("Retry-After") && Number.isFinite(s) ? s : null;
}

/** A JSON request: the answer parsed, or an ApiError with the backend's reason (and the field of a 422). A body
 * that is a string goes as application/json. The caller's own abort (init.signal) rejects with its AbortError. */
export async function requestJson<T>(path: string, init: RequestInit = {}, opts: JsonOptions = {}): Promise<T> {
  const outer = init.signal ?? undefined;
  const ctrl = new AbortController();
  const onAbort = () => ctrl.abort();
  outer?.addEventListener("abort", onAbort);
  if (outer?.aborted) ctrl.abort();
  const timer = opts.timeoutMs ? setTimeout(() => ctrl.abort(), opts.timeoutMs) : undefined;
  const headers = new Headers(init.headers);
  if (!headers.has("Accept")) headers.set("Accept", "application/json");
  if (init.body && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  let res: Response;
  let text: string;
  try {
    res = await apiFetch(path, { ...init, headers, signal: ctrl.signal }, opts);
    text = await res.text();
  } catch (e) {
    if (outer?.aborted) throw e; // the caller cancelled: not an error to show
    if (ctrl.signal.aborted) {
      throw new ApiError(TIMEOUT_STATUS, `No answer from ${path} within ${Math.round((opts.timeoutMs ?? 0) / 1000)} s`);
    }
    throw new ApiError(0, `Cannot reach the backend (${e instanceof Error ? e.message : String(e)})`);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener("abort", onAbort);
  }
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (!res.ok) throw errorFromBody(res.status, body, retryAfter(res));
  if (body === null && text) throw new ApiError(res.status, `Unexpected non-JSON answer from ${path}`);
  return body as T;
}
