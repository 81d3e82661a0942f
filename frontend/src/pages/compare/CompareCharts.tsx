// Compare page: the two figures drawn as charts — RTT vs size and throughput vs threads — with both runs overlaid
// on the run page's own chart component, and a delta table beside each.
import type { StepStatsPoint as FigPoint } from "../../api/figures";
import { LegendLine, SeriesChart } from "../../charts/rttSize/SeriesChart";
import { sizeRows } from "../../charts/rttSize/transform";
import { SERIES_COLORS } from "../../charts/common/seriesStyle";
import { RUN_A_COLOR, RUN_B_COLOR } from "../report/curves";
import { throughputSeries } from "../../charts/throughput/transform";
import { DataTable } from "../../components/DataTable";
import { Empty, Panel } from "../../components/States";
import { formatCount, formatNs } from "../../format";
import { runPoints } from "../../kinds";
import { formatPct } from "../../figures/compare";
import { lacking, type SideFigures } from "../../figures/compareData";
import { DeltaNs, DeltaNum } from "./DeltaCells";
import { sizeDeltas, throughputDeltas } from "./figureDeltas";

const us = (ns: number) => ns / 1e3;

export function Missing({ testId, what, text }: { testId: string; what: string; text: string }) {
  return <div data-testid={testId}><Empty>No {what} to compare — {text}.</Empty></div>;
}

/** DCE Figure 3 of both runs: mean RTT per size overlaid (first calls as dots), a, b, Δ, Δ % per size. */
export function RttSizeCompare({ A, B }: { A: SideFigures; B: SideFigures }) {
  const rows = (s: SideFigures) => (s.stats.data ? sizeRows(s.stats.data.points as unknown as FigPoint[], runPoints(s.run), null) : null);
  const ra = rows(A);
  const rb = rows(B);
  const why = lacking([
    { name: "A", id: A.run.id, reason: A.stats.reason ?? ra!.reason },
    { name: "B", id: B.run.id, reason: B.stats.reason ?? rb!.reason },
  ]);
  return (
    <Panel title="RTT vs request size" actions={<span className="muted small">DCE RPC paper, Figure 3 · both runs</span>}>
      {why ? <Missing testId="compare-rttsize-empty" what="RTT vs size" text={why} /> : (() => {
        const deltas = sizeDeltas(ra!.rows, rb!.rows);
        const line = (id: string, label: string, color: string, r: typeof ra) => ({ id, label, color, points: r!.rows.map((x) => ({ x: x.request_bytes, y: us(x.mean_ns), lo: us(x.ci_low_ns), hi: us(x.ci_high_ns) })) });
        const first = (id: string, label: string, color: string, r: typeof ra) => ({ id, label, color, dotsOnly: true, points: r!.rows.filter((x) => x.first_ns !== null).map((x) => ({ x: x.request_bytes, y: us(x.first_ns!) })) });
        const series = [line("a", `A #${A.run.id} mean (95% CI)`, RUN_A_COLOR, ra), { ...line("b", `B #${B.run.id} mean (95% CI)`, RUN_B_COLOR, rb), dash: "dashed" as const }];
        const firsts = [first("a-first", `A #${A.run.id} first call`, RUN_A_COLOR, ra), first("b-first", `B #${B.run.id} first call`, RUN_B_COLOR, rb)].filter((s) => s.points.length);
        const all = [...series, ...firsts];
        const spread = Math.max(...all.flatMap((s) => s.points.map((p) => p.y))) / Math.max(1e-9, Math.min(...series.flatMap((s) => s.points.map((p) => p.y))));
        return (
          <div className="figure-split">
            <div className="figure-main">
              <SeriesChart testId="compare-rttsize-chart" logY={spread > 20} series={all} label="Mean RTT against request size, runs A and B overlaid"
                xLabel="request size (bytes)" yLabel="RTT (µs)" xFormat={(v) => formatCount(v)} yFormat={(v) => formatCount(v)}
                xExact={(v) => `${formatCount(v)} B`} yExact={(v) => formatNs(v * 1e3)} />
              <p className="muted small panel-pad">Lines: mean RTT of later calls with 95% CI, per request size (points with the fewest threads, no think time). Dots: each size's cold first call.</p>
            </div>
            <div className="figure-table">
              <DataTable testId="compare-rttsize-table" columns={[{ label: "size" }, { label: "A mean" }, { label: "B mean" }, { label: "Δ (B − A)" }, { label: "Δ %" }]}>
                {deltas.map((d) => (
                  <tr key={d.key} data-testid={`compare-size-${d.request_bytes}`}>
                    <td className="num">{formatCount(d.request_bytes)} B</td>
                    <DeltaNs row={d} />
                  </tr>
                ))}
              </DataTable>
              <p className="muted small">— : the run did not measure that size.</p>
            </div>
          </div>
        );
      })()}
    </Panel>
  );
}

const num = (v: number, d = 1) => v.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });

/** DCE Table 1 / Figure 4 of both runs: calls/s per thread count overlaid (A solid, B dashed), and the table. */
export function ThroughputCompare({ A, B }: { A: SideFigures; B: SideFigures }) {
  const data = (s: SideFigures) => (s.ecs.data ? throughputSeries(s.ecs.data.throughput, runPoints(s.run)) : null);
  const da = data(A);
  const db = data(B);
  const why = lacking([
    { name: "A", id: A.run.id, reason: A.ecs.reason ?? da!.reason },
    { name: "B", id: B.run.id, reason: B.ecs.reason ?? db!.reason },
  ]);
  return (
    <Panel title="Throughput vs caller threads" actions={<span className="muted small">DCE RPC paper, Table 1 and Figure 4 · both runs</span>}>
      {why ? <Missing testId="compare-throughput-empty" what="throughput vs threads" text={why} /> : (() => {
        const sizes = [...new Set([...da!.series, ...db!.series].map((s) => s.request_bytes))].sort((x, y) => x - y);
        const color = (size: number) => SERIES_COLORS[sizes.indexOf(size) % SERIES_COLORS.length];
        const series = [
          ...da!.series.map((s) => ({ id: `a-${s.request_bytes}`, label: `A ${formatCount(s.request_bytes)} B`, color: color(s.request_bytes), points: s.rows.map((r) => ({ x: r.threads, y: r.calls_per_s })) })),
          ...db!.series.map((s) => ({ id: `b-${s.request_bytes}`, label: `B ${formatCount(s.request_bytes)} B`, color: color(s.request_bytes), dash: "dashed" as const, points: s.rows.map((r) => ({ x: r.threads, y: r.calls_per_s })) })),
        ];
        const rows = throughputDeltas(da!.series.flatMap((s) => s.rows), db!.series.flatMap((s) => s.rows));
        return (
          <div className="figure-split">
            <div className="figure-main">
              <SeriesChart testId="compare-throughput-chart" height={260} series={series} label="Calls per second against caller threads, runs A and B overlaid"
                legend={<>
                  {sizes.map((s) => <LegendLine key={s} color={color(s)} label={`${formatCount(s)} B`} />)}
                  <span className="legend-sep" />
                  <LegendLine color="#57606a" label={`A #${A.run.id}`} />
                  <LegendLine color="#57606a" dash="dashed" label={`B #${B.run.id}`} />
                </>}
                xLabel="caller threads" yLabel="calls/s" xFormat={(v) => (Number.isInteger(v) ? String(v) : "")} yFormat={(v) => formatCount(v)}
                xExact={(v) => `${v} thread${v === 1 ? "" : "s"}`} yExact={(v) => `${num(v)} calls/s`} />
            </div>
            <div className="figure-table">
              <DataTable testId="compare-throughput-table" columns={[{ label: "size" }, { label: "threads" }, { label: "A calls/s" }, { label: "B calls/s" }, { label: "Δ calls/s" }, { label: "Δ %" }, { label: "A Mbit/s" }, { label: "B Mbit/s" }]}>
                {rows.map((r) => (
                  <tr key={r.key}>
                    <td className="num">{formatCount(r.request_bytes)} B</td>
                    <td className="num">{r.threads}</td>
                    <DeltaNum row={r.calls} format={(v) => formatCount(v)} />
                    <td className="num">{r.mbit.a === null ? "—" : num(r.mbit.a, 2)}</td>
                    <td className="num">{r.mbit.b === null ? "—" : num(r.mbit.b, 2)}</td>
                  </tr>
                ))}
              </DataTable>
              <p className="muted small">Points without think time; Δ % of A's calls/s ({formatPct(null)} where only one run has the point).</p>
            </div>
          </div>
        );
      })()}
    </Panel>
  );
}
