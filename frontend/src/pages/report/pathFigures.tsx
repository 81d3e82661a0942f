// The Steps, Round trip path and Statistics tabs in the report: the tabs' chart components and transforms, drawn
// at the paper's width, with the numbers the tabs show beside the chart printed below it.
import { unavailableReason, type EcsAnalysis, type RtpAnalysis, type StepStatsAnalysis } from "../../api/analyses";
import type { Run } from "../../api/types";
import { errorClass, table2 } from "../../charts/rtp/rtpLayout";
import { RtpChart } from "../../charts/rtp/RtpChart";
import { CiChart } from "../../charts/statistics/CiChart";
import { groupedAxis } from "../../charts/statistics/groupedAxis";
import { anovaCells, anovaReading, ciRows, ratioTables, regressionCells, regressionGroupRows, regressionGroupsReading, regressionView } from "../../charts/statistics/statsTables";
import { buildLadder } from "../../charts/stepLadder/ladder";
import { StepLadder } from "../../charts/stepLadder/StepLadder";
import { formatNs, formatSignedPct } from "../../format";
import { packetDataOf } from "../../figures/figurePoints";
import { pointNamer } from "../../figures/pointWords";
import { runPoints } from "../../kinds";
import { pickPoints, type Settled } from "./figureData";
import { Absent, CHART_WIDTH, Figure, NumbersTable, PointsNote, WhenLoaded } from "./FigureParts";

const CHART_W = CHART_WIDTH;
// Per-point figures: the first and the last point (a sweep's ends), two to a page; every point's numbers are in
// the appendix, every point's figure on the run page
const POINT_FIGURES = 2;
const LADDER_H = 400;
const RTP_H = 380;

function labeller(run: Run) {
  const params = runPoints(run);
  return pointNamer(params);
}

/** Whether the report's CI chart numbers its points (named in a key below it): only when there are many and their
 * names share no parts the chart can group (as the tab does: sizes, threads and think time as label rows), since a
 * 48-point key is a paragraph the reader must search. */
export function numberedCiAxis(cis: { pointNo: number }[], label: (pointNo: number) => string): boolean {
  return cis.length > 6 && !groupedAxis(cis.map((c) => label(c.pointNo).replace(/^point \d+: /, "")));
}

/** Step ladders (DCE Figs 1–2) of the later calls' means, per drawn point (every point's numbers: the appendix). */
export function StepsFigure({ run, stepStats, rtp }: { run: Run; stepStats: Settled<StepStatsAnalysis>; rtp: Settled<RtpAnalysis> }) {
  const params = runPoints(run);
  const label = labeller(run);
  return (
    <WhenLoaded value={stepStats} what="step statistics" draw={(ss) => {
      const why = unavailableReason(ss);
      if (why) return <Absent>{why}.</Absent>;
      if (ss.points.length === 0) return <Absent>the run recorded no completed calls, so no step has a time.</Absent>;
      const drawn = pickPoints(ss.points, POINT_FIGURES);
      return (
        <>
          {drawn.map((point) => {
            const rtpPoint = rtp.ok ? rtp.data.points?.find((p) => p.point_no === point.point_no) ?? null : null;
            const pp = params.find((p) => p.point_no === point.point_no);
            const ladder = buildLadder(point, rtpPoint, {
              requestBytes: pp?.request_bytes ?? null,
              packetData: packetDataOf(run.params as unknown as Record<string, unknown>),
              firstCall: false,
            });
            return (
              <Figure key={point.point_no} title={`${label(point.point_no)} — ${point.calls} calls, mean RTT ${formatNs(point.rtt?.mean_ns)}`} testId="report-step-ladder">
                <StepLadder ladder={ladder} mode="schematic" firstCall={false} width={CHART_W} height={LADDER_H} />
              </Figure>
            );
          })}
          <PointsNote drawn={drawn.length} total={ss.points.length} table="Appendix A.1" />
          <p className="muted small">
            Mean of the later calls; the probe cost is already subtracted. Dotted steps are off the round trip path in most
            calls. Each step's 95% confidence interval, at every point: Appendix A.1.
          </p>
        </>
      );
    }} />
  );
}

/** DCE Figure 5 (lanes and critical path) per drawn point with its Table 2 sums (every point's Table 2: the appendix). */
export function RtpFigure({ run, rtp }: { run: Run; rtp: Settled<RtpAnalysis> }) {
  const label = labeller(run);
  return (
    <WhenLoaded value={rtp} what="round trip path" draw={(data) => {
      const why = unavailableReason(data);
      if (why) return <Absent>{why}.</Absent>;
      if (data.points.length === 0) {
        return <Absent>{data.unplaced_codes.length
          ? `the path analysis has no dependency rows for the step codes this run recorded (${data.unplaced_codes.join(", ")}).`
          : "no call completed with both client and server steps."}</Absent>;
      }
      const drawn = pickPoints(data.points, POINT_FIGURES);
      return (
        <>
          {drawn.map((point) => {
            const t2 = table2(point);
            return (
              <Figure key={point.point_no} title={`${label(point.point_no)} — ${point.calls} calls · ${data.clock}`} testId="report-rtp-chart">
                <RtpChart point={point} lanes={data.lanes} width={CHART_W} height={RTP_H} />
                <p className="small" data-testid="report-rtp-sum">
                  Calculated RTT {formatNs(t2.calculatedNs)} (untimed gaps {formatNs(t2.untimedNs)}) vs measured {formatNs(t2.measuredNs)}:{" "}
                  <span className={`err-${errorClass(t2.percentError)}`}>{formatSignedPct(t2.percentError)}</span>
                </p>
              </Figure>
            );
          })}
          <PointsNote drawn={drawn.length} total={data.points.length} table="Appendix A.2" />
          <p className="muted small">
            Solid: the critical path; dotted beside a lane: work off the path in most calls; grey arrows: messages.
            Means over the point's calls, relative to the call's first client step. Table 2 (calculated vs measured round
            trip) of every point: Appendix A.2.{data.notes.map((n) => ` ${n}.`)}
          </p>
        </>
      );
    }} />
  );
}

/** The Statistics tab: ANOVA, regression, ratio tables, and the CI chart (its numbers: the RTT statistics section). */
export function StatisticsFigure({ run, ecs, stepStats }: { run: Run; ecs: Settled<EcsAnalysis>; stepStats: Settled<StepStatsAnalysis> }) {
  const label = labeller(run);
  return (
    <>
      <WhenLoaded value={ecs} what="ANOVA and regression (ecs analysis)" draw={(e) => {
        const why = unavailableReason(e);
        if (why) return <Absent>no ANOVA or regression: {why}.</Absent>;
        const ratios = ratioTables(e.ratios);
        const reg = e.regression ? regressionView(e.regression) : null;
        const groups = e.regression_groups ?? [];
        const anova = e.anova ? anovaCells(e.anova) : null;
        return (
          <>
            <h3>Analysis of variance</h3>
            {e.anova && anova ? (
              <>
                <NumbersTable testId="report-anova" columns={["Source of variation", `#SS (${anova.unit})`, "#df", `#MS (${anova.unit})`, "#F", "#P-value"]}
                  rows={anova.rows} />
                <p className="small">{anovaReading(e.anova)}</p>
              </>
            ) : <p className="report-absent">No ANOVA: {e.reason ?? "the run has a single request size"}.</p>}
            <h3>Regression of RTT on request size</h3>
            {groups.length > 1 ? (
              <>
                <p className="small">{regressionGroupsReading(groups)}</p>
                <NumbersTable testId="report-regression-groups" columns={["Points sharing", "#Calls", "#RTT per KiB", "#95% CI", "#R²"]}
                  rows={regressionGroupRows(groups, label).map((r) => (r.fitted ? [r.name, r.calls, r.slope, r.ci, r.r2] : [r.name, r.calls, r.note, "", ""]))} />
              </>
            ) : reg ? (
              <>
                <NumbersTable columns={["", "#Value"]} rows={regressionCells(reg)} />
                <p className="small">{reg.reading}</p>
              </>
            ) : <p className="report-absent">No regression: {e.reason ?? "the run has a single request size"}.</p>}
            {ratios.map((t) => (
              <NumbersTable key={t.key} caption={`${t.key}: mean RTT ÷ mean RTT of “${t.rows[0]?.base}” (×)`}
                columns={["Request", ...t.labels.map((l) => `#${l}`)]}
                rows={t.rows.map((r) => [`${r.requestBytes} B`, ...r.values.map((v) => (v === null ? "—" : `${v.toFixed(2)}×`))])} />
            ))}
          </>
        );
      }} />
      <WhenLoaded value={stepStats} what="confidence intervals (step_stats analysis)" draw={(ss) => {
        const why = unavailableReason(ss);
        const cis = why ? [] : ciRows(ss.points);
        if (cis.length === 0) return <Absent>no confidence intervals: {why ?? "no completed calls"}.</Absent>;
        const numbered = numberedCiAxis(cis, label);
        return (
          <>
            <Figure title="Confidence intervals: 95% CI of the mean RTT per point (bootstrap of the calls)" testId="report-ci-chart">
              <CiChart rows={cis} labelOf={numbered ? (n) => String(n) : label} width={CHART_W} />
              {numbered && (
                <p className="muted small" data-testid="report-ci-key">
                  Under each bar the point's number: {cis.map((c) => `${c.pointNo} = ${label(c.pointNo).replace(/^point \d+: /, "")}`).join(" · ")}.
                </p>
              )}
            </Figure>
            <p className="muted small">Each point's mean and interval in numbers: section 2, RTT statistics.</p>
          </>
        );
      }} />
    </>
  );
}
