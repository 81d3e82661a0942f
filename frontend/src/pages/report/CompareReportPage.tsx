// The comparison report of two runs: the cover, RTT statistics, the registry's comparison sections (figures/registry.tsx) and the notes.
import { useLocation } from "react-router-dom";
import { StatusBadge } from "../../components/StatusBadge";
import { compareRtt } from "../../figures/compare";
import { LOOP_RTT_WORDS, loopOf } from "../../figures/loop";
import { COMPARE_REPORT_SECTIONS, COMPARE_REPORT_TABLES } from "../../figures/registry";
import { formatDateTime, formatNs } from "../../format";
import { paperOf } from "./api";
import { CompareTable } from "./compareSections";
import { whyNotPooled } from "../compare/pooling";
import {
  AgentsTable,
  Contents,
  NotesList,
  numbered,
  ParamsTable,
  QualityTable,
  ReportFrame,
  ReportSection,
} from "./ReportParts";
import { useRunReports, type RunReport } from "./useRunReport";
import "./report.css";

// the figures' sections between the report's own first (the RTT statistics) and last (the notes)
const SECTIONS = numbered([
  ["stats", "RTT statistics compared"],
  ...COMPARE_REPORT_SECTIONS.map((s): [string, string] => [s.id, s.title]),
  ["notes", "Anomaly notes"],
]);
const S = Object.fromEntries(SECTIONS.map((s) => [s.id, s]));

/** Two runs side by side: /compare/report?a=&b= (&paper=a4|letter). */
export function CompareReportPage() {
  const search = useLocation().search;
  const q = new URLSearchParams(search);
  const ids = [q.get("a") ?? "", q.get("b") ?? ""];
  const paper = paperOf(search);
  const missing = ids.some((x) => !/^\d+$/.test(x));
  const { reports, error } = useRunReports(missing ? [] : ids, { timeline: false, tables: COMPARE_REPORT_TABLES });
  const problem = missing ? "a comparison needs two run ids: /compare/report?a=1&b=2" : error;
  const state = problem ? "error" : reports && reports.length === 2 ? "ready" : "loading";
  return (
    <ReportFrame state={state} error={problem} paper={paper}>
      {state === "ready" && reports && <CompareBody a={reports[0]} b={reports[1]} />}
    </ReportFrame>
  );
}

function Side({ r, label }: { r: RunReport; label: string }) {
  return (
    <div className="report-side">
      <h3>
        {label}: {r.run.name || `Run #${r.run.id}`} <span className="muted">#{r.run.id}</span>{" "}
        <StatusBadge status={r.run.status} />
      </h3>
      {r.run.status !== "done" && (
        <div className="report-failure">
          <b>{r.run.status}:</b> {r.run.reason ?? "no reason recorded"}
        </div>
      )}
      <ParamsTable run={r.run} />
      <AgentsTable agents={r.data.agents} />
      <QualityTable data={r.data} />
    </div>
  );
}

function CompareBody({ a, b }: { a: RunReport; b: RunReport }) {
  return (
    <>
      <header className="report-cover">
        <div className="report-kicker">perflab comparison report</div>
        <h1>
          Run #{a.run.id} vs run #{b.run.id}
        </h1>
        <div className="report-sub">generated {formatDateTime(new Date().toISOString())}</div>
        <Side r={a} label="Run A" />
        <Side r={b} label="Run B" />
      </header>
      <Contents entries={SECTIONS} />
      <ReportSection entry={S.stats} breakBefore>
        {whyNotPooled(a.run, b.run)
          ? <p data-testid="compare-not-pooled">{whyNotPooled(a.run, b.run)}</p>
          : <CompareTable rows={compareRtt(a.summary, b.summary)} testId="compare-rtt" />}
        <p className="muted small">
          Measured calls only (no warm-up, not the first call, no errors). First call: A{" "}
          {a.summary.first_call ? formatNs(a.summary.first_call.rtt_ns) : "—"}, B{" "}
          {b.summary.first_call ? formatNs(b.summary.first_call.rtt_ns) : "—"}.
        </p>
        <p className="muted small" data-testid="compare-report-loop">
          Which latency: A {LOOP_RTT_WORDS[loopOf(a.run)]}; B {LOOP_RTT_WORDS[loopOf(b.run)]}.
        </p>
      </ReportSection>
      {COMPARE_REPORT_SECTIONS.map((section) => (
        <ReportSection key={section.id} entry={S[section.id]}>
          {section.render(a, b)}
        </ReportSection>
      ))}
      <ReportSection entry={S.notes}>
        <h3>Run A #{a.run.id}</h3>
        <NotesList notes={a.data.notes} />
        <h3>Run B #{b.run.id}</h3>
        <NotesList notes={b.data.notes} />
      </ReportSection>
    </>
  );
}
