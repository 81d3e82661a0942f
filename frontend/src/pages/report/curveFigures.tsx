// The RTT-vs-size, Throughput, Model and Timeline tabs in the report: the tabs' loaders' data, the tabs' SeriesChart and
// transforms, drawn at the paper's width with each figure's numbers table below it.
import { modelErrorText } from "../../charts/model/modelError";
import { isUnavailable } from "../../api/figures";
import type { Run } from "../../api/types";
import { basePoint } from "../../charts/model/transform";
import { SERIES_COLORS } from "../../charts/common/seriesStyle";
import { groupReason, groups, policies, withPolicy, type PolicyParams } from "../../charts/model/policy";
import { Figure2 } from "../../charts/model/Figure2";
import { Table2 } from "../../charts/model/Table2";
import { modelMethod, perPointSolvers, table2, table2Caption } from "../../charts/model/table2";
import { CalibrationPanel, SolverSummary } from "../../charts/model/ModelSummary";
import { SeriesChart } from "../../charts/rttSize/SeriesChart";
import { boundaryMarkers, sizeRows } from "../../charts/rttSize/transform";
import { throughputSeries } from "../../charts/throughput/transform";
import { THROUGHPUT_COLUMNS, throughputNote, throughputRows } from "../../charts/throughput/words";
import { overviewRows, TimelineOverview } from "../../charts/timeline/TimelineOverview";
import { buildLayout } from "../../charts/timeline/transform";
import { formatCi, formatCount, formatNs } from "../../format";
import { runPacketisation } from "../../figures/figureParams";
import { runPoints } from "../../kinds";
import { pickPoints, TIMELINE_MAX_SPANS, type ReportFigures } from "./figureData";
import { Absent, CHART_WIDTH, Figure, NumbersTable, PointsNote, WhenLoaded } from "./FigureParts";
import { rttSizeCurves, throughputCurves } from "./curves";

const CHART_W = CHART_WIDTH;
const num = (v: number, d = 1) => v.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });

/** DCE Figure 3: mean RTT per request size with the first calls, the unit-cost model and packet boundaries. */
export function RttSizeFigure({ run, value }: { run: Run; value: ReportFigures["rttSize"] }) {
  return (
    <WhenLoaded value={value} what="RTT per request size" draw={(d) => {
      if (!d.stats) return <Absent>no statistics: {d.statsReason}.</Absent>;
      const data = sizeRows(d.stats.points, runPoints(run), d.unit);
      if (data.reason) return <Absent>{data.reason}.</Absent>;
      const spread = Math.max(...data.rows.map((r) => r.first_ns ?? 0)) / Math.max(1, Math.min(...data.rows.map((r) => r.mean_ns)));
      const maxBytes = Math.max(0, ...data.rows.map((r) => r.request_bytes));
      return (
        <>
          <Figure testId="report-rttsize">
            <SeriesChart testId="report-rttsize-chart" width={CHART_W} height={300} logY={spread > 20}
              label={`Mean RTT against request size for ${data.rows.length} sizes`} series={rttSizeCurves(data.rows, !!d.unit)}
              markers={boundaryMarkers(d.model.jumps, maxBytes)} xLabel="request size (bytes)" yLabel={`RTT (µs${spread > 20 ? ", log" : ""})`}
              xFormat={(v) => formatCount(v)} yFormat={(v) => formatCount(v)} xExact={(v) => `${formatCount(v)} B`} yExact={(v) => formatNs(v * 1e3)} />
            <p className="muted small">
              Dotted verticals: where the packet model ({d.model.caption}) needs one more packet.{" "}
              {d.unitReason ? `Unit-cost model not drawn: ${d.unitReason}.` : "Dashed: the unit-cost model's prediction."}
            </p>
          </Figure>
          <NumbersTable testId="report-rttsize-table" columns={["#Size", "#Calls", "#Mean RTT", "#95% CI", "#Median", "#p99", "#First call", "#Unit-cost model", "#Error"]}
            rows={data.rows.map((r) => [
              `${formatCount(r.request_bytes)} B`, formatCount(r.calls), formatNs(r.mean_ns), formatCi(r.ci_low_ns, r.ci_high_ns),
              formatNs(r.median_ns), formatNs(r.p99_ns), formatNs(r.first_ns), formatNs(r.predicted_ns),
              r.percent_error === null ? "—" : `${r.percent_error.toFixed(1)} %`,
            ])} />
        </>
      );
    }} />
  );
}

/** DCE Table 1 / Figure 4: calls/s and Mbit/s per caller-thread count, with the MVA prediction where measured. */
export function ThroughputFigure({ run, value }: { run: Run; value: ReportFigures["throughput"] }) {
  return (
    <WhenLoaded value={value} what="throughput" draw={(d) => {
      if (isUnavailable(d.ecs)) return <Absent>throughput not computed: {d.ecs.reason ?? d.ecs.error}.</Absent>;
      const data = throughputSeries(d.ecs.throughput, runPoints(run));
      if (data.reason) return <Absent>{data.reason}.</Absent>;
      const chart = (field: "calls_per_s" | "mbit_per_s", unit: string) => (
        <SeriesChart testId={`report-throughput-${field}`} width={CHART_W} height={220} label={`${unit} against caller threads`}
          series={throughputCurves(data.series, d.model, field, SERIES_COLORS)} xLabel="caller threads" yLabel={unit}
          xFormat={(v) => (Number.isInteger(v) ? String(v) : "")} yFormat={(v) => formatCount(v)}
          xExact={(v) => `${v} threads`} yExact={(v) => `${num(v, 2)} ${unit}`} />
      );
      return (
        <>
          <Figure title="Calls per second" testId="report-throughput">{chart("calls_per_s", "calls/s")}</Figure>
          <Figure title="Payload throughput">{chart("mbit_per_s", "Mbit/s")}</Figure>
          <p className="muted small">{throughputNote(data.series, d.model, d.modelReason, runPoints(run))}</p>
          <NumbersTable testId="report-throughput-table" columns={THROUGHPUT_COLUMNS.map((c) => `#${c}`)}
            rows={throughputRows(data.series, d.model).map((r) => r.cells)} />
        </>
      );
    }} />
  );
}

/** Case study Figure 2 and Table 2, the Model tab's own components at the paper's width. */
export function ModelFigure({ run, value }: { run: Run; value: ReportFigures["model"] }) {
  return (
    <WhenLoaded value={value} what="model" draw={(d) => {
      if (isUnavailable(d.mvm)) return <Absent>no model: {d.mvm.reason ?? d.mvm.error}.</Absent>;
      const mvm = d.mvm;
      // keyed by call kind and cache policy, as the Model tab: a case-study sweep runs both policies
      const prow = withPolicy(mvm.rows, runPoints(run) as PolicyParams[]);
      const all = groups(prow);
      const drawable = all.filter((g) => groupReason(prow, g) === null);
      const drawn = pickPoints(drawable);
      const pols = policies(prow);
      const packetisation = runPacketisation(run);
      const blocks = table2(prow, packetisation);
      const exact = prow.some((r) => r.model_exact !== undefined);
      const perPoint = perPointSolvers(mvm.solvers);
      return (
        <>
          <CalibrationPanel mvm={mvm} />
          {drawable.length === 0 && <Absent>{all.length ? groupReason(prow, all[0]) : "no point has complete calls"} (Table 2 below has the model's numbers).</Absent>}
          <PointsNote drawn={drawn.length} total={drawable.length} table="Table 2 below" />
          {drawn.length > 0 && (
            <Figure title="Figure 2: RTT against think time" testId="report-model-chart">
              <Figure2 rows={prow.filter((r) => drawn.includes(r.group))} width={CHART_W} panelH={230} packetisation={packetisation}
                modelName={modelMethod({ exact, simulated: mvm.simulated, perPoint }).name} tolerancePct={mvm.tolerance_pct}
                logY={Math.max(...prow.map((r) => r.measured)) / Math.max(1e-9, Math.min(...prow.map((r) => r.model))) > 10}
                testId="report-model-figure2" />
            </Figure>
          )}
          {/* the notes printed open: on paper there is no hover for why a point has its solver */}
          <Table2 blocks={blocks} className="report-table report-numbers" testId="report-model-table" notes="list"
            caption={<><strong>Table 2: model vs measured.</strong> {table2Caption(blocks, { exact, simulated: mvm.simulated, perPoint, flagRule: mvm.flag_rule, threshold: mvm.threshold_percent })}</>} />
          <SolverSummary mvm={mvm} />
          <p className="muted small"><span data-testid="model-error">{modelErrorText(mvm)}</span> {mvm.smallest_detectable_pct !== undefined && `Smallest effect this run can detect: ${mvm.smallest_detectable_pct.toFixed(1)} % of the model (median over points of the measured interval's and the model band's half-widths). `}Small-packet calls: calls that went through slow-start (a new call handle, or more request packets than the base point's usual call).{(mvm.notes ?? []).map((n) => ` ${n}.`).join("")}</p>
          {blocks.map((b) => {
            // the model's input, as the tab shows it: the demands measured at each block's base point
            const base = b.basePoint ?? basePoint(runPoints(run), b.group);
            const label = pols.length > 1 ? `${b.kind}, cache ${b.policy}` : b.kind;
            const demands = d.demands?.points.find((p) => p.point_no === base)?.demands ?? [];
            return demands.length > 0 && (
              <NumbersTable key={`${b.group}|${b.policy}`} testId="report-demands" caption={`Service demands measured at point ${base} (${label}; the model's input)`}
                columns={["Device", "Kind", "#Demand", "#Phase two"]}
                rows={demands.map((x) => [x.device, x.kind === "queue" ? "queueing" : "delay", formatNs(x.total_ns), formatNs(x.phase2_ns)])} />
            );
          })}
        </>
      );
    }} />
  );
}

/** The Timeline tab as a static SVG: the first calls, whole, up to TIMELINE_MAX_SPANS spans. */
export function TimelineFigure({ value }: { value: ReportFigures["timeline"] }) {
  return (
    <WhenLoaded value={value} what="timeline" draw={(data) => {
      if (data.calls.call_no.length === 0) return <Absent>no calls were recorded.</Absent>;
      const layout = buildLayout(data, { mode: "aligned", order: "call" });
      const { rows, spans } = overviewRows(layout, TIMELINE_MAX_SPANS);
      return (
        <Figure testId="report-timeline">
          <TimelineOverview data={data} width={CHART_W} maxSpans={TIMELINE_MAX_SPANS} />
          <p className="muted small" data-testid="timeline-drawn">
            {formatCount(spans)} of {formatCount(layout.spans)} step spans drawn: calls {formatCount(layout.rowCall[0] ?? 0)}–
            {formatCount(layout.rowCall[Math.max(0, rows - 1)] ?? 0)} ({formatCount(rows)} of the run's {formatCount(data.total_calls)} calls),
            each moved to start at 0 (the Timeline tab's aligned view), the time axis cut at 1.5 × their 90th percentile RTT. The run page's
            Timeline tab and the trace export show every call.
          </p>
        </Figure>
      );
    }} />
  );
}
