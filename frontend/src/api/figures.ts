// Stored analyses and stateless models read by the RTT-vs-size, Throughput and Model tabs (docs/analysis.md).
import { fetchAnalysis } from "./analyses";
import { requestJson } from "./http";
import type { components } from "./schema.generated";

type Schemas = components["schemas"];

/** A kind the backend could not compute says why. */
export type Unavailable = Schemas["Unavailable"];
export type StatBlock = Schemas["Stats"];
export type StepStatsPoint = Schemas["StepStatsPoint"];
export type StepStats = Schemas["StepStatsResult"];
export type UnitCost = Schemas["UnitCostResult"];
export type PacketJump = Schemas["PacketJump"];
export type PacketCount = Schemas["PacketCount"];
/** The `packets` analysis (docs/analysis.md): the packet model at the run's request sizes with the parameters it
 * took from the run (its packetisation, or an emulated link's MTU). */
export type Packets = Schemas["PacketsResult"];
export type EcsThroughput = Schemas["Throughput"];
export type Ecs = Schemas["EcsResult"];
/** Times in ms (the model_vs_measured analysis' unit). */
export type ModelRow = Schemas["ModelRow"];
export type ModelVsMeasured = Schemas["ModelResult"];
export type RtpSegment = Schemas["RtpSegment"];
export type Rtp = Schemas["RtpResult"];
export type DemandsKind = Schemas["DemandsResult"];

export type WhatIfAnswer = components["schemas"]["WhatIfOut"];

function call<T>(path: string, init: RequestInit = {}, timeoutMs = 20_000): Promise<T> {
  return requestJson<T>(path, init, { timeoutMs });
}

/** A stored analysis kind of a finished run, or its `{available: false, reason}`. */
export function getAnalysis<T>(runId: number | string, kind: string, timeoutMs?: number): Promise<T | Unavailable> {
  return fetchAnalysis<T | Unavailable>(runId, kind, timeoutMs);
}

export function isUnavailable(x: unknown): x is Unavailable {
  return typeof x === "object" && x !== null && (x as { available?: unknown }).available === false;
}

export function postWhatIf(
  body: { run_id: number; point_no: number; scales: Record<string, number>; think_ns: number; threads: number },
  signal?: AbortSignal,
): Promise<WhatIfAnswer> {
  return call(`/api/models/whatif`, { method: "POST", body: JSON.stringify(body), signal });
}

export function postMvaSweep(body: object, timeoutMs?: number): Promise<components["schemas"]["MvaSweepOut"]> {
  return call(`/api/models/mva/sweep`, { method: "POST", body: JSON.stringify(body) }, timeoutMs);
}
