// Types of the "Browser ⇄ backend" contract (docs/protocol.md), named from the types openapi-typescript generates
// from the backend's own OpenAPI document (schema.generated.ts, `make api-types`): one definition, the backend's.
// Times are integer nanoseconds (`*_ns`) or ISO-8601 UTC timestamps (`*_at`); sizes are bytes.
import type { components } from "./schema.generated";

type Schemas = components["schemas"];
export type Agent = Schemas["AgentOut"];
export type AgentRef = Schemas["AgentRef"];
export type Run = Schemas["RunOut"];
export type NoiseFloor = Schemas["NoiseFloor"];
export type PointRounds = Schemas["PointRounds"];
export type RunPrecision = Schemas["RunPrecision"];
export type RunCreate = Schemas["PingpongRunCreate"];
export type RpcRunCreate = Schemas["RpcRunCreate"];
export type StreamRunCreate = Schemas["StreamCreate"];
export type FlowsRunCreate = Schemas["FlowsCreate"];
export type RunList = Schemas["RunPage"];
export type Stats = Schemas["Stats"];
export type StepSummary = Schemas["StepSummary"];
export type CallCounts = Schemas["CallCounts"];
export type BoxPlot = Schemas["BoxPlot"];
export type PointSummary = Schemas["PointSummary"];
export type RunSummary = Schemas["RunSummary"];
export type RunCalls = Schemas["CallSeries"];
export type Health = Schemas["Health"];
export type TimelineData = Schemas["TimelineOut"];
export type RunParams = Schemas["RunParams"];

export type AgentStatus = Agent["status"];


export type Transport = "tcp" | "udp";
export type RunStatus = Run["status"];
export const RUN_STATUSES: RunStatus[] = ["queued", "running", "done", "failed", "cancelled"];
export const TERMINAL_STATUSES: RunStatus[] = ["done", "failed", "cancelled"];

export function isTerminal(status: RunStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}











export type AnyRunCreate = RunCreate | RpcRunCreate | StreamRunCreate | FlowsRunCreate;


export interface ProgressEvent {
  status: RunStatus;
  calls_done: number;
  calls_total: number;
  reason: string | null;
  /** the run's times (backends before them sent none) */
  started_at?: string | null;
  finished_at?: string | null;
}








/** Call record flags (trace batch format). */
export const CALL_FLAG_WARMUP = 1;
export const CALL_FLAG_FIRST = 2;
export const CALL_FLAG_ERROR = 4;


