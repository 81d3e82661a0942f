// The sections of a run's report, in order: the one place the report view (and so the PDF, its contents and
// page numbers) takes them from. A figure of the run page joins the report with one line in FIGURE_SECTIONS.
import type { ReactNode } from "react";
import { RttHistogramChart } from "../../charts/rttHistogram/RttHistogramChart";
import { measuredRtts } from "../../charts/rttHistogram/transform";
import { RttPerCallChart } from "../../charts/rttPerCall/RttPerCallChart";
import { StepsTable } from "../run/StepsTable";
import { SummaryStats } from "../run/SummaryStats";
import { ModelFigure, RttSizeFigure, ThroughputFigure, TimelineFigure } from "./curveFigures";
import { RtpFigure, StatisticsFigure, StepsFigure } from "./pathFigures";
import { NotesList, RegistryTable } from "./ReportParts";
import type { RunReport } from "./useRunReport";

export const CHART_WIDTH = 660; // fits A4 and Letter between 12 mm margins
export const CHART_HEIGHT = 280;

export interface ReportSectionDef {
  id: string; // anchor and the key of its page number in the contents
  title: string;
  render: (report: RunReport) => ReactNode;
}

/** A table of the export registry, or why the run does not have it. */
function AnalysisTable({ report, name, omit = [] }: { report: RunReport; name: string; omit?: string[] }) {
  const table = report.tables[name];
  if (table) return <RegistryTable table={table} omit={omit} />;
  const info = report.data.tables.find((t) => t.name === name);
  return <p className="report-absent">Not computed for this run: {info?.reason ?? `no ${name} table is stored`}.</p>;
}

function rttMarkers(r: RunReport) {
  const rtt = r.summary.rtt;
  return rtt ? [{ label: "p50", ns: rtt.median_ns }, { label: "p99", ns: rtt.p99_ns }] : undefined;
}

/** The run page's figures, printed by the same components. One line each: id, title, the chart of the report. */
export const FIGURE_SECTIONS: ReportSectionDef[] = [
  { id: "per-call", title: "RTT per call", render: (r) => <RttPerCallChart calls={r.calls} width={CHART_WIDTH} height={CHART_HEIGHT} /> },
  { id: "histogram", title: "RTT histogram", render: (r) => <RttHistogramChart values={measuredRtts(r.calls)} markers={rttMarkers(r)} width={CHART_WIDTH} height={CHART_HEIGHT} /> },
  { id: "timeline", title: "Timeline", render: (r) => <TimelineFigure value={r.figures.timeline} /> },
  { id: "step-ladder", title: "Steps", render: (r) => <StepsFigure run={r.run} stepStats={r.figures.stepStats} rtp={r.figures.rtp} /> },
  { id: "rtp-figure", title: "Round trip path", render: (r) => <RtpFigure run={r.run} rtp={r.figures.rtp} /> },
  { id: "statistics", title: "Statistics", render: (r) => <StatisticsFigure run={r.run} ecs={r.figures.ecs} stepStats={r.figures.stepStats} /> },
  { id: "rtt-size", title: "RTT vs size", render: (r) => <RttSizeFigure run={r.run} value={r.figures.rttSize} /> },
  { id: "throughput", title: "Throughput vs threads", render: (r) => <ThroughputFigure run={r.run} value={r.figures.throughput} /> },
  { id: "model-figure", title: "Model", render: (r) => <ModelFigure run={r.run} value={r.figures.model} /> },
];

/** Tables of the export registry the report prints (calls and steps are far too long to print), with columns
 * left out so they fit the paper; the CSV has them all. */
export const TABLE_SECTIONS: (ReportSectionDef & { table: string; omit?: string[] })[] = [
  { id: "points", title: "Per-point aggregates", table: "points", omit: ["params_json"] },
  { id: "point-steps", title: "Step statistics per point", table: "point_step_stats", omit: ["code", "p999_ns", "ci95_low_ns", "ci95_high_ns", "min_ns", "max_ns", "runs_per_call"] },
  { id: "rtp", title: "Round trip path: calculated vs measured", table: "rtp" },
  { id: "rtp-segments", title: "Round trip path: segments", table: "rtp_segments", omit: ["code", "mean_start_ns", "mean_end_ns"] },
  { id: "model", title: "Model vs measured", table: "model", omit: ["explanation", "cv"] },
].map((t) => ({ ...t, render: (r: RunReport) => <AnalysisTable report={r} name={t.table} omit={t.omit} /> }));

/** Every section of a run's report, in print order. */
export const RUN_REPORT_SECTIONS: ReportSectionDef[] = [
  { id: "stats", title: "RTT statistics", render: (r) => <SummaryStats summary={r.summary} /> },
  ...FIGURE_SECTIONS,
  { id: "steps", title: "Step statistics", render: (r) => <StepsTable summary={r.summary} /> },
  ...TABLE_SECTIONS,
  { id: "notes", title: "Anomaly notes", render: (r) => <NotesList notes={r.data.notes} /> },
];

/** Registry tables the report loads: those its sections print. */
export const REPORT_TABLES = TABLE_SECTIONS.map((t) => t.table);
