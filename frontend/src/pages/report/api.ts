// The export and report endpoints (docs/exports.md): typed fetchers and download URLs.
import { requestJson } from "../../api/http";
import type { components } from "../../api/schema.generated";

export type Paper = "a4" | "letter";
export const PAPERS: Paper[] = ["a4", "letter"];

type Schemas = components["schemas"];
export type ReportAgent = Schemas["ReportAgent"];
/** How the trace puts server times on the client's clock: the `clock` analysis as applied (services/exports/clock.py). */
export type ClockAlignment = Schemas["ClockAlignment"];
export type ReportNote = Schemas["ReportNote"];
export type ExportTableInfo = Schemas["RunExport"];
/** An agent's probe clock and cost as it reported it with its job (jobs.probe; GET /api/runs/{id}/probe). */
export type ProbeCost = Schemas["ProbeCost"];
/** The `clock` analysis (docs/analysis.md): a line fitted through each time bucket's best call. */
export type ClockAnalysis = Schemas["ClockResult"] | Schemas["Unavailable"];
/** The agents' clock exchange before the first and after the last call (GET /api/runs/{id}/clock). */
export type ClockExchange = Schemas["RunClock"];
export type ReportData = Schemas["ReportData"];
export type TableColumn = Schemas["ColumnInfo"];
export type Cell = string | number | boolean | null;
export type TableJson = Schemas["TableJson"];

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
