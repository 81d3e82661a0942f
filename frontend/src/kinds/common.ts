// What several kinds share: the calls and sizes checks, the request/response form fields and summary rows.
import { formatBytes, formatCount } from "../format";
import { LIMITS } from "../pages/launch/limits";
import { checkInt, int, maxBytes, put, type LaunchErrors, type LaunchForm } from "../pages/launch/form";
import type { ParamRow, Params } from "./types";

const n = (v: unknown) => (typeof v === "number" ? v : undefined);
export const str = (v: unknown, fallback: string): string => (typeof v === "number" || typeof v === "string" ? String(v) : fallback);

export const transportRow = (p: Params): ParamRow => ({ label: "Transport", value: String(p.transport ?? "—").toUpperCase() });

export const callsRow = (p: Params, per: string): ParamRow => ({
  label: "Calls",
  value: `${formatCount(n(p.calls))}${per ? ` ${per}` : ""}`,
  note: `+ ${formatCount(n(p.warmup_calls) ?? 0)} warm-up`,
});

export const sizesRow = (p: Params): ParamRow => ({
  label: "Request / response", value: `${formatBytes(n(p.request_bytes))} / ${formatBytes(n(p.response_bytes))}`,
});

export const sizesText = (p: Params): string =>
  typeof p.request_bytes === "number" ? `${formatBytes(p.request_bytes)} / ${formatBytes(p.response_bytes as number)}` : "—";

/** Calls and warm-up calls in range. */
export function checkCalls(form: LaunchForm, errors: LaunchErrors) {
  put(errors, "calls", checkInt(form.calls, "Calls", LIMITS.minCalls, LIMITS.maxCalls));
  put(errors, "warmup_calls", checkInt(form.warmup_calls, "Warm-up calls", LIMITS.minWarmup, LIMITS.maxWarmup));
}

/** Request and response sizes up to `max` bytes (one datagram for UDP). */
export function checkSizes(form: LaunchForm, errors: LaunchErrors, max = maxBytes(form.transport)) {
  const tr = form.transport === "udp" ? " bytes for UDP" : " bytes for TCP";
  put(errors, "request_bytes", checkInt(form.request_bytes, "Request size", LIMITS.minBytes, max, tr));
  put(errors, "response_bytes", checkInt(form.response_bytes, "Response size", LIMITS.minBytes, max, tr));
}

/** The sizes and calls of a request/response body. */
export const sizedCalls = (form: LaunchForm) => ({
  request_bytes: int(form.request_bytes), response_bytes: int(form.response_bytes), calls: int(form.calls),
  warmup_calls: int(form.warmup_calls),
});

export const sizesFromParams = (params: Params, base: LaunchForm): Partial<LaunchForm> => ({
  request_bytes: str(params.request_bytes, base.request_bytes),
  response_bytes: str(params.response_bytes, base.response_bytes),
});
