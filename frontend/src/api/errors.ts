// The error every API call raises: the backend's reason as a readable message, 422 items by field, 429's wait.

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
  /** seconds the backend asked to wait (429's Retry-After), else null */
  readonly retryAfterS: number | null;

  constructor(status: number, message: string, fieldErrors: Record<string, string> = {}, retryAfterS: number | null = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.retryAfterS = retryAfterS;
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  413: "Request too large",
  422: "Invalid input",
  429: "Too many requests",
  500: "Server error",
  502: "Backend unreachable (bad gateway)",
  503: "Service unavailable",
  504: "Backend timed out",
};

/** Turns an error response body into an ApiError (pure; exported for tests). */
export function errorFromBody(status: number, body: unknown, retryAfterS: number | null = null): ApiError {
  const prefix = STATUS_TEXT[status] ?? `HTTP ${status}`;
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === "string" && detail) {
    return new ApiError(status, detail, {}, retryAfterS);
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
  return new ApiError(status, prefix, {}, retryAfterS);
}

/** Status of the ApiError raised when a request gets no answer within its time limit. */
export const TIMEOUT_STATUS = -1;

export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message;
  return String(e);
}
