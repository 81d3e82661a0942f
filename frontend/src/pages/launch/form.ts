// The launch form as typed and the checks every kind's fields share: each field's error naming its allowed range.
// A kind's own fields, checks and API body are in src/kinds/<kind>.ts; pages/launch/validation.ts runs them.
import type { Kind, Transport } from "../../api/types";
import { LIMITS, RPC_RUNTIME } from "./limits";
import { expandSweep, listSweep, type SweepBounds, type SweepResult, type SweepSpec } from "./sweep";
import type { InjectForm } from "./inject";

/** Raw form state, as typed (strings for the numeric inputs); one form holds every kind's fields. */
export interface LaunchForm {
  kind?: Kind; // absent = pingpong (as before kinds existed)
  client_agent_id: string;
  server_agent_id: string;
  transport: Transport;
  request_bytes: string; // pingpong, flows
  response_bytes: string; // pingpong, flows
  calls: string;
  warmup_calls: string;
  name: string;
  tags?: string; // comma-separated, as typed
  // the transport chosen for each kind: switching kinds takes that kind's own (or its default), never another's
  transport_by_kind?: Partial<Record<Kind, Transport>>;
  link_profile?: string; // pingpong and rpc: a name from GET /api/links/profiles; loopback when absent
  // rpc
  procedure?: string;
  work_us?: string;
  server_threads?: string;
  request_sizes?: SweepSpec;
  threads?: SweepSpec;
  think_time_us?: SweepSpec;
  think_distribution?: "exponential" | "constant"; // how each think time is drawn around its mean
  // open-loop arrivals (pingpong and rpc): closed = each call when the last returned; constant/poisson at a rate
  arrival?: Arrival;
  rate_calls_s?: string; // pingpong: the connection's rate
  rates?: SweepSpec; // rpc: each point's rate over its threads, a sweep dimension (a load sweep)
  inject?: InjectForm | null; // calibration: a fault planted at the points with more than one caller; null: none
  protection?: string[];
  cache?: string[];
  runtime?: Record<string, string>; // RPC_RUNTIME fields: packetisation, flow control, link, seed
  ci_target_pct?: string; // % of the mean; 0 = no target (one round)
  max_rounds?: string; // rounds of `calls` per thread a point may run
  model_tolerance_pct?: string; // % the model's band allows for its own error before a point is an anomaly
  // stream
  message_bytes?: string;
  duration_s?: string;
  interval_ms?: string;
  // flows
  mode?: "threads" | "processes";
  flows?: string;
}

export type Arrival = "closed" | "constant" | "poisson";
export const isOpenLoop = (form: LaunchForm) => (form.arrival ?? "closed") !== "closed";

export type LaunchField = keyof LaunchForm;
/** Messages by form field; an RPC runtime knob's is under "runtime.<backend field>", a planted fault's under "inject.<field>". */
export type LaunchErrors = Partial<Record<LaunchField | `runtime.${string}` | `inject.${string}`, string>>;

export const RPC_DEFAULTS = {
  procedure: "null",
  work_us: "0",
  server_threads: "4",
  request_sizes: listSweep([0]),
  threads: listSweep([1]),
  think_time_us: listSweep([0]),
  think_distribution: "exponential",
  arrival: "closed",
  rates: { mode: "linear", list: "1000, 2000, 3000, 4000, 5000", from: "1000", to: "5000", step: "1000" },
  inject: null,
  protection: ["none"],
  cache: ["per-thread"],
  // the form repeats points by default (the API's default is one round, as before rounds existed)
  ci_target_pct: "5",
  max_rounds: "5",
  model_tolerance_pct: "10",
  runtime: Object.fromEntries(RPC_RUNTIME.map(([f, , , , d]) => [f, String(d)])),
} satisfies Partial<LaunchForm>;

export const DEFAULT_FORM: LaunchForm = {
  client_agent_id: "",
  server_agent_id: "",
  transport: "tcp",
  request_bytes: "64",
  response_bytes: "64",
  calls: "1000",
  warmup_calls: "10",
  name: "",
  link_profile: "loopback",
  ...RPC_DEFAULTS,
  rate_calls_s: "1000",
  message_bytes: "65536",
  duration_s: "5",
  interval_ms: "100",
  mode: "threads",
  flows: "4",
};

export const kindOf = (form: LaunchForm): Kind => form.kind ?? "pingpong";

export function maxBytes(transport: Transport): number {
  return transport === "udp" ? LIMITS.udpMaxBytes : LIMITS.tcpMaxBytes;
}

export const SWEEP_BOUNDS: Record<"request_sizes" | "threads" | "think_time_us" | "rates", SweepBounds> = {
  request_sizes: { label: "Request sizes", min: 0, max: LIMITS.rpcMaxBytes, unit: "bytes", maxValues: LIMITS.maxSweepValues },
  threads: { label: "Threads", min: 1, max: LIMITS.maxThreads, maxValues: LIMITS.maxSweepValues },
  think_time_us: { label: "Think times", min: 0, max: LIMITS.maxThinkUs, unit: "µs", maxValues: LIMITS.maxSweepValues },
  rates: { label: "Rates", min: LIMITS.minRate, max: LIMITS.maxRate, unit: "calls/s", maxValues: LIMITS.maxSweepValues },
};

export function sweepOf(form: LaunchForm, field: keyof typeof SWEEP_BOUNDS): SweepResult {
  return expandSweep(form[field] ?? RPC_DEFAULTS[field], SWEEP_BOUNDS[field]);
}

export function checkInt(raw: string | undefined, label: string, min: number, max: number, suffix = ""): string | undefined {
  const s = (raw ?? "").trim();
  const range = `${label} must be between ${min} and ${max}${suffix}`;
  if (s === "") return `${range}`;
  if (!/^-?\d+$/.test(s)) return `${label} must be a whole number (${min}..${max}${suffix})`;
  const v = Number(s);
  if (v < min || v > max) return `${range} (got ${s})`;
  return undefined;
}

/** Sets errors[field] when the check fails. */
export function put(errors: LaunchErrors, field: keyof LaunchErrors, message: string | undefined) {
  if (message) errors[field] = message;
}

export function checkNames(values: string[] | undefined, label: string, allowed: readonly string[]): string | undefined {
  const v = values ?? [];
  if (v.length === 0) return `${label}: choose at least one of ${allowed.join(", ")}`;
  const bad = v.find((x) => !allowed.includes(x));
  return bad ? `${label} must be among ${allowed.join(", ")} (got ${bad})` : undefined;
}

/** "CI target must be 0 (no target) or between 0.5 and 50 % (got 0.2)": the backend's message, in the form's words. */
export function checkCiTarget(raw: string | undefined): string | undefined {
  const s = (raw ?? "").trim();
  const range = `CI target must be 0 (no target) or between ${LIMITS.ciTargetMin} and ${LIMITS.ciTargetMax} %`;
  if (!/^\d+(\.\d+)?$/.test(s)) return s === "" ? range : `${range} (got ${s})`;
  const v = Number(s);
  return v !== 0 && (v < LIMITS.ciTargetMin || v > LIMITS.ciTargetMax) ? `${range} (got ${s})` : undefined;
}

/** The typed tags: comma-separated, blanks dropped, each once. */
export function tagsOf(raw: string | undefined): string[] {
  return [...new Set((raw ?? "").split(",").map((t) => t.trim()).filter(Boolean))];
}

export function checkTags(raw: string | undefined): string | undefined {
  const tags = tagsOf(raw);
  if (tags.length > LIMITS.maxTags) return `Tags: at most ${LIMITS.maxTags} (got ${tags.length})`;
  const long = tags.find((t) => t.length > LIMITS.maxTagLength);
  return long ? `Tags must be 1 to ${LIMITS.maxTagLength} characters each (got ${long.length}: ${long.slice(0, 20)}…)` : undefined;
}

/** The arrivals chosen, once known: undefined (with its error set) for an unknown one. */
export function checkArrival(form: LaunchForm, errors: LaunchErrors): Arrival | undefined {
  const arrival = form.arrival ?? "closed";
  if (["closed", "constant", "poisson"].includes(arrival)) return arrival;
  errors.arrival = "Arrivals must be closed loop, constant rate or Poisson";
  return undefined;
}

export const int = (s: string | undefined) => Number((s ?? "").trim());
