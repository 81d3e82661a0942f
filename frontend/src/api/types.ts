// Types of the "Browser ⇄ backend" contract (docs/protocol.md). Times are integer
// nanoseconds (`*_ns`) or ISO-8601 UTC timestamps (`*_at`); sizes are bytes.

export type AgentStatus = "online" | "offline" | "revoked";

export interface Agent {
  id: number;
  name: string;
  host: string;
  address: string;
  version: string;
  status: AgentStatus;
  last_seen_at: string | null;
  /** when an admin revoked it (its token refused since); null while it may work */
  revoked_at?: string | null;
  enrolled_at: string | null;
  clock_id: number;
  capabilities: Record<string, unknown>;
}

export type Transport = "tcp" | "udp";
export type RunStatus = "queued" | "running" | "done" | "failed" | "cancelled";
export const RUN_STATUSES: RunStatus[] = ["queued", "running", "done", "failed", "cancelled"];
export const TERMINAL_STATUSES: RunStatus[] = ["done", "failed", "cancelled"];

export function isTerminal(status: RunStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}

export interface RunParams {
  transport: Transport;
  request_bytes: number;
  response_bytes: number;
  calls: number;
  warmup_calls: number;
}

export interface AgentRef {
  id: number;
  name: string;
}

export interface Run {
  id: number;
  kind: string;
  name: string | null;
  tags: string[];
  status: RunStatus;
  reason: string | null;
  params: RunParams;
  client_agent: AgentRef;
  server_agent: AgentRef;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  calls_done: number;
  calls_total: number;
  link?: import("./links").RunLink;
  /** rpc runs, GET /api/runs/{id} only: rounds per point and the idle noise floor (null in lists) */
  precision?: RunPrecision | null;
  /** the name of the user who launched it; null for runs from before accounts */
  launched_by?: string | null;
}

/** The idle null RPC the client made before the first point (docs/protocol.md "RPC runs"); the statistics are
 * null with `error` when the probe could not measure. */
export interface NoiseFloor {
  procedure: string;
  request_bytes: number;
  threads: number;
  protection: string;
  calls: number;
  warmup_calls: number;
  count: number;
  errors: number;
  mean_ns: number | null;
  median_ns: number | null;
  p99_ns: number | null;
  min_ns: number | null;
  max_ns: number | null;
  stddev_ns: number | null;
  ci95_half_ns: number | null;
  cv: number | null;
  error: string | null;
}

/** What one point's rounds came to. */
export interface PointRounds {
  point_no: number;
  rounds: number;
  calls: number;
  measured: number;
  mean_ns: number;
  ci95_half_ns: number;
  ci95_pct: number | null;
  met: boolean | null;
}

export interface RunPrecision {
  ci_target_pct: number;
  max_rounds: number;
  interval: string;
  noise_floor_calls: number;
  noise_floor: NoiseFloor | null;
  points: PointRounds[];
  points_meeting_target: number | null;
  median_ci95_pct: number | null;
}

export interface RunCreate {
  kind: "pingpong";
  client_agent_id: number;
  server_agent_id: number;
  transport: Transport;
  request_bytes: number;
  response_bytes: number;
  calls: number;
  warmup_calls: number;
  name?: string;
  tags?: string[];
  link_profile?: string;
}

/** POST /api/runs with kind "rpc" (docs/protocol.md "RPC runs"): sweeps become the run's points. */
export interface RpcRunCreate {
  kind: "rpc";
  client_agent_id: number;
  server_agent_id: number;
  transport: "udp" | "tcp";
  link_profile?: string;
  procedure: string;
  work_us: number;
  request_bytes: number[];
  threads: number[];
  think_time_us: number[];
  protection: string[];
  cache: string[];
  calls: number;
  warmup_calls: number;
  server_threads: number;
  ci_target_pct?: number; // 0 = no target; 0.5 – 50 % of the mean
  max_rounds?: number; // 1 – 20
  model_tolerance_pct?: number; // 0 – 50 %: the model's own error its band allows for
  noise_floor_calls?: number; // 0 = no probe
  // packetisation, flow control, link and seed (backend defaults when left out)
  packet_data?: number;
  small_packet_data?: number;
  mtu?: number;
  window_initial?: number;
  window_max?: number;
  rto_ms?: number;
  link_mbps?: number;
  link_delay_us?: number;
  host_packet_us?: number;
  seed?: number;
  name?: string;
  tags?: string[];
}

export interface StreamRunCreate {
  kind: "stream";
  client_agent_id: number;
  server_agent_id: number;
  transport: Transport;
  message_bytes: number;
  duration_s: number;
  interval_ms: number;
  name?: string;
  tags?: string[];
}

export interface FlowsRunCreate {
  kind: "flows";
  client_agent_id: number;
  server_agent_id: number;
  transport: "tcp";
  mode: "threads" | "processes";
  flows: number;
  request_bytes: number;
  response_bytes: number;
  calls: number;
  warmup_calls: number;
  name?: string;
  tags?: string[];
}

export type AnyRunCreate = RunCreate | RpcRunCreate | StreamRunCreate | FlowsRunCreate;

export interface RunList {
  items: Run[];
  total: number;
  limit: number;
  offset: number;
}

export interface ProgressEvent {
  status: RunStatus;
  calls_done: number;
  calls_total: number;
  reason: string | null;
  /** the run's times (backends before them sent none) */
  started_at?: string | null;
  finished_at?: string | null;
}

export interface Stats {
  count: number;
  mean_ns: number;
  median_ns: number;
  p90_ns: number;
  p99_ns: number;
  p999_ns: number;
  stddev_ns: number;
  ci95_low_ns: number;
  ci95_high_ns: number;
  min_ns: number;
  max_ns: number;
}

export interface StepSummary {
  code: number;
  name: string;
  side: string;
  /** nearest step(s) of the 1995 DCE RPC paper, e.g. "C8" */
  paper: string;
  stats: Stats;
}

/** A point's calls by category; each call is in exactly one, so they add up to the point's calls. */
export interface CallCounts {
  measured: number;
  /** the point's cold calls: each caller thread's first (also a warm-up call when there are any) */
  first: number;
  /** warm-up calls that are not first calls */
  warmup: number;
  error: number;
}

/** Tukey's box plot of a point's measured calls (ns): whiskers at the furthest calls within 1.5 IQR. */
export interface BoxPlot {
  q1_ns: number;
  median_ns: number;
  q3_ns: number;
  mean_ns: number;
  whisker_low_ns: number;
  whisker_high_ns: number;
  outliers_low: number;
  outliers_high: number;
  /** at most 100 a side, thinned evenly by rank */
  outlier_ns: number[];
}

/** One point of a run described on its own (GET /api/runs/{id}/summary `points`). */
export interface PointSummary {
  point_no: number;
  calls: number;
  counts: CallCounts;
  rtt: Stats | null;
  first_calls: { count: number; median_ns: number; min_ns: number; max_ns: number } | null;
  /** the empirical CDF: exact RTTs of measured calls, ascending, with the share of calls at or below each */
  cdf: { rtt_ns: number[]; p: number[] };
  box: BoxPlot | null;
}

export interface RunSummary {
  unit: "ns";
  first_call: { call_no: number; rtt_ns: number } | null;
  rtt: Stats | null;
  warmup_calls: number;
  error_calls: number;
  steps: StepSummary[];
  /** each point apart (summaries stored before per-point Results have none) */
  points?: PointSummary[];
}

export interface RunCalls {
  call_no: number[];
  rtt_ns: number[];
  flags: number[];
  point_no?: number[];
  stride: number;
  total: number;
}

/** Call record flags (trace batch format). */
export const CALL_FLAG_WARMUP = 1;
export const CALL_FLAG_FIRST = 2;
export const CALL_FLAG_ERROR = 4;

export interface Health {
  status: string;
  database: string;
  version: string;
}

/** GET /api/runs/{id}/timeline: a range of calls and their steps in columns; times relative to `origin_ns`. */
export interface TimelineData {
  unit: "ns";
  origin_ns: number;
  from_call: number;
  to_call: number;
  total_calls: number;
  next_call: number | null;
  /** thread: each call's caller thread (backends before it sent none) */
  calls: { call_no: number[]; flags: number[]; start_ns: number[]; rtt_ns: number[]; thread?: number[] };
  steps: { call_no: number[]; code: number[]; start_ns: number[]; end_ns: number[] };
  codes: { code: number; name: string; side: string; paper: string }[];
}
