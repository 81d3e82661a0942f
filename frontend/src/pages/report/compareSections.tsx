// The comparison report's analysis sections: both runs' analysis tables side by side (joined on the point or the
// model row), and the RTT-vs-size and throughput curves of both runs on one chart where both runs have them.
import { isUnavailable } from "../../api/figures";
import type { Run } from "../../api/types";
import { THREAD_COLORS } from "../../charts/model/transform";
import { SeriesChart } from "../../charts/rttSize/SeriesChart";
import { sizeRows } from "../../charts/rttSize/transform";
import { throughputSeries } from "../../charts/throughput/transform";
import { formatCount, formatNs } from "../../format";
import { runPoints } from "../run/figureParams";
import type { TableJson } from "./api";
import { joinTables } from "./compare";
import { rttSizeOverlay, throughputOverlay } from "./curves";
import { Absent, Figure, NumbersTable } from "./FigureParts";
import type { RunReport } from "./useRunReport";

const CHART_W = 660;

function fmt(column: string, v: number | string | null): string {
  if (v === null || v === "") return "—";
  if (typeof v !== "number") return String(v);
  if (column.endsWith("_ns")) return formatNs(v);
  if (column.endsWith("_us")) return formatNs(v * 1000); // the point columns' think time
  if (column.endsWith("_bytes")) return `${formatCount(v)} B`;
  if (column.endsWith("_pct")) return `${v > 0 ? "+" : ""}${v.toFixed(1)} %`;
  return formatCount(v);
}

/** The table with a request_bytes column from the run's points where it has point_no but no size (the rtp
 * table), so two runs' rows are matched on point and size, not on a point number that means another size. */
export function withPointSizes(t: TableJson | null, run: Run): TableJson | null {
  if (!t || t.columns.some((c) => c.name === "request_bytes")) return t;
  const at = t.columns.findIndex((c) => c.name === "point_no");
  if (at < 0) return t;
  const size = new Map(runPoints(run).map((p) => [p.point_no, p.request_bytes ?? null]));
  return {
    ...t,
    columns: [...t.columns, { name: "request_bytes", unit: "bytes", description: "the point's request size (run params)" }],
    rows: t.rows.map((r) => [...r, size.get(Number(r[at])) ?? null]),
  };
}

/** One registry table of both runs: a row per key, each value column as run A | run B. */
export function SideBySide({ a, b, table, keys, keyLabel, values, headers, testId }: {
  a: RunReport;
  b: RunReport;
  table: string;
  keys: string[];
  keyLabel: string;
  values: string[];
  headers: string[];
  testId: string;
}) {
  const ta = withPointSizes(a.tables[table] ?? null, a.run);
  const tb = withPointSizes(b.tables[table] ?? null, b.run);
  if (!ta && !tb) return <Absent>neither run has the {table} table ({a.data.tables.find((t) => t.name === table)?.reason ?? "not computed"}).</Absent>;
  const rows = joinTables(ta, tb, keys, values);
  const missing = [!ta && `run A #${a.run.id}`, !tb && `run B #${b.run.id}`].filter(Boolean);
  return (
    <>
      {missing.length > 0 && <p className="report-absent">{missing.join(" and ")} has no {table} table: its columns show —.</p>}
      <NumbersTable testId={testId}
        columns={[keyLabel, ...headers.flatMap((h) => [`#${h} A`, `#${h} B`])]}
        rows={rows.map((r) => [r.parts.map((p, i) => fmt(keys[i], p)).join(" · "), ...values.flatMap((c, i) => [fmt(c, r.a?.[i] ?? null), fmt(c, r.b?.[i] ?? null)])])} />
    </>
  );
}

/** The mean RTT per request size of both runs on one chart (DCE Figure 3), where both runs have a size sweep. */
export function RttSizeOverlay({ a, b }: { a: RunReport; b: RunReport }) {
  const rows = (r: RunReport) => {
    const v = r.figures.rttSize;
    if (!v.ok) return { rows: [], why: `could not be loaded (${v.error})` };
    if (!v.data.stats) return { rows: [], why: v.data.statsReason ?? "no statistics" };
    const d = sizeRows(v.data.stats.points, runPoints(r.run), v.data.unit);
    return { rows: d.rows, why: d.reason };
  };
  const ra = rows(a);
  const rb = rows(b);
  const why = [ra.why && `run A: ${ra.why}`, rb.why && `run B: ${rb.why}`].filter(Boolean).join("; ");
  if (why) return <Absent>both runs need a size sweep — {why}.</Absent>;
  return (
    <Figure testId="compare-rttsize">
      <SeriesChart testId="compare-rttsize-chart" width={CHART_W} height={300} label="Mean RTT against request size, both runs"
        series={rttSizeOverlay(ra.rows, rb.rows, [a.run.id, b.run.id])} xLabel="request size (bytes)" yLabel="RTT (µs)"
        xFormat={(v) => formatCount(v)} yFormat={(v) => formatCount(v)} xExact={(v) => `${formatCount(v)} B`} yExact={(v) => formatNs(v * 1e3)} />
      <p className="muted small">Run A solid, run B dashed; bars: 95% CI of the mean of the later calls.</p>
    </Figure>
  );
}

/** Calls/s per caller-thread count of both runs on one chart (DCE Figure 4), where both sweep threads. */
export function ThroughputOverlay({ a, b }: { a: RunReport; b: RunReport }) {
  const series = (r: RunReport) => {
    const v = r.figures.throughput;
    if (!v.ok) return { s: [], why: `could not be loaded (${v.error})` };
    if (isUnavailable(v.data.ecs)) return { s: [], why: v.data.ecs.reason ?? v.data.ecs.error ?? "not computed" };
    const d = throughputSeries(v.data.ecs.throughput, runPoints(r.run));
    return { s: d.series, why: d.reason };
  };
  const sa = series(a);
  const sb = series(b);
  const why = [sa.why && `run A: ${sa.why}`, sb.why && `run B: ${sb.why}`].filter(Boolean).join("; ");
  if (why) return <Absent>both runs need a thread sweep — {why}.</Absent>;
  return (
    <Figure testId="compare-throughput">
      <SeriesChart testId="compare-throughput-chart" width={CHART_W} height={260} label="Calls per second against caller threads, both runs"
        series={throughputOverlay(sa.s, sb.s, "calls_per_s", [a.run.id, b.run.id], THREAD_COLORS)} xLabel="caller threads" yLabel="calls/s"
        xFormat={(v) => (Number.isInteger(v) ? String(v) : "")} yFormat={(v) => formatCount(v)}
        xExact={(v) => `${v} threads`} yExact={(v) => `${formatCount(v)} calls/s`} />
      <p className="muted small">Run A solid, run B dashed; one colour per request size.</p>
    </Figure>
  );
}
