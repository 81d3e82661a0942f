// The sections of a run's report, in order: the one place the report view (and so the PDF, its contents and
// page numbers) takes them from. Page 1 (SummaryPage.tsx) answers; then the setup, the RTT of each point, the
// figures (the one that answers the run's question first) and an appendix with every point's detail.
// The figures come from the figure registry (figures/registry.tsx): a figure with a report section joins the report there.
import type { ReactNode } from "react";
import { FIGURES } from "../../figures/registry";
import { RtpAppendix, StepStatsAppendix } from "./AppendixSections";
import { AgentsTable, LinkTable, NotesList, QualityTable } from "./ReportParts";
import { paramRows } from "./reportParams";
import { ParamsKv, RttSection } from "./SummaryPage";
import { labelOf, leadFigure, reportPoints } from "./summary";
import type { RunReport } from "./useRunReport";

export { CHART_HEIGHT, CHART_WIDTH } from "./FigureParts";

export interface ReportSectionDef {
  id: string; // anchor and the key of its page number in the contents
  title: string;
  render: (report: RunReport) => ReactNode;
}

/** The run page's figures, printed by the same components: every registry figure with a report section, in its order. */
export const FIGURE_SECTIONS: ReportSectionDef[] = FIGURES.flatMap((f) => (f.report ? [{ id: f.report.id, title: f.title, render: f.report.render }] : []));

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

