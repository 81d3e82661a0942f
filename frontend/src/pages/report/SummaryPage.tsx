// Page 1 of a run's report: which run, what was measured, the answer (RTT per point with its 95% CI, the model's
// verdict, anomalies) and the parameters as a table. Everything a reader needs before the figures.
import { unavailableReason } from "../../api/analyses";
import { isUnavailable } from "../../api/figures";
import type { RunSummary } from "../../api/types";
import { StatusBadge } from "../../components/StatusBadge";
import { formatCount, formatDateTime, formatDurationBetween, formatNs } from "../../format";
import { loopOf, type Loop } from "../../figures/loop";
import { appliedLinkText } from "../run/RunLinkInfo";
import { hostEmulation } from "../run/appliedLink";
import { SummaryStats } from "../run/SummaryStats";
import type { ReportNote } from "./api";
import { NumbersTable } from "./FigureParts";
import { SectionRef, type TocEntry } from "./ReportParts";
import { pairRows, paramRows } from "./reportParams";
import { ciText, headline, labelOf, measuredSentence, pointRtts, reportPoints, type PointRtt } from "./summary";
import type { RunReport } from "./useRunReport";
import { modelVerdict, notesForSummary, shortNote } from "./verdict";

/** Points page 1 lists one by one; a larger sweep is summed up there and listed in the RTT section. */
export const SUMMARY_MAX_POINTS = 24;

export function reportRtts(report: RunReport): PointRtt[] {
  const ss = report.figures.stepStats;
  const stats = ss.ok && !unavailableReason(ss.data) ? ss.data.points : null;
  return pointRtts(reportPoints(report.run), stats, report.tables.points, report.summary);
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <tr>
      <th>{label}</th>
      <td>{children}</td>
    </tr>
  );
}

export function SummaryPage({ report, entries }: { report: RunReport; entries: TocEntry[] }) {
  const ref = (id: string) => <SectionRef entries={entries} id={id} />;
  const { run, data, figures } = report;
  const points = reportPoints(run);
  const rows = reportRtts(report);
  const verdict = figures.model.ok && !isUnavailable(figures.model.data.mvm) ? modelVerdict(figures.model.data.mvm, labelOf(report)) : null;
  // room for more notes when the points are not listed one by one
  const notes = notesForSummary(data.notes, rows.length > 1 && rows.length <= SUMMARY_MAX_POINTS ? 6 : 12);
  const url = `${window.location.origin}/runs/${run.id}`;
  const link = appliedLinkText(run) ?? "not recorded (a run from before link profiles)";
  const host = hostEmulation(run.params as unknown as Record<string, unknown>);
  return (
    <header className="report-cover" data-testid="report-summary">
      <div className="report-kicker">perflab report · generated {formatDateTime(new Date().toISOString())}</div>
      <h1>
        {run.name || `Run #${run.id}`} <span className="muted">#{run.id}</span> <StatusBadge status={run.status} />
      </h1>
      <table className="report-kv report-facts">
        <tbody>
          <Fact label="Kind">{run.kind}{run.tags.length > 0 && <span className="muted"> · tags {run.tags.join(", ")}</span>}</Fact>
          <Fact label="Agents">{run.client_agent.name} (client) → {run.server_agent.name} (server)</Fact>
          <Fact label="Link">{link}</Fact>
          {host && <Fact label="Host">{host}</Fact>}
          <Fact label="When">
            {formatDateTime(run.started_at ?? run.created_at)} · took {formatDurationBetween(run.started_at, run.finished_at)} ·{" "}
            {formatCount(run.calls_done)} of {formatCount(run.calls_total)} calls recorded
          </Fact>
          <Fact label="Run page"><a href={url}>{url}</a></Fact>
        </tbody>
      </table>
      {run.status !== "done" && (
        <div className="report-failure" data-testid="report-failure">
          <b>This run {run.status === "cancelled" ? "was cancelled" : run.status}:</b> {run.reason ?? "no reason recorded"}.
          The report shows what was measured before ({formatCount(run.calls_done)} of {formatCount(run.calls_total)} calls).
        </div>
      )}
      <h3>What was measured</h3>
      <p data-testid="report-measured">{measuredSentence(run, points)}</p>
      <h3>The answer</h3>
      <p className="report-headline" data-testid="report-headline">{headline(rows)}</p>
      <p className="small" data-testid="report-loop">{loopSentence(loopOf(run))} The tail of each point, to p99.99 with intervals: {ref("tails")}.</p>
      {rows.length > 1 && rows.length <= SUMMARY_MAX_POINTS && (
        <NumbersTable testId="report-summary-points" className="report-compact" columns={["Point", "#Calls", "#Mean RTT", "#95% CI of the mean", "#Median", "#p99"]}
          rows={rows.map((r) => [r.short ?? r.label, formatCount(r.calls), <strong key="m">{formatNs(r.meanNs)}</strong>, ciText(r), formatNs(r.medianNs), formatNs(r.p99Ns)])} />
      )}
      {rows.length > SUMMARY_MAX_POINTS && (
        <p className="small">Each of the {rows.length} points with its mean, 95% CI and percentiles: {ref("stats")}.</p>
      )}
      {verdict && <p data-testid="report-verdict">{verdict.text}</p>}
      <h3>Anomalies</h3>
      <SummaryNotes notes={notes.shown} more={notes.more} where={ref("notes")} />
      <h3>Parameters</h3>
      <ParamsKv report={report} />
      {paramRows(run).some((p) => !p.main) && (
        <p className="muted small">The runtime's own settings (packetisation, windows, probes …): {ref("setup")}.</p>
      )}
    </header>
  );
}

function SummaryNotes({ notes, more, where }: { notes: ReportNote[]; more: number; where: React.ReactNode }) {
  if (notes.length === 0) return <p className="small">None noted: no errors, no heavy tail, first calls within bounds, no point off the model.</p>;
  return (
    <ul className="report-notes" data-testid="report-summary-notes">
      {notes.map((n, i) => (
        <li key={i} className={`note note-${n.kind}`}>
          <span className="note-kind">{n.kind}</span> {shortNote(n)}
        </li>
      ))}
      {more > 0 && <li className="muted">and {more} more in the appendix ({where}).</li>}
    </ul>
  );
}

/** The run's parameters, two to a row where they are short: the experiment's (`main`) or the runtime's settings. */
export function ParamsKv({ report, main = true }: { report: RunReport; main?: boolean }) {
  const rows = paramRows(report.run).filter((p) => (p.main ?? false) === main);
  if (rows.length === 0) return <p className="muted small">None.</p>;
  return (
    <table className="report-kv report-params" data-testid={main ? "report-params" : "report-settings"}>
      <tbody>
        {pairRows(rows).map((pair, i) => (
          <tr key={i}>
            {pair.map((p) => [
              <th key={`k${p.label}`}>{p.label}</th>,
              <td key={`v${p.label}`} colSpan={pair.length === 1 ? 3 : 1}>{p.value}</td>,
            ])}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Which latency the report's RTT percentiles are, in one sentence (figures/loop.tsx). */
export function loopSentence(loop: Loop | "mixed"): string {
  if (loop === "closed") {
    return "Closed loop: each caller sent its next call when the last returned, so these percentiles are RTT and a stalled server shows as one slow call rather than every call it held up (coordinated omission).";
  }
  return `${loop === "open" ? "Open loop" : "Open and closed loop points"}: these percentiles are RTT from the actual send; an open-loop point's latency from the intended send, which charges each call the wait a stall caused, is in the tail section.`;
}

/** Section 2: one point's statistics as the run page shows them, or every point's in a row of its own. */
export function RttSection({ report, summary }: { report: RunReport; summary: RunSummary }) {
  const rows = reportRtts(report);
  const loop = loopOf(report.run);
  if (rows.length <= 1) return <SummaryStats summary={summary} loop={loop} />;
  return (
    <>
      <p className="small" data-testid="report-stats-loop">{loopSentence(loop)}</p>
      <NumbersTable testId="report-point-rtt" className="report-compact report-dense" columns={["Point", "#Calls", "#Warm-up / errors", "#Mean", "#95% CI of the mean", "#Median", "#p90", "#p99", "#Std dev", "#Min – max", "#First call"]}
        rows={rows.map((r) => [r.label, formatCount(r.calls), `${formatCount(r.warmup)} / ${formatCount(r.errors)}`, formatNs(r.meanNs), ciText(r),
          formatNs(r.medianNs), formatNs(r.p90Ns), formatNs(r.p99Ns), formatNs(r.stddevNs), `${formatNs(r.minNs)} – ${formatNs(r.maxNs)}`, formatNs(r.firstNs)])} />
      <p className="muted small">
        Measured calls only: each point's first call (connection set-up, cold caches) is reported apart, warm-up and error calls are left out.
        The 95% CI of the mean is a bootstrap over the point's calls. In all: {formatCount(summary.warmup_calls)} warm-up and{" "}
        {formatCount(summary.error_calls)} error calls.
      </p>
    </>
  );
}
