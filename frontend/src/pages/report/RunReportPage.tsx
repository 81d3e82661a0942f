// A run as a printable report (/runs/:id/report): page 1's answer, the numbered sections and the appendix; the PDF
// endpoint prints this page.
import { useEffect } from "react";
import { useLocation, useParams } from "react-router-dom";
import { paperOf } from "./api";
import { Contents, ReportFrame, ReportSection, type TocEntry } from "./ReportParts";
import { APPENDIX_SECTIONS, runReportSections, type ReportSectionDef } from "./reportSections";
import { SummaryPage } from "./SummaryPage";
import { useRunReports, type RunReport } from "./useRunReport";
import "./report.css";

export { CHART_WIDTH } from "./reportSections";

/** The contents' entries: sections numbered 1, 2 …, the appendix's parts A.1, A.2 … under it. */
export function reportEntries(sections: ReportSectionDef[]): TocEntry[] {
  return [
    ...sections.map((s, i) => ({ id: s.id, title: `${i + 1}. ${s.title}` })),
    { id: "appendix", title: "Appendix A. Per-point detail" },
    ...APPENDIX_SECTIONS.map((s, i) => ({ id: s.id, title: `A.${i + 1} ${s.title}`, level: 2 })),
  ];
}

/** A run as a printable report: /runs/:id/report (?paper=a4|letter). The PDF endpoint prints this page. */
export function RunReportPage() {
  const { id = "" } = useParams();
  const paper = paperOf(useLocation().search);
  const { reports, error } = useRunReports([id]);
  const state = error ? "error" : reports ? "ready" : "loading";
  const run = reports?.[0].run;
  useEffect(() => {
    // the PDF's title (its metadata, a viewer's window title)
    if (run) document.title = `perflab report · run #${run.id}${run.name ? ` · ${run.name}` : ""}`;
  }, [run]);
  return (
    <ReportFrame state={state} error={error && `Run ${id}: ${error}`} paper={paper}>
      {reports && <RunReportBody report={reports[0]} />}
      {!reports && !error && <p className="muted">Loading run {id}…</p>}
    </ReportFrame>
  );
}

function RunReportBody({ report }: { report: RunReport }) {
  const sections = runReportSections(report);
  const entries = reportEntries(sections);
  const entry = (id: string) => entries.find((e) => e.id === id)!;
  return (
    <>
      <SummaryPage report={report} entries={entries} />
      <Contents entries={entries} />
      {sections.map((section) => (
        <ReportSection key={section.id} entry={entry(section.id)}>
          {section.render(report)}
        </ReportSection>
      ))}
      <section className="report-appendix report-page-break" id="appendix" data-toc-id="appendix" data-toc-title={entry("appendix").title}>
        <h2>{entry("appendix").title}</h2>
        <p className="muted small">
          Every point's numbers behind the figures. The CSV exports (Export menu) hold them in full, one row per point and step.
        </p>
        {APPENDIX_SECTIONS.map((section) => (
          <ReportSection key={section.id} entry={entry(section.id)}>
            {section.render(report)}
          </ReportSection>
        ))}
      </section>
    </>
  );
}
