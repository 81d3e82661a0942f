// "Run again with these settings": a launched run's stored parameters back in the launch form, to launch as they
// are or edit first. An RPC run's sweeps come back from its points, less the 1-thread base points the lab added
// (the backend adds them again when the sweep still lacks them).
import type { Run, Transport } from "../../api/types";
import { INJECT_DEFAULTS, type InjectForm } from "./inject";
import { RPC_RUNTIME, type Kind } from "./limits";
import { listSweep } from "./sweep";
import { DEFAULT_FORM, RPC_DEFAULTS, type Arrival, type LaunchForm } from "./validation";

type Params = Record<string, unknown>;
interface StoredPoint {
  point_no: number;
  request_bytes: number;
  threads: number;
  think_time_us: number;
  protection?: string;
  cache?: string;
  rate_calls_s?: number;
}

const str = (v: unknown, fallback: string): string => (typeof v === "number" || typeof v === "string" ? String(v) : fallback);
/** Each distinct value, in the order the points first have it (the order the sweep was typed in). */
const distinct = <T,>(values: T[]): T[] => [...new Set(values)];

function rpcFields(params: Params): Partial<LaunchForm> {
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

/** The launch form that launches `run` again: its kind, transport, sizes, sweeps, rounds, runtime knobs, link
 * profile, name and tags; the agents stay the form's own (the caller's current choice). */
export function formFromRun(run: Run, base: LaunchForm = DEFAULT_FORM): LaunchForm {
  const params = run.params as unknown as Params;
  const kind = run.kind as Kind;
  const link = (run.link as { profile?: string } | undefined)?.profile;
  const form: LaunchForm = {
    ...base,
    kind,
    transport: (params.transport as Transport | undefined) ?? base.transport,
    calls: str(params.calls, base.calls),
    warmup_calls: str(params.warmup_calls, base.warmup_calls),
    name: run.name,
    tags: run.tags.join(", "),
    link_profile: link ?? "loopback",
  };
  if (kind === "rpc") return { ...form, ...rpcFields(params) };
  const own: Partial<LaunchForm> = {
    request_bytes: str(params.request_bytes, base.request_bytes),
    response_bytes: str(params.response_bytes, base.response_bytes),
  };
  if (kind === "pingpong") {
    own.arrival = (params.arrival as Arrival | undefined) ?? "closed";
    own.rate_calls_s = str(params.rate_calls_s, base.rate_calls_s ?? "1000");
  }
  if (kind === "stream") {
    own.message_bytes = str(params.message_bytes, base.message_bytes ?? "");
    own.duration_s = str(params.duration_s, base.duration_s ?? "");
    own.interval_ms = str(params.interval_ms, base.interval_ms ?? "");
  }
  if (kind === "flows") {
    own.mode = params.mode === "processes" ? "processes" : "threads";
    own.flows = str(params.flows, base.flows ?? "");
  }
  return { ...form, ...own };
}
