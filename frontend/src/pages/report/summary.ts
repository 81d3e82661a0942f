// The report's answer, computed from what the report view already loaded: the points named by what varies,
// their RTT (mean with its 95% CI, median, p99), a headline sentence, what was measured, and which figure leads.
// Pure functions: page 1 (SummaryPage.tsx) and the RTT section draw them, Vitest checks them.
import type { StepStatsPoint } from "../../api/analyses";
import type { Run, RunSummary } from "../../api/types";
import { formatCi, formatCount, formatNs } from "../../format";
import type { PointParams } from "../../figures/figurePoints";
import type { TableJson } from "./api";
import { pointNamer } from "../../figures/pointWords";
import { kindUnit, runPoints } from "../../kinds";

/** A point's parameters as the run's kind reads them (kinds/index.ts runPoints). */
export type ReportPoint = PointParams;

/** The report's points: the run's, as every page reads them. */
export const reportPoints = (run: Run): ReportPoint[] => runPoints(run);

/** The report's point names by point_no, as every page names them. */
export const labelOf = (report: { run: Run }): ((pointNo: number) => string) => pointNamer(reportPoints(report.run));

/** One point's RTT as the report prints it; CI and percentiles are null where only the points table had it. */
export interface PointRtt {
  pointNo: number;
  label: string;
  /** what sets it apart from the run's other points ("1,000 B" in a size sweep): the headline's words */
  short?: string;
  calls: number;
  warmup: number | null;
  errors: number | null;
  meanNs: number;
  ciLowNs: number | null;
  ciHighNs: number | null;
  medianNs: number;
  p90Ns: number;
  p99Ns: number;
  stddevNs: number;
  minNs: number | null;
  maxNs: number | null;
  firstNs: number | null;
}

function tableColumn(table: TableJson | null | undefined, pointNo: number, column: string): number | null {
  if (!table) return null;
  const at = table.columns.findIndex((c) => c.name === column);
  const pn = table.columns.findIndex((c) => c.name === "point_no");
  const row = table.rows.find((r) => r[pn] === pointNo);
  const v = at >= 0 && row ? row[at] : null;
  return typeof v === "number" ? v : null;
}

/**
 * Each point's RTT: from the step_stats analysis (bootstrap 95% CI of the mean) when it has the point, else from
 * the run's summary when the run is one point, else from the points table (no CI); warm-up and error counts
 * from the points table.
 */
export function pointRtts(points: ReportPoint[], stats: StepStatsPoint[] | null, table?: TableJson | null, whole?: RunSummary | null): PointRtt[] {
  const nameOf = pointNamer(points);
  const shortOf = pointNamer(points, { varying: true });
  const nos = stats?.length ? stats.map((s) => s.point_no) : points.map((p) => p.point_no);
  const rows: PointRtt[] = [];
  for (const no of nos) {
    const fromSummary = !stats?.length && points.length === 1 && whole?.rtt
      ? { point_no: no, calls: whole.rtt.count, rtt: whole.rtt, steps: [], first_call: whole.first_call && { ...whole.first_call, steps_ns: {} } }
      : undefined;
    const s = stats?.find((x) => x.point_no === no) ?? fromSummary;
    const col = (c: string) => tableColumn(table, no, c);
    const label = nameOf(no);
    const short = shortOf(no);
    const extra = { warmup: col("warmup_calls"), errors: col("error_calls") };
    if (s && s.rtt && s.rtt.count > 0) {
      const r = s.rtt;
      rows.push({ pointNo: no, label, short, calls: r.count, ...extra, meanNs: r.mean_ns, ciLowNs: r.ci95_low_ns, ciHighNs: r.ci95_high_ns,
        medianNs: r.median_ns, p90Ns: r.p90_ns, p99Ns: r.p99_ns, stddevNs: r.stddev_ns, minNs: r.min_ns ?? null,
        maxNs: r.max_ns ?? null, firstNs: s.first_call?.rtt_ns ?? null });
      continue;
    }
    const mean = col("rtt_mean_ns");
    if (mean === null) continue;
    rows.push({ pointNo: no, label, short, calls: col("measured_calls") ?? col("calls") ?? 0, ...extra, meanNs: mean, ciLowNs: null,
      ciHighNs: null, medianNs: col("rtt_median_ns") ?? NaN, p90Ns: col("rtt_p90_ns") ?? NaN, p99Ns: col("rtt_p99_ns") ?? NaN,
      stddevNs: col("rtt_stddev_ns") ?? NaN, minNs: col("rtt_min_ns"), maxNs: col("rtt_max_ns"), firstNs: null });
  }
  return rows;
}

export function ciText(r: PointRtt): string {
  return r.ciLowNs === null || r.ciHighNs === null ? "—" : formatCi(r.ciLowNs, r.ciHighNs);
}

/** The run's answer in one sentence: one point's mean with its CI, or the range of a sweep's means. */
export function headline(rows: PointRtt[]): string {
  if (rows.length === 0) return "No measured calls: the run has no RTT to report (warm-up, first and error calls are left out).";
  const calls = rows.reduce((a, r) => a + r.calls, 0);
  if (rows.length === 1) {
    const r = rows[0];
    const ci = r.ciLowNs === null ? "" : ` (95% CI ${ciText(r)})`;
    return `Mean RTT ${formatNs(r.meanNs)}${ci}, median ${formatNs(r.medianNs)}, p99 ${formatNs(r.p99Ns)}, over ${formatCount(calls)} measured calls.`;
  }
  const lo = rows.reduce((a, r) => (r.meanNs < a.meanNs ? r : a));
  const hi = rows.reduce((a, r) => (r.meanNs > a.meanNs ? r : a));
  return `Mean RTT from ${formatNs(lo.meanNs)} (${lo.short ?? lo.label}) to ${formatNs(hi.meanNs)} (${hi.short ?? hi.label}) across ${rows.length} points, ` +
    `${formatCount(calls)} measured calls.`;
}

/** What was measured, in a sentence: kind, transport, agents, link and the points' parameters. */
export function measuredSentence(run: Run, points: ReportPoint[]): string {
  const p = run.params as unknown as Record<string, unknown>;
  const warmup = formatCount((p.warmup_calls as number) ?? 0);
  return kindUnit(run.kind).sentence(p, points, {
    transport: String(p.transport ?? "").toUpperCase(),
    who: `from ${run.client_agent.name} to ${run.server_agent.name}`,
    link: run.link?.profile ? ` on link ${run.link.profile}` : "",
    warmup,
    calls: `${formatCount(p.calls as number)} calls${points.length > 1 ? " per point" : ""} after ${warmup} warm-up`,
  });
}

/** The figure that answers the run's question, printed first: a rate sweep's latency vs load, a size sweep's RTT
 * vs size, a thread sweep's throughput, a think-time sweep's model; null when the run sweeps nothing (the figures
 * keep the tabs' order). */
export function leadFigure(points: ReportPoint[]): "load" | "rtt-size" | "throughput" | "model-figure" | null {
  const n = (k: keyof ReportPoint) => new Set(points.map((p) => p[k])).size;
  if (new Set(points.map((p) => (p as { rate_calls_s?: number }).rate_calls_s)).size > 1) return "load";
  if (n("think_time_us") > 1) return "model-figure";
  if (n("threads") > 1) return "throughput";
  if (n("request_bytes") > 1) return "rtt-size";
  return null;
}
