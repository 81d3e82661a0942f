// The appendix: every point's step statistics and round-trip path, a few points per table, and every note.
import { unavailableReason, type RtpAnalysis, type StepStatsAnalysis } from "../../api/analyses";
import { formatCount, formatNs, formatSignedPct } from "../../format";
import { chunk, meanPct, meanPm, pointsPerTable, POINTS_PER_TABLE, segmentMatrix, segmentText, splitLabels, stepMatrix } from "./appendix";
import type { Settled } from "./figureData";
import { Absent, NumbersTable, WhenLoaded } from "./FigureParts";

type LabelOf = (pointNo: number) => string;

/** The columns: `rowHeads` (the row's name first), then one per point; dense, what the table's points share is
 * said once, after the first (its header repeats on every page the table spans). */
function columnsOf(rowHeads: string[], nos: number[], labelOf: LabelOf, dense: boolean): string[] {
  const labels = nos.map(labelOf);
  const { common, heads } = dense ? splitLabels(labels) : { common: "", heads: labels };
  return [`${rowHeads[0]}${common ? `, ${common}` : ""}`, ...rowHeads.slice(1), ...heads.map((h) => `#${h}`)];
}

/** What a dense table's rows are, said once above its tables: "Paper steps: c.start C1–C2 · c.marshal C3 …". */
function RowKey({ label, pairs }: { label: string; pairs: [string, string][] }) {
  const shown = pairs.filter(([, v]) => v);
  if (shown.length === 0) return null;
  return (
    <p className="small report-row-key">
      {label}:{" "}
      {shown.map(([name, v], i) => (
        <span key={name}>{i > 0 && " · "}<code>{name}</code> {v}</span>
      ))}
    </p>
  );
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
      const dense = ss.points.length > POINTS_PER_TABLE;
      return (
        <>
          <p className="muted small">
            Mean of each step over the point's later calls ± the half-width of its 95% confidence interval
            {dense ? " as a percentage of the mean" : ""}; the probe cost is already subtracted. Percentiles and counts per
            point and step: <code>point_step_stats.csv</code>.
          </p>
          {dense && <RowKey label="Paper steps" pairs={stepMatrix(ss.points).rows.map((r) => [r.name, r.paper])} />}
          {chunk(ss.points, pointsPerTable(ss.points.length)).map((group) => {
            const m = stepMatrix(group);
            return dense ? (
              <NumbersTable key={m.points[0]} testId="appendix-steps" className="report-matrix report-matrix-dense"
                columns={columnsOf(["Step"], m.points, labelOf, true)} rows={m.rows.map((r) => [<code key="c">{r.name}</code>, ...r.cells.map(meanPct)])} />
            ) : (
              <NumbersTable key={m.points[0]} testId="appendix-steps" className="report-matrix"
                columns={columnsOf(["Step", "Paper"], m.points, labelOf, false)}
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
      const dense = rtp.points.length > POINTS_PER_TABLE;
      return (
        <>
          <p className="muted small">
            Mean time each segment adds to the round trip (over the calls in which it is on the critical path; the share of calls
            in brackets when not all). {rtp.clock ?? ""}
          </p>
          {dense && <RowKey label="Lanes" pairs={segmentMatrix(rtp.points).rows.map((r) => [r.name, r.lanes])} />}
          {chunk(rtp.points, pointsPerTable(rtp.points.length)).map((group) => {
            const m = segmentMatrix(group);
            const lead = (label: string) => (dense ? [<strong key="l">{label}</strong>] : [<strong key="l">{label}</strong>, ""]);
            const total = (label: string, f: (t: (typeof m.totals)[number]) => string) => [...lead(label), ...m.totals.map(f)];
            return (
              <NumbersTable key={m.points[0]} testId="appendix-rtp" className={dense ? "report-matrix report-matrix-dense" : "report-matrix"}
                caption="Table 2: calculated vs measured round trip"
                columns={columnsOf(dense ? ["Segment"] : ["Segment", "Lanes"], m.points, labelOf, dense)}
                rows={[
                  ...m.rows.map((r) => [<code key="c">{r.name}</code>,
                    ...(dense ? [] : [<span key="l" className="lanes">{r.lanes}</span>]), ...r.cells.map(segmentText)]),
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
