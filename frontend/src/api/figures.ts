// Stored analyses and stateless models read by the RTT-vs-size, Throughput and Model tabs (docs/analysis.md).
import { requestJson } from "./http";
import type { components } from "./schema.generated";

/** A kind the backend could not compute says why. */
export interface Unavailable {
  available: false;
  reason?: string;
  error?: string;
}

export interface StatBlock {
  count: number;
  mean_ns: number;
  median_ns: number;
  p99_ns: number;
  stddev_ns: number;
  ci95_low_ns: number;
  ci95_high_ns: number;
}

export interface StepStatsPoint {
  point_no: number;
  calls: number;
  rtt: StatBlock;
  first_call: { call_no: number; rtt_ns: number } | null;
}

export interface StepStats {
  points: StepStatsPoint[];
}

export interface UnitCost {
  available: true;
  rows: { request_bytes: number; predicted_ns: number; measured_ns: number; percent_error: number }[];
}

export interface PacketJump {
  kind: string; // fragment | rpc_packet
  request_bytes: number;
  network_packets: number;
}

export interface PacketCount {
  request_bytes: number;
  rpc_packets: number;
  network_packets: number;
}

/** The `packets` analysis (docs/analysis.md): the packet model at the run's request sizes with the parameters it
 * took from the run (its packetisation, or an emulated link's MTU). */
export interface Packets {
  available: true;
  params: { rpc_header_bytes: number; data_per_rpc_packet: number; udp_header_bytes: number; ip_header_bytes: number; mtu_bytes: number };
  counts: PacketCount[];
  jumps: PacketJump[];
}

export interface EcsThroughput {
  point_no: number;
  threads: number;
  request_bytes: number;
  calls: number;
  elapsed_s: number;
  calls_per_s: number;
  mbit_per_s: number;
}

export interface Ecs {
  throughput: EcsThroughput[];
}

export interface ModelRow {
  label: string;
  threads: number;
  think: number; // ms
  model: number; // ms
  measured: number; // ms
  measured_std: number | null;
  percent_error: number;
  anomaly: boolean;
  reasons: string[];
  explanation: string;
  // from the backend's residual-MVA model (absent in results stored before it)
  model_exact?: number; // ms, exact MVA (exponential service) beside the model
  measured_ci95?: [number, number] | null; // ms
  model_band?: [number, number] | null; // ms: the model at the ends of its base point's interval, ± the tolerance
  input_band?: [number, number] | null; // ms: the same without the model's tolerance (the base point's noise only)
  grew?: { device: string; step: string | null; part: string | null; device_ms: number; step_ms: number } | null;
  slow_start?: { calls: number; new_handle: number; extra_packets: number; slow_start: number; usual_packets?: number | null } | null;
  base_point_no?: number;
  base_loaded?: boolean;
}

export interface ModelVsMeasured {
  available: true;
  unit: string;
  threshold_percent: number;
  rows: ModelRow[];
  mean_percent_error: number;
  max_abs_percent_error: number;
  // the server CPU's executors in the model (RPC runs; absent in results stored before it existed)
  server_cpu_servers?: { servers: number; why: string };
  mean_abs_percent_error?: number;
  single_server_mean_abs_percent_error?: number;
  exact_mean_abs_percent_error?: number;
  flag_rule?: string; // how anomalies are decided (the 95% interval against the model's band)
  tolerance_pct?: number; // the model's own error allowed for in its band (absent in results stored before it)
  notes?: string[]; // e.g. a call kind whose base point was loaded
  smallest_detectable_pct?: number; // median over points of the smallest deviation the run could flag
  applies?: boolean;
  simulated?: boolean; // the model is the constant-service simulation (runs between emulated hosts), MVA beside it // false: both agents on one host's loopback, the model says little (its note says why)
  method?: string; // which MVA the model column is
}

export interface RtpSegment {
  name: string;
  kind: "step" | "transit" | "gap";
  mean_on_path_ns: number;
  on_path_share: number;
}

export interface Rtp {
  points: { point_no: number; calls: number; segments: RtpSegment[] }[];
}

export type WhatIfAnswer = components["schemas"]["WhatIfOut"];

function call<T>(path: string, init: RequestInit = {}, timeoutMs = 20_000): Promise<T> {
  return requestJson<T>(path, init, { timeoutMs });
}

/** A stored analysis kind of a finished run, or its `{available: false, reason}`. */
export function getAnalysis<T>(runId: number | string, kind: string, timeoutMs?: number): Promise<T | Unavailable> {
  return call<T | Unavailable>(`/api/runs/${runId}/analyses/${kind}`, {}, timeoutMs);
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

export interface DemandsKind {
  points: { point_no: number; demands: { device: string; kind: "queue" | "delay"; total_ns: number; phase2_ns: number }[] }[];
}

export function postMvaSweep(body: object, timeoutMs?: number): Promise<components["schemas"]["MvaSweepOut"]> {
  return call(`/api/models/mva/sweep`, { method: "POST", body: JSON.stringify(body) }, timeoutMs);
}
