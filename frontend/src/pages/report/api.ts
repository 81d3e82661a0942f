// The export and report endpoints (docs/exports.md): typed fetchers and download URLs.
import { requestJson } from "../../api/http";
import type { ExportTableInfo, ReportData, TableJson } from "../../api/types";

export type Paper = "a4" | "letter";
export const PAPERS: Paper[] = ["a4", "letter"];

export type {
  ClockAlignment, ClockAnalysis, ClockExchange, ExportTableInfo, ProbeCost, ReportAgent, ReportData, ReportNote,
  TableColumn, TableJson,
} from "../../api/types";
export type Cell = string | number | boolean | null;

const getJson = <T>(path: string) => requestJson<T>(path);

export const getReportData = (id: number | string) => getJson<ReportData>(`/api/runs/${id}/report-data`);
export const getRunExports = (id: number | string) => getJson<ExportTableInfo[]>(`/api/runs/${id}/exports`);
export const getTableJson = (id: number | string, table: string) =>
  getJson<TableJson>(`/api/runs/${id}/table.json?table=${encodeURIComponent(table)}`);

export const csvUrl = (id: number | string, table: string) =>
  `/api/runs/${id}/export.csv?table=${encodeURIComponent(table)}`;
/** The trace gzipped (.json.gz, about 8x smaller): Perfetto UI opens it as it is; `plain` for tools that want JSON. */
export const traceUrl = (id: number | string, plain = false) => `/api/runs/${id}/trace.json${plain ? "" : "?compress=gzip"}`;
export interface TraceSize {
  events: number;
  json_bytes: number;
  gzip_bytes: number;
}
/** What the trace will weigh, said before the download. */
export const getTraceSize = (id: number | string) => getJson<TraceSize>(`/api/runs/${id}/trace-size`);
/** Each point's HDR histogram as an HdrHistogram log (docs/exports.md): HistogramLogAnalyzer reads it. */
export const hlogUrl = (id: number | string) => `/api/runs/${id}/latency.hlog`;
export const reportPdfUrl = (id: number | string, paper: Paper) => `/api/runs/${id}/report.pdf?paper=${paper}`;
export const compareReportPdfUrl = (a: number | string, b: number | string, paper: Paper) =>
  `/api/compare/report.pdf?a=${a}&b=${b}&paper=${paper}`;

/** `?paper=` of the report view's URL, a4 unless it says letter. */
export function paperOf(search: string): Paper {
  return new URLSearchParams(search).get("paper") === "letter" ? "letter" : "a4";
}
