// The export and report endpoints (docs/exports.md): typed fetchers and download URLs.
import { requestJson } from "../../api/http";

export type Paper = "a4" | "letter";
export const PAPERS: Paper[] = ["a4", "letter"];

export interface ReportAgent {
  role: "client" | "server";
  id: number;
  name: string;
  host: string;
  address: string;
  version: string;
  clock_id: number;
  capabilities: Record<string, unknown>;
  environment: Record<string, unknown>;
  probe_cost_ns: number | null;
}

/** How the trace puts server times on the client's clock: the `clock` analysis as applied (services/exports/clock.py). */
export interface ClockAlignment {
  method: "same-host" | "fitted" | "unknown";
  offset_ns: number;
  drift_ppm: number;
  ref_ns: number;
  uncertainty_ns: number | null;
  calls_used: number;
  note: string;
}

export interface ReportNote {
  kind: string;
  text: string;
}

export interface ExportTableInfo {
  name: string;
  description: string;
  available: boolean;
  reason: string | null;
}

/** An agent's probe clock and cost as it reported it with its job (jobs.probe; GET /api/runs/{id}/probe). */
export interface ProbeCost {
  source: "tsc" | "clock_gettime";
  probe_ns: number;
  clock_read_ns: number;
  clock_gettime_ns: number;
  tsc_hz: number;
  drift_ns_per_s: number;
}

/** The `clock` analysis (docs/analysis.md): a line fitted through each time bucket's best call. */
export interface ClockAnalysis {
  available: boolean;
  reason?: string;
  error?: string;
  same_clock?: boolean;
  offset_ns?: number; // 0 with one clock
  drift_ppm?: number; // 0 with one clock
  fit_offset_ns?: number; // what the fit found: with one clock the method's own error
  fit_drift_ppm?: number;
  error_bound_ns?: number;
  residual_rms_ns?: number;
  min_delay_ns?: number;
  buckets?: number;
  dropped_buckets?: number;
  calls?: number;
}

/** The agents' clock exchange before the first and after the last call (GET /api/runs/{id}/clock). */
export interface ClockExchange {
  rounds: number;
  offset_start_ns: number;
  delay_start_ns: number;
  offset_end_ns: number | null;
  delay_end_ns: number | null;
  drift_ppm: number | null;
}

export interface ReportData {
  run_id: number;
  agents: ReportAgent[];
  clock: ClockAlignment;
  probe: { client: ProbeCost | null; server: ProbeCost | null };
  clock_analysis: ClockAnalysis | null;
  clock_exchange: ClockExchange | null;
  link: Record<string, unknown>;
  notes: ReportNote[];
  analyses: string[];
  tables: ExportTableInfo[];
}

export interface TableColumn {
  name: string;
  unit: string;
  description: string;
}

export type Cell = string | number | boolean | null;

export interface TableJson {
  name: string;
  columns: TableColumn[];
  rows: Cell[][];
}

const getJson = <T>(path: string) => requestJson<T>(path);

export const getReportData = (id: number | string) => getJson<ReportData>(`/api/runs/${id}/report-data`);
export const getRunExports = (id: number | string) => getJson<ExportTableInfo[]>(`/api/runs/${id}/exports`);
export const getTableJson = (id: number | string, table: string) =>
  getJson<TableJson>(`/api/runs/${id}/table.json?table=${encodeURIComponent(table)}`);

export const csvUrl = (id: number | string, table: string) =>
  `/api/runs/${id}/export.csv?table=${encodeURIComponent(table)}`;
export const traceUrl = (id: number | string) => `/api/runs/${id}/trace.json`;
export const reportPdfUrl = (id: number | string, paper: Paper) => `/api/runs/${id}/report.pdf?paper=${paper}`;
export const compareReportPdfUrl = (a: number | string, b: number | string, paper: Paper) =>
  `/api/compare/report.pdf?a=${a}&b=${b}&paper=${paper}`;

/** `?paper=` of the report view's URL, a4 unless it says letter. */
export function paperOf(search: string): Paper {
  return new URLSearchParams(search).get("paper") === "letter" ? "letter" : "a4";
}
