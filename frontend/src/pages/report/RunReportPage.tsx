import { useMemo } from "react";
import { useLocation, useParams } from "react-router-dom";
import { RttHistogramChart } from "../../charts/rttHistogram/RttHistogramChart";
import { measuredRtts } from "../../charts/rttHistogram/transform";
import { RttPerCallChart } from "../../charts/rttPerCall/RttPerCallChart";
import { StatusBadge } from "../../components/StatusBadge";
import { formatDateTime } from "../../format";
import { StepsTable } from "../run/StepsTable";
import { SummaryStats } from "../run/SummaryStats";
import { paperOf } from "./api";
import {
  AgentsTable,
  Contents,
  NotesList,
  numbered,
  ParamsTable,
  QualityTable,
  RegistryTable,
  ReportFrame,
  ReportSection,
  useTocPages,
} from "./ReportParts";
import { useRunReports, type RunReport } from "./useRunReport";
import "./report.css";

export const CHART_WIDTH = 660; // fits A4 and Letter between 12 mm margins
const SECTIONS = numbered([
  ["stats", "RTT statistics"],
  ["per-call", "RTT per call"],
  ["histogram", "RTT histogram"],
  ["steps", "Step statistics"],
  ["points", "Per-point aggregates"],
  ["rtp", "Round trip path: calculated vs measured"],
  ["model", "Model vs measured"],
  ["notes", "Anomaly notes"],
]);
const S = Object.fromEntries(SECTIONS.map((s) => [s.id, s]));

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

function AnalysisTable({ report, name, what }: { report: RunReport; name: string; what: string }) {
  const table = report.tables[name];
  if (table) return <RegistryTable table={table} omit={["params_json"]} />;
  const info = report.data.tables.find((t) => t.name === name);
  return (
    <p className="report-absent">
      Not computed for this run: {info?.reason ?? `no ${what} analysis is stored`}.
    </p>
  );
}

function RunReportBody({ report, pages }: { report: RunReport; pages: Record<string, number> | null }) {
  const { run, summary, calls, data } = report;
  const measured = useMemo(() => measuredRtts(calls), [calls]);
  const markers = summary.rtt
    ? [
        { label: "p50", ns: summary.rtt.median_ns },
        { label: "p99", ns: summary.rtt.p99_ns },
      ]
    : undefined;
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
        <QualityTable agents={data.agents} clock={data.clock} />
      </header>
      <Contents entries={SECTIONS} pages={pages} />
      <ReportSection entry={S.stats} breakBefore>
        <SummaryStats summary={summary} />
      </ReportSection>
      <ReportSection entry={S["per-call"]}>
        <RttPerCallChart calls={calls} width={CHART_WIDTH} height={280} />
      </ReportSection>
      <ReportSection entry={S.histogram}>
        <RttHistogramChart values={measured} markers={markers} width={CHART_WIDTH} height={280} />
      </ReportSection>
      <ReportSection entry={S.steps}>
        <StepsTable summary={summary} />
      </ReportSection>
      <ReportSection entry={S.points}>
        <AnalysisTable report={report} name="points" what="per-point" />
      </ReportSection>
      <ReportSection entry={S.rtp}>
        <AnalysisTable report={report} name="rtp" what="round-trip-path" />
      </ReportSection>
      <ReportSection entry={S.model}>
        <AnalysisTable report={report} name="model" what="queueing-model" />
      </ReportSection>
      <ReportSection entry={S.notes}>
        <NotesList notes={data.notes} />
      </ReportSection>
    </>
  );
}
