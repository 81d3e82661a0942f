// The launch form as typed, checked before sending: each field's error naming its allowed range, the points and calls
// it makes, and the API body it turns into.
import type { AnyRunCreate, RpcRunCreate, Transport } from "../../api/types";
import { CACHES, LIMITS, PROTECTIONS, RPC_RUNTIME, type Kind } from "./limits";
import { expandSweep, listSweep, type SweepBounds, type SweepResult, type SweepSpec } from "./sweep";
import { checkInject, toInjectBody, type InjectForm } from "./inject";

export { LIMITS } from "./limits";

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

/** The transports a kind accepts (the first is its default). */
export function transportsOf(kind: Kind): Transport[] {
  return kind === "rpc" ? ["udp", "tcp"] : kind === "flows" ? ["tcp"] : ["tcp", "udp"];
}

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

function checkInt(raw: string | undefined, label: string, min: number, max: number, suffix = ""): string | undefined {
  const s = (raw ?? "").trim();
  const range = `${label} must be between ${min} and ${max}${suffix}`;
  if (s === "") return `${range}`;
  if (!/^-?\d+$/.test(s)) return `${label} must be a whole number (${min}..${max}${suffix})`;
  const v = Number(s);
  if (v < min || v > max) return `${range} (got ${s})`;
  return undefined;
}

/** Sets errors[field] when the check fails. */
function put(errors: LaunchErrors, field: keyof LaunchErrors, message: string | undefined) {
  if (message) errors[field] = message;
}

function checkNames(values: string[] | undefined, label: string, allowed: readonly string[]): string | undefined {
  const v = values ?? [];
  if (v.length === 0) return `${label}: choose at least one of ${allowed.join(", ")}`;
  const bad = v.find((x) => !allowed.includes(x));
  return bad ? `${label} must be among ${allowed.join(", ")} (got ${bad})` : undefined;
}

/** Rounds a point may run: 1 without a target. */
export function rpcRounds(form: LaunchForm): number {
  return Number(form.ci_target_pct ?? RPC_DEFAULTS.ci_target_pct) > 0 ? Number(form.max_rounds ?? RPC_DEFAULTS.max_rounds) : 1;
}

/** Σ over the points of threads × (warm-up + calls × rounds): one round by default, the most rounds for what the
 * backend caps at LIMITS.maxCallsTotal (it counts every point's max_rounds). */
export function rpcCallsTotal(form: LaunchForm, rounds = 1): number {
  const sizes = sweepOf(form, "request_sizes").values.length;
  const threadSum = sweepOf(form, "threads").values.reduce((a, b) => a + b, 0);
  const think = sweepOf(form, "think_time_us").values.length;
  const per = Number(form.warmup_calls) + Number(form.calls) * rounds;
  return sizes * threadSum * think * rateCount(form) * (form.protection?.length ?? 0) * (form.cache?.length ?? 0) * per;
}

/** "CI target must be 0 (no target) or between 0.5 and 50 % (got 0.2)": the backend's message, in the form's words. */
export function checkCiTarget(raw: string | undefined): string | undefined {
  const s = (raw ?? "").trim();
  const range = `CI target must be 0 (no target) or between ${LIMITS.ciTargetMin} and ${LIMITS.ciTargetMax} %`;
  if (!/^\d+(\.\d+)?$/.test(s)) return s === "" ? range : `${range} (got ${s})`;
  const v = Number(s);
  return v !== 0 && (v < LIMITS.ciTargetMin || v > LIMITS.ciTargetMax) ? `${range} (got ${s})` : undefined;
}

/** An rpc open loop's rates: each one a point per combination of the other sweeps (1 in a closed loop). */
export function rateCount(form: LaunchForm): number {
  return kindOf(form) === "rpc" && isOpenLoop(form) ? sweepOf(form, "rates").values.length : 1;
}

/** The run's number of points: the cartesian product of the sweeps for rpc, else 1. */
export function countPoints(form: LaunchForm): number {
  if (kindOf(form) !== "rpc") return 1;
  return (["request_sizes", "threads", "think_time_us"] as const)
    .map((f) => sweepOf(form, f).values.length)
    .reduce((a, b) => a * b, rateCount(form) * (form.protection?.length ?? 0) * (form.cache?.length ?? 0));
}

/**
 * The 1-thread, no-think points the backend appends at launch (one per size × protection × cache) when the
 * sweep lacks them: the model takes each call kind's demands from that point (case study, section 4).
 */
export function missingBasePoints(form: LaunchForm): number {
  if (kindOf(form) !== "rpc") return 0;
  // an open-loop point is no model base: the backend appends a closed-loop one for each call kind
  const hasBase = !isOpenLoop(form) && sweepOf(form, "threads").values.includes(1) && sweepOf(form, "think_time_us").values.includes(0);
  return hasBase ? 0 : sweepOf(form, "request_sizes").values.length * (form.protection?.length ?? 0) * (form.cache?.length ?? 0);
}

/** The typed tags: comma-separated, blanks dropped, each once. */
export function tagsOf(raw: string | undefined): string[] {
  return [...new Set((raw ?? "").split(",").map((t) => t.trim()).filter(Boolean))];
}

function checkTags(raw: string | undefined): string | undefined {
  const tags = tagsOf(raw);
  if (tags.length > LIMITS.maxTags) return `Tags: at most ${LIMITS.maxTags} (got ${tags.length})`;
  const long = tags.find((t) => t.length > LIMITS.maxTagLength);
  return long ? `Tags must be 1 to ${LIMITS.maxTagLength} characters each (got ${long.length}: ${long.slice(0, 20)}…)` : undefined;
}

/** The form for another kind: its own transport (the one chosen for it before, else its default), so an RPC run
 * never inherits the ping-pong's TCP while the hint speaks of the RPC runtime's UDP. */
export function switchKind(form: LaunchForm, kind: Kind): LaunchForm {
  const allowed = transportsOf(kind);
  const mine = form.transport_by_kind?.[kind];
  return { ...form, kind, transport: mine && allowed.includes(mine) ? mine : allowed[0] };
}

/** The form with a transport chosen for its kind, remembered for when the user comes back to the kind. */
export function chooseTransport(form: LaunchForm, transport: Transport): LaunchForm {
  return { ...form, transport, transport_by_kind: { ...form.transport_by_kind, [kindOf(form)]: transport } };
}

/** Validates the launch form for its kind; returns a message per invalid field (empty object when valid). */
export function validateLaunch(form: LaunchForm): LaunchErrors {
  const errors: LaunchErrors = {};
  const kind = kindOf(form);
  if (!form.client_agent_id) errors.client_agent_id = "Choose a client agent (an online agent)";
  if (!form.server_agent_id) errors.server_agent_id = "Choose a server agent (an online agent)";
  const transports = transportsOf(kind);
  if (!transports.includes(form.transport)) {
    errors.transport = `Transport must be ${transports.map((t) => t.toUpperCase()).join(" or ")} for this kind`;
  }
  const tr = form.transport === "udp" ? " for UDP" : " for TCP";
  if (kind === "pingpong" || kind === "flows") {
    const max = kind === "flows" ? LIMITS.tcpMaxBytes : maxBytes(form.transport);
    put(errors, "request_bytes", checkInt(form.request_bytes, "Request size", LIMITS.minBytes, max, ` bytes${tr}`));
    put(errors, "response_bytes", checkInt(form.response_bytes, "Response size", LIMITS.minBytes, max, ` bytes${tr}`));
  }
  if (kind !== "stream") {
    put(errors, "calls", checkInt(form.calls, "Calls", LIMITS.minCalls, LIMITS.maxCalls));
    put(errors, "warmup_calls", checkInt(form.warmup_calls, "Warm-up calls", LIMITS.minWarmup, LIMITS.maxWarmup));
  }
  if (kind === "pingpong" || kind === "rpc") validateArrival(form, errors);
  if (kind === "rpc") validateRpc(form, errors);
  if (kind === "stream") {
    const max = form.transport === "udp" ? LIMITS.udpMaxDatagram : LIMITS.tcpMaxBytes;
    put(errors, "message_bytes", checkInt(form.message_bytes, "Message size", LIMITS.minBytes, max, ` bytes${tr}`));
    put(errors, "duration_s", checkInt(form.duration_s, "Duration", 1, LIMITS.maxStreamS, " s"));
    put(errors, "interval_ms", checkInt(form.interval_ms, "Interval", LIMITS.minIntervalMs, LIMITS.maxIntervalMs, " ms"));
  }
  if (kind === "flows") {
    if (form.mode !== "threads" && form.mode !== "processes") errors.mode = "Mode must be threads or processes";
    put(errors, "flows", checkInt(form.flows, "Flows", 1, LIMITS.maxFlows));
    const total = Number(form.flows) * (Number(form.calls) + Number(form.warmup_calls));
    if (!errors.flows && !errors.calls && !errors.warmup_calls && total > LIMITS.maxFlowsCallsTotal) {
      errors.calls = `Calls: flows × (calls + warm-up calls) must be at most ${LIMITS.maxFlowsCallsTotal} (got ${total})`;
    }
  }
  if (form.name.trim().length > LIMITS.maxName) {
    errors.name = `Name must be at most ${LIMITS.maxName} characters`;
  }
  put(errors, "tags", checkTags(form.tags));
  return errors;
}

/** Open-loop arrivals: a rate in range (rpc: each of the sweep's), and no think time (the rate paces the callers). */
function validateArrival(form: LaunchForm, errors: LaunchErrors) {
  const arrival = form.arrival ?? "closed";
  if (!["closed", "constant", "poisson"].includes(arrival)) {
    errors.arrival = "Arrivals must be closed loop, constant rate or Poisson";
    return;
  }
  if (arrival === "closed") return;
  if (kindOf(form) === "pingpong") {
    put(errors, "rate_calls_s", checkInt(form.rate_calls_s, "Rate", LIMITS.minRate, LIMITS.maxRate, " calls/s"));
    return;
  }
  put(errors, "rates", sweepOf(form, "rates").error);
  const thinks = sweepOf(form, "think_time_us").values;
  if (thinks.some((t) => t !== 0)) {
    errors.think_time_us = `Think time must be 0 with ${arrival === "poisson" ? "Poisson" : "constant-rate"} arrivals: the rate paces each caller`;
  }
}

function validateRpc(form: LaunchForm, errors: LaunchErrors) {
  for (const f of ["request_sizes", "threads", "think_time_us"] as const) put(errors, f, sweepOf(form, f).error);
  put(errors, "protection", checkNames(form.protection, "Protection levels", PROTECTIONS));
  put(errors, "cache", checkNames(form.cache, "Call-handle cache policies", CACHES));
  put(errors, "work_us", checkInt(form.work_us, "Work", 0, LIMITS.maxWorkUs, " µs"));
  put(errors, "server_threads", checkInt(form.server_threads, "Server threads", 1, LIMITS.maxThreads));
  put(errors, "ci_target_pct", checkCiTarget(form.ci_target_pct ?? RPC_DEFAULTS.ci_target_pct));
  put(errors, "max_rounds", checkInt(form.max_rounds ?? RPC_DEFAULTS.max_rounds, "Most rounds", 1, LIMITS.maxRounds));
  put(errors, "model_tolerance_pct", checkInt(form.model_tolerance_pct ?? RPC_DEFAULTS.model_tolerance_pct, "Model tolerance", 0, LIMITS.maxModelTolerance, " %"));
  if (form.think_distribution && !["exponential", "constant"].includes(form.think_distribution)) {
    errors.think_distribution = "Think time distribution must be exponential or constant";
  }
  if (form.inject) Object.assign(errors, checkInject(form.inject, sweepOf(form, "threads").values));
  const runtime = form.runtime ?? RPC_DEFAULTS.runtime;
  for (const [f, label, min, max, , unit] of RPC_RUNTIME) {
    put(errors, `runtime.${f}`, checkInt(runtime[f], label, min, max, unit ? ` ${unit}` : ""));
  }
  if (!errors["runtime.window_max"] && !errors["runtime.window_initial"] && Number(runtime.window_max) < Number(runtime.window_initial)) {
    errors["runtime.window_max"] = `Largest window must be between ${runtime.window_initial} (the initial window) and ${1 << 24} bytes`;
  }
  if (Object.keys(errors).some((k) => ["request_sizes", "threads", "think_time_us", "rates", "protection", "cache"].includes(k))) return;
  const points = countPoints(form);
  if (points > LIMITS.maxPoints) {
    errors.request_sizes = `The sweep must have at most ${LIMITS.maxPoints} points (got ${points}): remove sizes, threads, think times, levels or policies`;
  } else if (!errors.calls && !errors.warmup_calls) {
    const total = rpcCallsTotal(form);
    const rounds = rpcRounds(form);
    const worst = rpcCallsTotal(form, rounds);
    if (total > LIMITS.maxCallsTotal) {
      errors.calls = `Calls: Σ threads × (calls + warm-up calls) over the points must be at most ${LIMITS.maxCallsTotal} (got ${total})`;
    } else if (!errors.max_rounds && worst > LIMITS.maxCallsTotal) {
      // the backend keeps room for every point's last round, so the most rounds count whatever the target
      let fit = rounds;
      while (fit > 1 && rpcCallsTotal(form, fit) > LIMITS.maxCallsTotal) fit--;
      errors.max_rounds = `Most rounds must be between 1 and ${fit} for this sweep: Σ threads × (warm-up + calls × rounds) must be at most ${LIMITS.maxCallsTotal} (got ${worst})`;
    }
  }
}

/** The form field a backend error names: an rpc run's request_bytes is the size sweep. */
export function formFieldOf(kind: Kind, backendField: string): keyof LaunchErrors | undefined {
  if (kind === "rpc" && backendField === "request_bytes") return "request_sizes";
  if (kind === "rpc" && backendField === "rate_calls_s") return "rates";
  if (kind === "rpc" && RPC_RUNTIME.some(([f]) => f === backendField)) return `runtime.${backendField}`;
  // the backend names a fault's field "inject.step" (or its last part alone, "step")
  if (kind === "rpc" && backendField.startsWith("inject")) return backendField as keyof LaunchErrors;
  if (kind === "rpc" && ["step", "delay_us", "every"].includes(backendField)) return `inject.${backendField}`;
  const known: LaunchField[] = Object.keys(DEFAULT_FORM) as LaunchField[];
  return known.includes(backendField as LaunchField) ? (backendField as LaunchField) : undefined;
}

const int = (s: string | undefined) => Number((s ?? "").trim());

/** Builds the POST /api/runs body from a valid form. */
export function toRunCreate(form: LaunchForm): AnyRunCreate {
  const kind = kindOf(form);
  const agents = { client_agent_id: Number(form.client_agent_id), server_agent_id: Number(form.server_agent_id) };
  const name = form.name.trim();
  const tags = tagsOf(form.tags);
  const common = { ...(name ? { name } : {}), ...(tags.length ? { tags } : {}) };
  const link = form.link_profile && form.link_profile !== "loopback" ? { link_profile: form.link_profile } : {};
  const arrival = form.arrival ?? "closed";
  // a closed loop sends no arrival fields: the body is as before open-loop arrivals
  const open = arrival !== "closed";
  if (kind === "rpc") {
    return {
      kind, ...agents, transport: form.transport === "tcp" ? "tcp" : "udp", procedure: (form.procedure ?? "null") as RpcRunCreate["procedure"], work_us: int(form.work_us),
      request_bytes: sweepOf(form, "request_sizes").values, threads: sweepOf(form, "threads").values,
      think_time_us: sweepOf(form, "think_time_us").values, think_distribution: form.think_distribution ?? "exponential",
      inject: form.inject ? toInjectBody(form.inject) : null, protection: [...(form.protection ?? [])] as RpcRunCreate["protection"],
      cache: [...(form.cache ?? [])] as RpcRunCreate["cache"], calls: int(form.calls), warmup_calls: int(form.warmup_calls),
      server_threads: int(form.server_threads), ci_target_pct: Number((form.ci_target_pct ?? RPC_DEFAULTS.ci_target_pct).trim()),
      max_rounds: int(form.max_rounds ?? RPC_DEFAULTS.max_rounds),
      model_tolerance_pct: int(form.model_tolerance_pct ?? RPC_DEFAULTS.model_tolerance_pct),
      ...Object.fromEntries(RPC_RUNTIME.map(([f]) => [f, int((form.runtime ?? RPC_DEFAULTS.runtime)[f])])), ...common,
      ...link, ...(open ? { arrival, rate_calls_s: sweepOf(form, "rates").values } : {}),
    };
  }
  if (kind === "stream") {
    return { kind, ...agents, transport: form.transport, message_bytes: int(form.message_bytes),
      duration_s: int(form.duration_s), interval_ms: int(form.interval_ms), ...common };
  }
  if (kind === "flows") {
    return { kind, ...agents, transport: "tcp", mode: form.mode ?? "threads", flows: int(form.flows),
      request_bytes: int(form.request_bytes), response_bytes: int(form.response_bytes), calls: int(form.calls),
      warmup_calls: int(form.warmup_calls), ...common };
  }
  const body: AnyRunCreate = {
    kind: "pingpong", ...agents, transport: form.transport, request_bytes: int(form.request_bytes),
    response_bytes: int(form.response_bytes), calls: int(form.calls), warmup_calls: int(form.warmup_calls), ...common,
  };
  return { ...body, ...link, ...(open ? { arrival, rate_calls_s: Number((form.rate_calls_s ?? "").trim()) } : {}) };
}
