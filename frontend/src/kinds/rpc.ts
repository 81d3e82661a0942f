// The instrumented RPC runtime (the case study's kind): sweeps of request sizes, caller threads, think times,
// protection levels and call-handle caches become points; open-loop arrivals at a sweep of rates (a load sweep);
// rounds until a point's CI meets its target; over an emulated link profile (link experiments).
import type { AnyRunCreate, RpcRunCreate } from "../api/types";
import { formatBytes, formatCount } from "../format";
import { thinkTime } from "../figures/pointWords";
import { PrecisionFields, RpcFields } from "../pages/launch/KindFields";
import { INJECT_DEFAULTS, checkInject, toInjectBody, type InjectForm } from "../pages/launch/inject";
import { CACHES, LIMITS, PROTECTIONS, RPC_RUNTIME } from "../pages/launch/limits";
import { listSweep } from "../pages/launch/sweep";
import {
  checkArrival, checkCiTarget, checkInt, checkNames, int, isOpenLoop, put, RPC_DEFAULTS, sweepOf, type Arrival,
  type LaunchErrors, type LaunchForm,
} from "../pages/launch/form";
import { callsRow, checkCalls, str, transportRow } from "./common";
import type { CommonBody, KindUnit, Params } from "./types";

interface StoredPoint {
  point_no: number;
  request_bytes: number;
  threads: number;
  think_time_us: number;
  protection?: string;
  cache?: string;
  rate_calls_s?: number;
}

/** Each distinct value, in the order the points first have it (the order the sweep was typed in). */
const distinct = <T,>(values: (T | undefined)[]): T[] => [...new Set(values.filter((x): x is T => x !== undefined))];

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

/** An rpc open loop's rates: each one a point per combination of the other sweeps (1 in a closed loop). */
function rateCount(form: LaunchForm): number {
  return isOpenLoop(form) ? sweepOf(form, "rates").values.length : 1;
}

/** The run's number of points: the cartesian product of the sweeps. */
function countPoints(form: LaunchForm): number {
  return (["request_sizes", "threads", "think_time_us"] as const)
    .map((f) => sweepOf(form, f).values.length)
    .reduce((a, b) => a * b, rateCount(form) * (form.protection?.length ?? 0) * (form.cache?.length ?? 0));
}

/**
 * The 1-thread, no-think points the backend appends at launch (one per size × protection × cache) when the
 * sweep lacks them: the model takes each call kind's demands from that point (case study, section 4).
 */
function missingBasePoints(form: LaunchForm): number {
  // an open-loop point is no model base: the backend appends a closed-loop one for each call kind
  const hasBase = !isOpenLoop(form) && sweepOf(form, "threads").values.includes(1) && sweepOf(form, "think_time_us").values.includes(0);
  return hasBase ? 0 : sweepOf(form, "request_sizes").values.length * (form.protection?.length ?? 0) * (form.cache?.length ?? 0);
}

/** Open-loop arrivals: each of the sweep's rates in range, and no think time (the rate paces the callers). */
function validateRates(form: LaunchForm, errors: LaunchErrors) {
  const arrival = checkArrival(form, errors);
  if (!arrival || arrival === "closed") return;
  put(errors, "rates", sweepOf(form, "rates").error);
  const thinks = sweepOf(form, "think_time_us").values;
  if (thinks.some((t) => t !== 0)) {
    errors.think_time_us = `Think time must be 0 with ${arrival === "poisson" ? "Poisson" : "constant-rate"} arrivals: the rate paces each caller`;
  }
}

function validateRpc(form: LaunchForm, errors: LaunchErrors) {
  checkCalls(form, errors);
  validateRates(form, errors);
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

/** An rpc run's request_bytes is the size sweep, its rate the rates sweep, a runtime knob or fault field its own. */
function formField(backendField: string): keyof LaunchErrors | undefined {
  if (backendField === "request_bytes") return "request_sizes";
  if (backendField === "rate_calls_s") return "rates";
  if (RPC_RUNTIME.some(([f]) => f === backendField)) return `runtime.${backendField}`;
  // the backend names a fault's field "inject.step" (or its last part alone, "step")
  if (backendField.startsWith("inject")) return backendField as keyof LaunchErrors;
  if (["step", "delay_us", "every"].includes(backendField)) return `inject.${backendField}`;
  return undefined;
}

function rpcBody(form: LaunchForm, common: CommonBody): AnyRunCreate {
  const arrival = form.arrival ?? "closed";
  const link = form.link_profile && form.link_profile !== "loopback" ? { link_profile: form.link_profile } : {};
  return {
    kind: "rpc", ...common.agents, transport: form.transport === "tcp" ? "tcp" : "udp", procedure: (form.procedure ?? "null") as RpcRunCreate["procedure"], work_us: int(form.work_us),
    request_bytes: sweepOf(form, "request_sizes").values, threads: sweepOf(form, "threads").values,
    think_time_us: sweepOf(form, "think_time_us").values, think_distribution: form.think_distribution ?? "exponential",
    inject: form.inject ? toInjectBody(form.inject) : null, protection: [...(form.protection ?? [])] as RpcRunCreate["protection"],
    cache: [...(form.cache ?? [])] as RpcRunCreate["cache"], calls: int(form.calls), warmup_calls: int(form.warmup_calls),
    server_threads: int(form.server_threads), ci_target_pct: Number((form.ci_target_pct ?? RPC_DEFAULTS.ci_target_pct).trim()),
    max_rounds: int(form.max_rounds ?? RPC_DEFAULTS.max_rounds),
    model_tolerance_pct: int(form.model_tolerance_pct ?? RPC_DEFAULTS.model_tolerance_pct),
    ...Object.fromEntries(RPC_RUNTIME.map(([f]) => [f, int((form.runtime ?? RPC_DEFAULTS.runtime)[f])])), ...common.named,
    ...link, ...(arrival !== "closed" ? { arrival, rate_calls_s: sweepOf(form, "rates").values } : {}),
  };
}

function formFromParams(params: Params): Partial<LaunchForm> {
  const added = new Set((params.base_points_added as number[] | undefined) ?? []);
  const all = (params.points as StoredPoint[] | undefined) ?? [];
  const points = all.filter((p) => !added.has(p.point_no));
  const pk = (params.packetisation as Params | undefined) ?? {};
  const runtime = Object.fromEntries(RPC_RUNTIME.map(([f, , , , d]) => [f, str(params[f] ?? pk[f], String(d))]));
  const inject = params.inject as (Partial<InjectForm> & { delay_us?: number; every?: number }) | null | undefined;
  const rates = distinct(points.map((p) => p.rate_calls_s).filter((r): r is number => typeof r === "number"));
  return {
    procedure: str(params.procedure, RPC_DEFAULTS.procedure),
    work_us: str(params.work_us, RPC_DEFAULTS.work_us),
    server_threads: str(params.server_threads, RPC_DEFAULTS.server_threads),
    request_sizes: listSweep(distinct(points.map((p) => p.request_bytes))),
    threads: listSweep(distinct(points.map((p) => p.threads))),
    think_time_us: listSweep(distinct(points.map((p) => p.think_time_us))),
    protection: distinct(points.map((p) => p.protection ?? "none")),
    cache: distinct(points.map((p) => p.cache ?? "per-thread")),
    think_distribution: params.think_distribution === "constant" ? "constant" : "exponential",
    arrival: ((params.arrival as Arrival | undefined) ?? "closed"),
    ...(rates.length ? { rates: { ...RPC_DEFAULTS.rates, mode: "list" as const, list: rates.join(", ") } } : {}),
    inject: inject ? { ...INJECT_DEFAULTS, kind: inject.kind ?? INJECT_DEFAULTS.kind, step: inject.step ?? INJECT_DEFAULTS.step,
      delay_us: str(inject.delay_us, INJECT_DEFAULTS.delay_us), every: str(inject.every, INJECT_DEFAULTS.every) } : null,
    ci_target_pct: str(params.ci_target_pct, "0"), // a run from before rounds: no target
    max_rounds: str(params.max_rounds, "1"),
    model_tolerance_pct: str(params.model_tolerance_pct, RPC_DEFAULTS.model_tolerance_pct),
    runtime,
  };
}

/** Distinct values in first-seen order, formatted and joined; long lists shortened to first … last. */
function listOf<T>(values: T[], fmt: (v: T) => string, most = 6): string {
  const seen = distinct(values);
  if (seen.length === 0) return "—";
  return seen.length > most ? `${seen.length} values, ${fmt(seen[0])} … ${fmt(seen[seen.length - 1])}` : seen.map(fmt).join(", ");
}

const pointsOf = (p: Params): StoredPoint[] => (Array.isArray(p.points) ? (p.points as StoredPoint[]) : []);

export const rpc: KindUnit = {
  kind: "rpc",
  label: "RPC",
  what: "the instrumented RPC runtime over UDP; sweeps become points",
  transports: ["udp", "tcp"],
  transportHint: (t) => (t === "tcp" ? "the RPC runtime's packets framed on one TCP connection: no windows or acks of its own"
    : "the RPC runtime over UDP: its own packets, acks and windows"),
  linkProfile: true,
  sizes: false,
  callsLabel: "Calls per thread and point",
  Fields: RpcFields,
  MoreFields: PrecisionFields,
  validate: validateRpc,
  body: rpcBody,
  formFromParams,
  formField,
  pointCount: countPoints,
  basePoints: missingBasePoints,
  rounds: rpcRounds,
  work: (form, rounds) => ({ calls: rpcCallsTotal(form, rounds) }),

  callsPer: "per thread and point",
  sweeps: true,
  paramRows(p) {
    const pts = pointsOf(p);
    return [
      transportRow(p),
      { label: "Procedure", value: String(p.procedure ?? "—") },
      { label: "Request sizes", value: listOf(pts.map((x) => x.request_bytes), (v) => formatBytes(v)) },
      { label: "Threads", value: listOf(pts.map((x) => x.threads), String) },
      { label: "Think time", value: listOf(pts.map((x) => x.think_time_us), thinkTime) },
      { label: "Protection / cache", value: `${listOf(pts.map((x) => x.protection), String)} / ${listOf(pts.map((x) => x.cache), String)}` },
      { label: "Points", value: formatCount(pts.length) },
      callsRow(p, "per thread and point"),
    ];
  },
  sizesText(p) {
    const sizes = distinct(pointsOf(p).map((x) => x.request_bytes)).sort((a, b) => a - b);
    if (!sizes.length) return "—";
    const shown = sizes.length > 3 ? [sizes[0], sizes[sizes.length - 1]] : sizes;
    return `${shown.map((s) => formatBytes(s)).join(sizes.length > 3 ? " … " : ", ")} request`;
  },
  points: (p) => pointsOf(p),
  sentence(p, points, w) {
    const sizes = distinct(points.map((x) => x.request_bytes)).sort((a, b) => a - b);
    const threads = distinct(points.map((x) => x.threads));
    const dims = [
      `request ${listOf(sizes, (v) => `${formatCount(v)} B`, 4)}`,
      `${listOf(threads, String, 4)} caller thread${threads.length === 1 && threads[0] === 1 ? "" : "s"}`,
      `think time ${listOf(distinct(points.map((x) => x.think_time_us)), thinkTime, 4)}`,
      ...(["protection", "cache"] as const).map((k) => `${k} ${distinct(points.map((x) => x[k])).join(", ")}`),
    ];
    return `RPC calls of the ${String(p.procedure ?? "?")} procedure over ${w.transport} ${w.who}${w.link}: ${points.length} point${points.length === 1 ? "" : "s"} (${dims.join("; ")}), ${formatCount(p.calls as number)} calls per thread and point after ${w.warmup} warm-up.`;
  },
  figures: { model: true, slowStart: true },
};
