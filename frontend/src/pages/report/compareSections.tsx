// The comparison report's sections (the registry's compareReport renders): both runs' analysis tables side by side
// (joined on the point or the model row), the RTT-vs-size and throughput curves of both runs on one chart where both
// runs have them, each run's histogram and RTT per call, and the A/B/change table of statistics and step means.
import { useMemo } from "react";
import { isUnavailable } from "../../api/figures";
import type { Run } from "../../api/types";
import { SERIES_COLORS } from "../../charts/common/seriesStyle";
import { RttHistogramChart } from "../../charts/rttHistogram/RttHistogramChart";
import { measuredRtts } from "../../charts/rttHistogram/transform";
import { RttPerCallChart } from "../../charts/rttPerCall/RttPerCallChart";
import { SeriesChart } from "../../charts/rttSize/SeriesChart";
import { sizeRows } from "../../charts/rttSize/transform";
import { throughputSeries } from "../../charts/throughput/transform";
import { formatCount, formatNs } from "../../format";
import { runPoints } from "../../kinds";
import type { TableJson } from "./api";
import { differenceWords, differingParams, pairTwo } from "../compare/pairing";
import { pointsOf } from "../compare/PointPairs";
import { pointWords } from "../../figures/pointWords";
import { joinTables, type CompareRow } from "../../figures/compare";
import { rttSizeOverlay, throughputOverlay } from "./curves";
import { Absent, CHART_WIDTH, Figure, NumbersTable } from "./FigureParts";
import type { RunReport } from "./useRunReport";

const CHART_W = CHART_WIDTH;

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

/**
 * B's table with each point renumbered to its partner in A (the compare page's pairing, on every parameter but
 * those the runs' sweeps differ in), B's points without one as "B n"; and each key's words. Two runs launched
 * with cache per-thread and single then share a row per point instead of none.
 */
export function pairedPointTables(ta: TableJson | null, tb: TableJson | null, a: Run, b: Run): { ta: TableJson | null; tb: TableJson | null; words: Map<string, string> } {
  const pa = pointsOf(a);
  const pb = pointsOf(b);
  const differsBy = differingParams([pa, pb]);
  const { pairs, unpaired } = pairTwo(pa.map((p) => p.point_no), pb.map((p) => p.point_no), pa, pb, differsBy);
  const partner = new Map(pairs.map((p) => [p.b, p.a]));
  const words = new Map<string, string>();
  for (const p of pairs) {
    const diff = differenceWords({ key: p.key, points: [p.a, p.b] }, [pa, pb], differsBy);
    words.set(String(p.a), `${p.key}${diff ? `: ${diff}` : ""}`);
  }
  for (const p of pa) if (!words.has(String(p.point_no))) words.set(String(p.point_no), `only in A: ${pointWords(p, pa)}`);
  for (const u of unpaired.filter((x) => x.run === 1)) words.set(`B ${u.point_no}`, `only in B: ${u.words}`);
  const at = tb ? tb.columns.findIndex((c) => c.name === "point_no") : -1;
  const renumbered = !tb || at < 0 ? tb : { ...tb, rows: tb.rows.map((r) => r.map((v, i) => (i === at ? partner.get(Number(v)) ?? `B ${v}` : v))) };
  return { ta, tb: renumbered, words };
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
  let ta = withPointSizes(a.tables[table] ?? null, a.run);
  let tb = withPointSizes(b.tables[table] ?? null, b.run);
  if (!ta && !tb) return <Absent>neither run has the {table} table ({a.data.tables.find((t) => t.name === table)?.reason ?? "not computed"}).</Absent>;
  // point tables: rows of paired points side by side, named by their parameters in words
  let words: Map<string, string> | null = null;
  if (keys[0] === "point_no") ({ ta, tb, words } = pairedPointTables(ta, tb, a.run, b.run));
  const joinKeys = words ? ["point_no"] : keys;
  const rows = joinTables(ta, tb, joinKeys, values);
  const missing = [!ta && `run A #${a.run.id}`, !tb && `run B #${b.run.id}`].filter(Boolean);
  return (
    <>
      {missing.length > 0 && <p className="report-absent">{missing.join(" and ")} has no {table} table: its columns show —.</p>}
      <NumbersTable testId={testId}
        columns={[words ? "Point" : keyLabel, ...headers.flatMap((h) => [`#${h} A`, `#${h} B`])]}
        rows={rows.map((r) => [words ? words.get(r.key) ?? r.key : r.parts.map((p, i) => fmt(keys[i], p)).join(" · "), ...values.flatMap((c, i) => [fmt(c, r.a?.[i] ?? null), fmt(c, r.b?.[i] ?? null)])])} />
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
        series={throughputOverlay(sa.s, sb.s, "calls_per_s", [a.run.id, b.run.id], SERIES_COLORS)} xLabel="caller threads" yLabel="calls/s"
        xFormat={(v) => (Number.isInteger(v) ? String(v) : "")} yFormat={(v) => formatCount(v)}
        xExact={(v) => `${v} threads`} yExact={(v) => `${formatCount(v)} calls/s`} />
      <p className="muted small">Run A solid, run B dashed; one colour per request size.</p>
    </Figure>
  );
}

function pct(v: number | null): string {
  return v === null ? "—" : `${v > 0 ? "+" : ""}${v.toFixed(1)} %`;
}

/** Run A, run B, B − A and the change of each row (RTT statistics, step means). */
export function CompareTable({ rows, ns = true, testId }: { rows: CompareRow[]; ns?: boolean; testId: string }) {
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

/** Each run's RTT histogram of its measured calls, A above B. */
export function CompareHistograms({ a, b }: { a: RunReport; b: RunReport }) {
  const ma = useMemo(() => measuredRtts(a.calls), [a.calls]);
  const mb = useMemo(() => measuredRtts(b.calls), [b.calls]);
  return (
    <>
      <h3>Run A #{a.run.id}</h3>
      <RttHistogramChart values={ma} width={CHART_WIDTH} height={220} />
      <h3>Run B #{b.run.id}</h3>
      <RttHistogramChart values={mb} width={CHART_WIDTH} height={220} />
    </>
  );
}

/** Each run's RTT per call, A above B. */
export function ComparePerCall({ a, b }: { a: RunReport; b: RunReport }) {
  return (
    <>
      <h3>Run A #{a.run.id}</h3>
      <RttPerCallChart calls={a.calls} width={CHART_WIDTH} height={220} />
      <h3>Run B #{b.run.id}</h3>
      <RttPerCallChart calls={b.calls} width={CHART_WIDTH} height={220} />
    </>
  );
}
