// The appendix: every point's step statistics and round-trip path, a few points per table, and every note.
import { unavailableReason, type RtpAnalysis, type StepStatsAnalysis } from "../../api/analyses";
import { formatCount, formatNs, formatSignedPct } from "../../format";
import { chunk, meanPm, POINTS_PER_TABLE, segmentMatrix, segmentText, stepMatrix } from "./appendix";
import type { Settled } from "./figureData";
import { Absent, NumbersTable, WhenLoaded } from "./FigureParts";

type LabelOf = (pointNo: number) => string;

/** Column headers naming the points: "point 3" over its label. */
function pointHeads(nos: number[], labelOf: LabelOf): string[] {
  return nos.map((n) => `#${labelOf(n)}`);
}

/** One point: every step with count, mean, CI and percentiles. A sweep: step means ± CI half-width, six points a table. */
export function StepStatsAppendix({ value, labelOf }: { value: Settled<StepStatsAnalysis>; labelOf: LabelOf }) {
  return (
    <WhenLoaded value={value} what="step statistics" draw={(ss) => {
      const why = unavailableReason(ss);
      if (why) return <Absent>{why}.</Absent>;
      if (ss.points.length === 0) return <Absent>no completed calls, so no step has a time.</Absent>;
      if (ss.points.length === 1) {
        const p = ss.points[0];
        return (
          <NumbersTable testId="appendix-steps" columns={["Paper", "Step", "Side", "#Count", "#Mean", "#95% CI", "#p50", "#p99", "#Runs per call"]}
            rows={p.steps.map((s) => [s.paper || "—", <code key="c">{s.name}</code>, s.side, formatCount(s.stats.count), formatNs(s.stats.mean_ns),
              `${formatNs(s.stats.ci95_low_ns)} – ${formatNs(s.stats.ci95_high_ns)}`, formatNs(s.stats.median_ns), formatNs(s.stats.p99_ns),
              s.runs_per_call.toFixed(2)])} />
        );
      }
      return (
        <>
          <p className="muted small">
            Mean of each step over the point's later calls ± the half-width of its 95% confidence interval; the probe cost is already
            subtracted. Percentiles and counts per point and step: <code>point_step_stats.csv</code>.
          </p>
          {chunk(ss.points, POINTS_PER_TABLE).map((group) => {
            const m = stepMatrix(group);
            return (
              <NumbersTable key={m.points[0]} testId="appendix-steps" className="report-matrix"
                columns={["Step", "Paper", ...pointHeads(m.points, labelOf)]}
                rows={m.rows.map((r) => [<code key="c">{r.name}</code>, r.paper || "—", ...r.cells.map(meanPm)])} />
            );
          })}
        </>
      );
    }} />
  );
}

/** Table 2 of every point side by side: each segment's mean on the critical path, the sums and the error. */
export function RtpAppendix({ value, labelOf }: { value: Settled<RtpAnalysis>; labelOf: LabelOf }) {
  return (
    <WhenLoaded value={value} what="round trip path" draw={(rtp) => {
      const why = unavailableReason(rtp);
      if (why) return <Absent>{why}.</Absent>;
      if (rtp.points.length === 0) return <Absent>no call completed with both client and server steps.</Absent>;
      return (
        <>
          <p className="muted small">
            Mean time each segment adds to the round trip (over the calls in which it is on the critical path; the share of calls
            in brackets when not all). {rtp.clock ?? ""}
          </p>
          {chunk(rtp.points, POINTS_PER_TABLE).map((group) => {
            const m = segmentMatrix(group);
            const total = (label: string, f: (t: (typeof m.totals)[number]) => string) => [<strong key="l">{label}</strong>, "", ...m.totals.map(f)];
            return (
              <NumbersTable key={m.points[0]} testId="appendix-rtp" className="report-matrix" caption="Table 2: calculated vs measured round trip"
                columns={["Segment", "Lanes", ...pointHeads(m.points, labelOf)]}
                rows={[
                  ...m.rows.map((r) => [<code key="c">{r.name}</code>, <span key="l" className="lanes">{r.lanes}</span>, ...r.cells.map(segmentText)]),
                  total("Calculated RTT", (t) => formatNs(t.calculatedNs)),
                  total("Untimed gaps on the path", (t) => formatNs(t.untimedNs)),
                  total("Measured RTT", (t) => formatNs(t.measuredNs)),
                  total("% error", (t) => formatSignedPct(t.errorPct)),
                ]} />
            );
          })}
        </>
      );
    }} />
  );
}
