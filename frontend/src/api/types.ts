// Types of the "Browser ⇄ backend" contract (docs/protocol.md), named from the types openapi-typescript generates
// from the backend's own OpenAPI document (schema.generated.ts, `make api-types`): one definition, the backend's.
// Times are integer nanoseconds (`*_ns`) or ISO-8601 UTC timestamps (`*_at`); sizes are bytes.
import type { components, paths } from "./schema.generated";

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
// the stored analyses (GET /api/runs/{id}/analyses/{kind}), the model routes and the report's data
/** What a kind's route answers when the run lacked something or that analysis failed (the others stand). */
export type MaybeUnavailable = { available?: boolean; error?: string | null; reason?: string | null };
export type Unavailable = Schemas["Unavailable"];
export type StepStat = Schemas["StepRow"];
export type StepStatsPoint = Schemas["StepStatsPoint"];
export type StepStats = Schemas["StepStatsResult"];
export type RtpPart = Schemas["RtpPart"];
export type RtpSegment = Schemas["RtpSegment"];
export type RtpMessage = Schemas["RtpMessage"];
export type RtpPoint = Schemas["RtpPoint"];
export type Rtp = Schemas["RtpResult"];
export type Tails = Schemas["TailsResult"];
export type TailPoint = Schemas["TailPoint"];
export type TailPercentile = Schemas["TailPercentile"];
export type TailAttribution = Schemas["TailAttribution"];
export type EcsThroughput = Schemas["Throughput"];
export type Ecs = Schemas["EcsResult"];
export type UnitCost = Schemas["UnitCostResult"];
export type PacketJump = Schemas["PacketJump"];
export type PacketCount = Schemas["PacketCount"];
export type Packets = Schemas["PacketsResult"]; // the packet model at the run's sizes, with the run's parameters
export type ModelRow = Schemas["ModelRow"]; // times in ms, the model_vs_measured analysis' unit
export type ModelVsMeasured = Schemas["ModelResult"];
export type DemandsKind = Schemas["DemandsResult"];
export type WhatIfAnswer = Schemas["WhatIfOut"];
export type ReportAgent = Schemas["ReportAgent"];
export type ClockAlignment = Schemas["ClockAlignment"]; // the `clock` analysis as the trace applies it
export type ReportNote = Schemas["ReportNote"];
export type ExportTableInfo = Schemas["RunExport"];
export type ProbeCost = Schemas["ProbeCost"]; // an agent's probe clock and cost, reported with its job
export type ClockAnalysis = Schemas["ClockResult"] | Unavailable; // a line through each time bucket's best call
export type ClockExchange = Schemas["RunClock"]; // the agents' clock exchange before and after the calls
export type ReportData = Schemas["ReportData"];
export type TableColumn = Schemas["ColumnInfo"];
export type TableJson = Schemas["TableJson"];
// what the analysis tabs read: a kind's result, or why there is none
export type StepStatsAnalysis = StepStats & MaybeUnavailable;
export type RtpAnalysis = Rtp & MaybeUnavailable;
export type EcsAnalysis = Ecs & MaybeUnavailable;

export type AgentStatus = Agent["status"];


export type Transport = "tcp" | "udp";
export type RunStatus = Run["status"];
export const RUN_STATUSES: RunStatus[] = ["queued", "running", "done", "failed", "cancelled"];
export const TERMINAL_STATUSES: RunStatus[] = ["done", "failed", "cancelled"];

export function isTerminal(status: RunStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}











/** Any kind's launch body: what POST /api/runs takes (the union of the backend's kinds, so a new kind needs no line). */
export type AnyRunCreate = paths["/api/runs"]["post"]["requestBody"]["content"]["application/json"];
/** The experiment kinds the API launches (src/kinds/ holds what the UI does with each). */
export type Kind = NonNullable<AnyRunCreate["kind"]>;


export interface ProgressEvent {
  status: RunStatus;
  calls_done: number;
  calls_total: number;
  reason: string | null;
  /** the run's times (backends before them sent none) */
  started_at?: string | null;
  finished_at?: string | null;
  /** where the run is: phase, point, round, share done, time left (backends before it sent none) */
  progress?: Run["progress"];
}








/** Call record flags (trace batch format): generated from agents/call_flags.toml by `make steps`. */
export { CALL_FLAG_ERROR, CALL_FLAG_FIRST, CALL_FLAG_SLOW_START, CALL_FLAG_WARMUP } from "../callFlags.generated";
// the load kind: an open-loop sweep's hockey stick, knee and open-network model (analysis/load_sweep.py)
export type LoadSweep = Schemas["LoadResult"];
export type LoadPoint = Schemas["LoadPoint"];
export type LoadKnee = Schemas["LoadKnee"];
export type LoadModel = Schemas["LoadModel"];
