// The RTT-vs-size, Throughput, Model and Timeline tabs in the report: the tabs' loaders' data, the tabs' SeriesChart and
// transforms, drawn at the paper's width with each figure's numbers table below it.
import { isUnavailable } from "../../api/figures";
import type { Run } from "../../api/types";
import { THREAD_COLORS, basePoint } from "../../charts/model/transform";
import { groupReason, groups, policies, policyLines, withPolicy, type PolicyParams } from "../../charts/model/policy";
import { LegendLine, SeriesChart } from "../../charts/rttSize/SeriesChart";
import { boundaryMarkers, sizeRows } from "../../charts/rttSize/transform";
import { knee, throughputSeries } from "../../charts/throughput/transform";
import { overviewRows, TimelineOverview } from "../../charts/timeline/TimelineOverview";
import { buildLayout } from "../../charts/timeline/transform";
import { formatCount, formatNs } from "../../format";
import { runPacketisation, runPoints } from "../run/figureParams";
import { pickPoints, TIMELINE_MAX_SPANS, type ReportFigures } from "./figureData";
import { Absent, Figure, NumbersTable, PointsNote, WhenLoaded } from "./FigureParts";
import { rttSizeCurves, throughputCurves } from "./curves";

const CHART_W = 660;
const num = (v: number, d = 1) => v.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
const ms = (v: number) => formatNs(v * 1e6);

/** DCE Figure 3: mean RTT per request size with the first calls, the unit-cost model and packet boundaries. */
export function RttSizeFigure({ run, value }: { run: Run; value: ReportFigures["rttSize"] }) {
  return (
    <WhenLoaded value={value} what="RTT per request size" draw={(d) => {
      if (!d.stats) return <Absent>no statistics: {d.statsReason}.</Absent>;
      const data = sizeRows(d.stats.points, runPoints(run), d.unit);
      if (data.reason) return <Absent>{data.reason}.</Absent>;
      const spread = Math.max(...data.rows.map((r) => r.first_ns ?? 0)) / Math.max(1, Math.min(...data.rows.map((r) => r.mean_ns)));
      const maxBytes = Math.max(0, ...data.rows.map((r) => r.request_bytes));
      const pk = runPacketisation(run);
      return (
        <>
          <Figure testId="report-rttsize">
            <SeriesChart testId="report-rttsize-chart" width={CHART_W} height={300} logY={spread > 20}
              label={`Mean RTT against request size for ${data.rows.length} sizes`} series={rttSizeCurves(data.rows, !!d.unit)}
              markers={boundaryMarkers(d.jumps, maxBytes)} xLabel="request size (bytes)" yLabel={`RTT (µs${spread > 20 ? ", log" : ""})`}
              xFormat={(v) => formatCount(v)} yFormat={(v) => formatCount(v)} xExact={(v) => `${formatCount(v)} B`} yExact={(v) => formatNs(v * 1e3)} />
            <p className="muted small">
              Dotted verticals: where the packet model ({pk ? `${formatCount(pk.packet_data)} B per RPC packet, MTU ${formatCount(pk.mtu)} B` : "no packetisation reported"}) needs one more packet.{" "}
              {d.unitReason ? `Unit-cost model not drawn: ${d.unitReason}.` : "Dashed: the unit-cost model's prediction."}
            </p>
          </Figure>
          <NumbersTable testId="report-rttsize-table" columns={["#Size", "#Calls", "#Mean RTT", "#95% CI", "#Median", "#p99", "#First call", "#Unit-cost model", "#Error"]}
            rows={data.rows.map((r) => [
              `${formatCount(r.request_bytes)} B`, formatCount(r.calls), formatNs(r.mean_ns), `${formatNs(r.ci_low_ns)} – ${formatNs(r.ci_high_ns)}`,
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
          series={throughputCurves(data.series, d.mva, field, THREAD_COLORS)} xLabel="caller threads" yLabel={unit}
          xFormat={(v) => (Number.isInteger(v) ? String(v) : "")} yFormat={(v) => formatCount(v)}
          xExact={(v) => `${v} threads`} yExact={(v) => `${num(v, 2)} ${unit}`} />
      );
      return (
        <>
          <Figure title="Calls per second" testId="report-throughput">{chart("calls_per_s", "calls/s")}</Figure>
          <Figure title="Payload throughput">{chart("mbit_per_s", "Mbit/s")}</Figure>
          <p className="muted small">
            Calls/s = completed calls ÷ (last reply − first request) of the point; Mbit/s counts request + reply payload.
            {data.series.map((s) => {
              const k = knee(s.rows);
              const b = k !== null ? d.mva[s.request_bytes]?.find((r) => r.threads >= k)?.bottleneck : null;
              return k !== null ? ` ${formatCount(s.request_bytes)} B: one more thread than ${k} adds under 10% of one thread's rate (saturation${b ? `; the model's bottleneck there: ${b}` : ""}).` : "";
            }).join("")}
            {Object.keys(d.mva).length > 0 ? " Dashed: exact MVA from the demands measured at the size's one-thread point." : " No MVA overlay: no measured demands for the one-thread points."}
            {d.mvaError && ` MVA failed: ${d.mvaError}.`}
          </p>
          <NumbersTable testId="report-throughput-table" columns={["#Size", "#Threads", "#Calls", "#Time", "#Calls/s", "#MVA calls/s", "#Mbit/s"]}
            rows={data.series.flatMap((s) => s.rows.map((r) => [
              `${formatCount(r.request_bytes)} B`, r.threads, formatCount(r.calls), `${num(r.elapsed_s * 1e3, 2)} ms`, formatCount(r.calls_per_s),
              formatCount(d.mva[s.request_bytes]?.find((m) => m.threads === r.threads)?.calls_per_s), num(r.mbit_per_s, 2),
            ]))} />
        </>
      );
    }} />
  );
}

/** Case study Figure 2 / Table 2: RTT over think time per thread count, measured and the MVA model. */
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
      const table = [...prow].sort((a, b) => all.indexOf(a.group) - all.indexOf(b.group) ||
        pols.indexOf(a.policy) - pols.indexOf(b.policy) || a.threads - b.threads || a.think - b.think);
      return (
        <>
          {drawable.length === 0 && <Absent>{all.length ? groupReason(prow, all[0]) : "no point has complete calls"} (the table below has the model's numbers).</Absent>}
          <PointsNote drawn={drawn.length} total={drawable.length} table="the table below" />
          {drawn.map((group) => {
            const rows = prow.filter((r) => r.group === group);
            const lines = policyLines(prow, group, null);
            const many = policies(rows).length > 1;
            const ratio = Math.max(...rows.map((r) => r.measured)) / Math.max(1e-9, Math.min(...rows.map((r) => r.model)));
            const threads = (t: number) => `${t} thread${t === 1 ? "" : "s"}`;
            return (
              <Figure key={group} title={`${group} calls`} testId="report-model-chart">
                <SeriesChart testId={`report-model-${group}`} width={CHART_W} height={260} logY={ratio > 10}
                  label={`RTT against think time for ${group} calls, measured and MVA model per thread count`}
                  series={lines.map((l) => ({ id: l.id, color: l.color, dash: l.kind === "model" ? ("dashed" as const) : undefined,
                    label: `${many ? `cache ${l.policy}, ` : ""}${threads(l.threads)} ${l.kind === "measured" ? "measured (±std)" : "MVA model"}`, points: l.points }))}
                  legend={<>
                    {policies(rows).map((pol) => (
                      <span key={pol} className="legend-group">
                        {many && <span className="small strong">cache {pol}: </span>}
                        {lines.filter((l) => l.kind === "measured" && l.policy === pol).map((l) => <LegendLine key={l.id} color={l.color} label={threads(l.threads)} />)}
                      </span>
                    ))}
                    <span className="legend-sep" />
                    <LegendLine color="#57606a" label="measured (±std)" />
                    <LegendLine color="#57606a" dash="dashed" label="MVA model" />
                  </>}
                  xLabel="think time (ms)" yLabel={`RTT (ms${ratio > 10 ? ", log" : ""})`} xFormat={(v) => String(v)}
                  yFormat={(v) => String(Number(v.toPrecision(3)))} xExact={(v) => `think ${v} ms`} yExact={ms} />
              </Figure>
            );
          })}
          <NumbersTable testId="report-model-table" columns={["Size", "Cache", "#Threads", "#Think", "#Model", "#Measured", "#Std", "#Error"]}
            rows={table.map((r) => [
              r.group, r.policy, r.threads, `${r.think} ms`, ms(r.model), ms(r.measured), r.measured_std === null ? "—" : ms(r.measured_std),
              <span key="e" className={r.anomaly ? "strong" : undefined}>{r.percent_error.toFixed(1)} %{r.anomaly ? " (anomaly)" : ""}</span>,
            ])} />
          <p className="muted small">Error = (measured − model) × 100 / measured; mean {mvm.mean_percent_error.toFixed(1)} %; {mvm.flag_rule ? `flagged: ${mvm.flag_rule}` : `threshold ${mvm.threshold_percent} %`}.{(mvm.notes ?? []).map((n) => ` ${n}.`).join("")}</p>
          {[...new Set(table.map((r) => `${r.group}|${r.policy}`))].map((gp) => {
            // the model's input, as the tab shows it under its table: the demands measured at each row set's base point
            const [group, policy] = gp.split("|");
            const first = table.find((r) => r.group === group && r.policy === policy);
            const base = first?.base_point_no ?? basePoint(runPoints(run), group);
            const label = pols.length > 1 ? `${group}, cache ${policy}` : group;
            const demands = d.demands?.points.find((p) => p.point_no === base)?.demands ?? [];
            return demands.length > 0 && (
              <NumbersTable key={gp} testId="report-demands" caption={`Service demands measured at point ${base} (${label}; the model's input)`}
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
