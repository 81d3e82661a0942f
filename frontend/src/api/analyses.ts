// Types and fetches of the stored analyses (docs/analysis.md): only the fields the figure tabs read.
import { requestJson } from "./http";

export interface Dist {
  count: number;
  mean_ns: number;
  median_ns: number;
  p90_ns: number;
  p99_ns: number;
  stddev_ns: number;
  ci95_low_ns: number;
  ci95_high_ns: number;
  min_ns?: number;
  max_ns?: number;
}

export interface StepStat {
  code: number;
  name: string;
  side: string;
  paper: string;
  stats: Dist;
  runs_per_call: number;
}

export interface StepStatsPoint {
  point_no: number;
  calls: number;
  rtt: Dist;
  steps: StepStat[];
  first_call?: { call_no: number; rtt_ns: number; steps_ns: Record<string, number> } | null;
  /** RPC: measured calls sent in small packets by a handle that had not learnt the packet size (slow start) */
  slow_start?: { count: number; share: number; rtt: Dist; other_rtt: Dist | null } | null;
}

export interface StepStatsAnalysis {
  available?: boolean;
  error?: string;
  reason?: string;
  points: StepStatsPoint[];
  probe_cost_ns?: { client?: number | null; server?: number | null } | null;
  probe_cost_note?: string;
}

export interface RtpPart {
  lane: string;
  calls: number;
  mean_ns: number;
}

export interface RtpSegment {
  code: number | null;
  kind: "step" | "transit" | "gap";
  name: string;
  lanes: string[];
  parts: RtpPart[];
  mean_ns: number;
  mean_start_ns: number;
  mean_end_ns: number;
  on_path_share: number;
  mean_on_path_ns: number;
}

export interface RtpMessage {
  message: string;
  from_lane: string;
  to_lane: string;
  from_ns: number;
  to_ns: number;
  queued_share: number;
  mean_queued_ns: number;
}

export interface RtpPoint {
  point_no: number;
  calls: number;
  measured_rtt_ns: number;
  calculated_rtt_ns: number;
  untimed_on_path_ns: number;
  percent_error: number;
  incomplete_calls?: number;
  segments: RtpSegment[];
  messages: RtpMessage[];
}

export interface RtpAnalysis {
  available?: boolean;
  error?: string;
  reason?: string;
  lanes: string[];
  clock?: string;
  notes: string[];
  unplaced_codes: number[];
  points: RtpPoint[];
}

export interface EcsAnalysis {
  available?: boolean;
  error?: string;
  reason?: string;
  throughput: {
    point_no: number;
    calls: number;
    threads: number;
    elapsed_s: number;
    calls_per_s: number;
    mbit_per_s: number;
    request_bytes: number;
  }[];
  anova?: { f: number; p: number; df_between: number; df_within: number; ss_between: number; ss_within: number } | null;
  regression?: {
    n: number; slope: number; intercept: number; r2: number; p: number;
    sizes?: number; intercept_ci95?: [number, number] | null;
    caveat?: string | null; // the backend's reason the line is no fixed cost plus cost per byte; null: it may be read so
  } | null;
  ratios?: Record<string, unknown> | null;
  ratio_table?: Record<string, unknown> | null;
}

export type AnalysisKind = "step_stats" | "rtp" | "ecs";

/** GET /api/runs/{id}/analyses/{kind}; a 4xx/5xx becomes an ApiError whose message is the server's reason. */
export function getAnalysis<T>(id: number | string, kind: AnalysisKind, timeoutMs = 20_000): Promise<T> {
  return requestJson<T>(`/api/runs/${id}/analyses/${kind}`, {}, { timeoutMs });
}

/** Why a stored kind has nothing to draw, or null when it has. */
export function unavailableReason(a: { available?: boolean; error?: string; reason?: string } | null): string | null {
  if (!a) return null;
  if (a.available === false) return a.reason || a.error || "the analysis is not available for this run";
  return null;
}
