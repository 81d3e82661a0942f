import { useLocation, useParams } from "react-router-dom";
import { StatusBadge } from "../../components/StatusBadge";
import { formatDateTime } from "../../format";
import { paperOf } from "./api";
import {
  AgentsTable,
  Contents,
  LinkTable,
  numbered,
  ParamsTable,
  QualityTable,
  ReportFrame,
  ReportSection,
  useTocPages,
} from "./ReportParts";
import { RUN_REPORT_SECTIONS } from "./reportSections";
import { useRunReports, type RunReport } from "./useRunReport";
import "./report.css";

export { CHART_WIDTH } from "./reportSections";
// the sections come from one list (reportSections.tsx): numbered here for the contents
const SECTIONS = numbered(RUN_REPORT_SECTIONS.map((s) => [s.id, s.title]));

/** A run as a printable report: /runs/:id/report (?paper=a4|letter). The PDF endpoint prints this page. */
export function RunReportPage() {
  const { id = "" } = useParams();
  const paper = paperOf(useLocation().search);
  const { reports, error } = useRunReports([id]);
  const pages = useTocPages();
  const state = error ? "error" : reports ? "ready" : "loading";
  return (
    <ReportFrame state={state} error={error && `Run ${id}: ${error}`} paper={paper}>
      {reports && <RunReportBody report={reports[0]} pages={pages} />}
      {!reports && !error && <p className="muted">Loading run {id}…</p>}
    </ReportFrame>
  );
}

function RunReportBody({ report, pages }: { report: RunReport; pages: Record<string, number> | null }) {
  const { run, data } = report;
  return (
    <>
      <header className="report-cover">
        <div className="report-kicker">perflab report</div>
        <h1>
          {run.name || `Run #${run.id}`} <span className="muted">#{run.id}</span>
        </h1>
        <div className="report-sub">
          <StatusBadge status={run.status} /> generated {formatDateTime(new Date().toISOString())}
        </div>
        {run.status !== "done" && (
          <div className="report-failure" data-testid="report-failure">
            <b>This run {run.status === "cancelled" ? "was cancelled" : run.status}:</b> {run.reason ?? "no reason recorded"}.
            The report shows what was measured before ({run.calls_done.toLocaleString("en-US")} of{" "}
            {run.calls_total.toLocaleString("en-US")} calls).
          </div>
        )}
        <h3>Parameters</h3>
        <ParamsTable run={run} />
        <h3>Agents and machines</h3>
        <AgentsTable agents={data.agents} />
        <h3>Measurement quality</h3>
        <QualityTable data={data} />
        <h3>Link</h3>
        <LinkTable link={data.link} />
      </header>
      <Contents entries={SECTIONS} pages={pages} />
      {RUN_REPORT_SECTIONS.map((section, i) => (
        <ReportSection key={section.id} entry={SECTIONS[i]} breakBefore={i === 0}>
          {section.render(report)}
        </ReportSection>
      ))}
    </>
  );
}
