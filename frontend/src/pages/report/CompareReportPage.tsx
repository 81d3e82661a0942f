import { useMemo } from "react";
import { useLocation } from "react-router-dom";
import { RttHistogramChart } from "../../charts/rttHistogram/RttHistogramChart";
import { measuredRtts } from "../../charts/rttHistogram/transform";
import { RttPerCallChart } from "../../charts/rttPerCall/RttPerCallChart";
import { StatusBadge } from "../../components/StatusBadge";
import { formatDateTime, formatNs } from "../../format";
import { paperOf } from "./api";
import { compareRtt, compareSteps, type CompareRow } from "../../figures/compare";
import { RttSizeOverlay, SideBySide, ThroughputOverlay } from "./compareSections";
import {
  AgentsTable,
  Contents,
  NotesList,
  numbered,
  ParamsTable,
  QualityTable,
  ReportFrame,
  ReportSection,
  useTocPages,
} from "./ReportParts";
import { CHART_WIDTH } from "./reportSections";
import { useRunReports, type RunReport } from "./useRunReport";
import "./report.css";

const SECTIONS = numbered([
  ["stats", "RTT statistics compared"],
  ["histograms", "RTT histograms"],
  ["per-call", "RTT per call"],
  ["steps", "Step means compared"],
  ["points", "Per-point aggregates"],
  ["rtp", "Round trip path: calculated vs measured"],
  ["model", "Model vs measured"],
  ["rtt-size", "RTT vs size, both runs"],
  ["throughput", "Throughput vs threads, both runs"],
  ["notes", "Anomaly notes"],
]);
const S = Object.fromEntries(SECTIONS.map((s) => [s.id, s]));
// the registry tables its sections put side by side
const COMPARE_TABLES = ["points", "rtp", "model"];

/** Two runs side by side: /compare/report?a=&b= (&paper=a4|letter). */
export function CompareReportPage() {
  const search = useLocation().search;
  const q = new URLSearchParams(search);
  const ids = [q.get("a") ?? "", q.get("b") ?? ""];
  const paper = paperOf(search);
  const missing = ids.some((x) => !/^\d+$/.test(x));
  const { reports, error } = useRunReports(missing ? [] : ids, { timeline: false, tables: COMPARE_TABLES });
  const pages = useTocPages();
  const problem = missing ? "a comparison needs two run ids: /compare/report?a=1&b=2" : error;
  const state = problem ? "error" : reports && reports.length === 2 ? "ready" : "loading";
  return (
    <ReportFrame state={state} error={problem} paper={paper}>
      {state === "ready" && reports && <CompareBody a={reports[0]} b={reports[1]} pages={pages} />}
    </ReportFrame>
  );
}

function pct(v: number | null): string {
  return v === null ? "—" : `${v > 0 ? "+" : ""}${v.toFixed(1)} %`;
}

function CompareTable({ rows, ns = true, testId }: { rows: CompareRow[]; ns?: boolean; testId: string }) {
  const fmt = (v: number | null) => (v === null ? "—" : ns ? formatNs(v) : v.toLocaleString("en-US"));
  return (
    <table className="report-table" data-testid={testId}>
      <thead>
        <tr>
          <th />
          <th className="num">Run A</th>
          <th className="num">Run B</th>
          <th className="num">B − A</th>
          <th className="num">change</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.label}>
            <th>{r.label}</th>
            <td className="num">{r.label === "Count" ? (r.a ?? "—").toLocaleString() : fmt(r.a)}</td>
            <td className="num">{r.label === "Count" ? (r.b ?? "—").toLocaleString() : fmt(r.b)}</td>
            <td className="num">{r.label === "Count" ? "" : fmt(r.delta)}</td>
            <td className={`num ${r.pct !== null && Math.abs(r.pct) >= 10 ? "strong" : ""}`}>{pct(r.pct)}</td>
          </tr>
        ))}
      </tbody>
    </table>
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

function CompareBody({ a, b, pages }: { a: RunReport; b: RunReport; pages: Record<string, number> | null }) {
  const ma = useMemo(() => measuredRtts(a.calls), [a.calls]);
  const mb = useMemo(() => measuredRtts(b.calls), [b.calls]);
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
      <Contents entries={SECTIONS} pages={pages} />
      <ReportSection entry={S.stats} breakBefore>
        <CompareTable rows={compareRtt(a.summary, b.summary)} testId="compare-rtt" />
        <p className="muted small">
          Measured calls only (no warm-up, not the first call, no errors). First call: A{" "}
          {a.summary.first_call ? formatNs(a.summary.first_call.rtt_ns) : "—"}, B{" "}
          {b.summary.first_call ? formatNs(b.summary.first_call.rtt_ns) : "—"}.
        </p>
      </ReportSection>
      <ReportSection entry={S.histograms}>
        <h3>Run A #{a.run.id}</h3>
        <RttHistogramChart values={ma} width={CHART_WIDTH} height={220} />
        <h3>Run B #{b.run.id}</h3>
        <RttHistogramChart values={mb} width={CHART_WIDTH} height={220} />
      </ReportSection>
      <ReportSection entry={S["per-call"]}>
        <h3>Run A #{a.run.id}</h3>
        <RttPerCallChart calls={a.calls} width={CHART_WIDTH} height={220} />
        <h3>Run B #{b.run.id}</h3>
        <RttPerCallChart calls={b.calls} width={CHART_WIDTH} height={220} />
      </ReportSection>
      <ReportSection entry={S.steps}>
        <CompareTable rows={compareSteps(a.summary, b.summary)} testId="compare-steps" />
      </ReportSection>
      <ReportSection entry={S.points}>
        <SideBySide a={a} b={b} table="points" keys={["point_no", "request_bytes"]} keyLabel="Point · request" testId="compare-points"
          values={["measured_calls", "rtt_mean_ns", "rtt_median_ns", "rtt_p99_ns"]} headers={["Calls", "Mean", "Median", "p99"]} />
      </ReportSection>
      <ReportSection entry={S.rtp}>
        <SideBySide a={a} b={b} table="rtp" keys={["point_no", "request_bytes"]} keyLabel="Point · request" testId="compare-rtp"
          values={["calculated_rtt_ns", "measured_rtt_ns", "error_pct"]} headers={["Calculated", "Measured", "% error"]} />
      </ReportSection>
      <ReportSection entry={S.model}>
        <SideBySide a={a} b={b} table="model" keys={["label", "threads", "think_time_us"]} keyLabel="Size · threads · think" testId="compare-model"
          values={["model_rtt_ns", "measured_rtt_ns", "error_pct"]} headers={["Model", "Measured", "% error"]} />
      </ReportSection>
      <ReportSection entry={S["rtt-size"]}>
        <RttSizeOverlay a={a} b={b} />
      </ReportSection>
      <ReportSection entry={S.throughput}>
        <ThroughputOverlay a={a} b={b} />
      </ReportSection>
      <ReportSection entry={S.notes}>
        <h3>Run A #{a.run.id}</h3>
        <NotesList notes={a.data.notes} />
        <h3>Run B #{b.run.id}</h3>
        <NotesList notes={b.data.notes} />
      </ReportSection>
    </>
  );
}
