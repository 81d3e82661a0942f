// The sections of a run's report, in order: the one place the report view (and so the PDF, its contents and
// page numbers) takes them from. Page 1 (SummaryPage.tsx) answers; then the setup, the RTT of each point, the
// figures (the one that answers the run's question first) and an appendix with every point's detail.
// A figure of the run page joins the report with one line in FIGURE_SECTIONS.
import type { ReactNode } from "react";
import { RttHistogramChart } from "../../charts/rttHistogram/RttHistogramChart";
import { measuredRtts } from "../../charts/rttHistogram/transform";
import { RttPerCallChart } from "../../charts/rttPerCall/RttPerCallChart";
import { RtpAppendix, StepStatsAppendix } from "./AppendixSections";
import { Figure } from "./FigureParts";
import { ModelFigure, RttSizeFigure, ThroughputFigure, TimelineFigure } from "./curveFigures";
import { RtpFigure, StatisticsFigure, StepsFigure } from "./pathFigures";
import { AgentsTable, LinkTable, NotesList, QualityTable } from "./ReportParts";
import { paramRows } from "./reportParams";
import { labelOf, ParamsKv, RttSection } from "./SummaryPage";
import { leadFigure, reportPoints } from "./summary";
import type { RunReport } from "./useRunReport";

export const CHART_WIDTH = 660; // fits A4 and Letter between 12 mm margins
export const CHART_HEIGHT = 260;

export interface ReportSectionDef {
  id: string; // anchor and the key of its page number in the contents
  title: string;
  render: (report: RunReport) => ReactNode;
}

function rttMarkers(r: RunReport) {
  const rtt = r.summary.rtt;
  return rtt ? [{ label: "p50", ns: rtt.median_ns }, { label: "p99", ns: rtt.p99_ns }] : undefined;
}

/** The run page's figures, printed by the same components. One line each: id, title, the chart of the report. */
export const FIGURE_SECTIONS: ReportSectionDef[] = [
  { id: "per-call", title: "RTT per call", render: (r) => <Figure><RttPerCallChart calls={r.calls} width={CHART_WIDTH} height={CHART_HEIGHT} /></Figure> },
  { id: "histogram", title: "RTT histogram", render: (r) => <Figure><RttHistogramChart values={measuredRtts(r.calls)} markers={rttMarkers(r)} width={CHART_WIDTH} height={CHART_HEIGHT} /></Figure> },
  { id: "timeline", title: "Timeline", render: (r) => <TimelineFigure value={r.figures.timeline} /> },
  { id: "step-ladder", title: "Steps", render: (r) => <StepsFigure run={r.run} stepStats={r.figures.stepStats} rtp={r.figures.rtp} /> },
  { id: "rtp-figure", title: "Round trip path", render: (r) => <RtpFigure run={r.run} rtp={r.figures.rtp} /> },
  { id: "statistics", title: "Statistics", render: (r) => <StatisticsFigure run={r.run} ecs={r.figures.ecs} stepStats={r.figures.stepStats} /> },
  { id: "rtt-size", title: "RTT vs size", render: (r) => <RttSizeFigure run={r.run} value={r.figures.rttSize} /> },
  { id: "throughput", title: "Throughput vs threads", render: (r) => <ThroughputFigure run={r.run} value={r.figures.throughput} /> },
  { id: "model-figure", title: "Model", render: (r) => <ModelFigure run={r.run} value={r.figures.model} /> },
];

/** The figures in print order: the lead figure of a sweep first, the rest in the run page's tab order. */
export function figureSections(report: RunReport): ReportSectionDef[] {
  const lead = leadFigure(reportPoints(report.run));
  const first = FIGURE_SECTIONS.filter((s) => s.id === lead);
  return [...first, ...FIGURE_SECTIONS.filter((s) => s.id !== lead)];
}

const SETUP: ReportSectionDef = {
  id: "setup", title: "Setup: agents, clocks and link",
  render: (r) => (
    <>
      <h3>Agents and machines</h3>
      <AgentsTable agents={r.data.agents} />
      <h3>Measurement quality</h3>
      <QualityTable data={r.data} />
      <h3>Link</h3>
      <LinkTable link={r.data.link} />
      {paramRows(r.run).some((p) => !p.main) && (
        <>
          <h3>Runtime settings</h3>
          <ParamsKv report={r} main={false} />
        </>
      )}
    </>
  ),
};

const RTT: ReportSectionDef = { id: "stats", title: "RTT statistics", render: (r) => <RttSection report={r} summary={r.summary} /> };

/** The appendix's parts: every point's detail, then every note. */
export const APPENDIX_SECTIONS: ReportSectionDef[] = [
  { id: "point-steps", title: "Step statistics per point", render: (r) => <StepStatsAppendix value={r.figures.stepStats} labelOf={labelOf(r)} /> },
  { id: "point-rtp", title: "Round trip path per point", render: (r) => <RtpAppendix value={r.figures.rtp} labelOf={labelOf(r)} /> },
  { id: "notes", title: "Anomaly notes", render: (r) => <NotesList notes={r.data.notes} /> },
];

/** Every numbered section of a run's report, in print order (the appendix's parts apart, lettered). */
export function runReportSections(report: RunReport): ReportSectionDef[] {
  return [SETUP, RTT, ...figureSections(report)];
}

/** Registry tables the report loads: the points' warm-up and error counts (the analyses give the rest). */
export const REPORT_TABLES = ["points"];
