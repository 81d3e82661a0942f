// Stored analyses and stateless models read by the RTT-vs-size, Throughput and Model tabs (docs/analysis.md).
import { fetchAnalysis } from "./analyses";
import { POST } from "./call";
import type { Unavailable, WhatIfAnswer } from "./types";

export type {
  DemandsKind, Ecs, EcsThroughput, ModelRow, ModelVsMeasured, PacketCount, PacketJump, Packets, Rtp, RtpSegment,
  Stats as StatBlock, StepStats, StepStatsPoint, Unavailable, UnitCost, WhatIfAnswer,
} from "./types";

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
  return POST("/api/models/whatif", { body, signal }, { timeoutMs: 20_000 });
}

