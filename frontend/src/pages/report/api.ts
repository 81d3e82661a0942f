// The export and report endpoints (docs/exports.md): typed fetchers and download URLs.
import { GET, href, type Schema } from "../../api/call";
import type { paths } from "../../api/schema.generated";
import type { ExportTableInfo, ReportData, TableJson } from "../../api/types";

export type Paper = "a4" | "letter";
export const PAPERS: Paper[] = ["a4", "letter"];

export type {
  ClockAlignment, ClockAnalysis, ClockExchange, ExportTableInfo, ProbeCost, ReportAgent, ReportData, ReportNote,
  TableColumn, TableJson,
} from "../../api/types";
export type Cell = string | number | boolean | null;

const run = (id: number | string) => ({ run_id: Number(id) });

export const getReportData = (id: number | string): Promise<ReportData> =>
  GET("/api/runs/{run_id}/report-data", { path: run(id) });
export const getRunExports = (id: number | string): Promise<ExportTableInfo[]> =>
  GET("/api/runs/{run_id}/exports", { path: run(id) });
export const getTableJson = (id: number | string, table: string): Promise<TableJson> =>
  // table: a name the exports list gave (GET exports); the route refuses any other with a 422 naming them
  GET("/api/runs/{run_id}/table.json", { path: run(id), query: { table: table as ExportTableName } });
type ExportTableName = NonNullable<paths["/api/runs/{run_id}/table.json"]["get"]["parameters"]["query"]>["table"];

export const csvUrl = (id: number | string, table: string) => href("/api/runs/{run_id}/export.csv", run(id), { table });
/** The trace gzipped (.json.gz, about 8x smaller): Perfetto UI opens it as it is; `plain` for tools that want JSON. */
export const traceUrl = (id: number | string, plain = false) =>
  href("/api/runs/{run_id}/trace.json", run(id), plain ? {} : { compress: "gzip" });
export type TraceSize = Schema<"TraceSize">;
/** What the trace will weigh, said before the download. */
export const getTraceSize = (id: number | string): Promise<TraceSize> => GET("/api/runs/{run_id}/trace-size", { path: run(id) });
/** Each point's HDR histogram as an HdrHistogram log (docs/exports.md): HistogramLogAnalyzer reads it. */
export const hlogUrl = (id: number | string) => href("/api/runs/{run_id}/latency.hlog", run(id));
export const reportPdfUrl = (id: number | string, paper: Paper) => href("/api/runs/{run_id}/report.pdf", run(id), { paper });
export const compareReportPdfUrl = (a: number | string, b: number | string, paper: Paper) =>
  href("/api/compare/report.pdf", undefined, { a, b, paper });

/** `?paper=` of the report view's URL, a4 unless it says letter. */
export function paperOf(search: string): Paper {
  return new URLSearchParams(search).get("paper") === "letter" ? "letter" : "a4";
}
