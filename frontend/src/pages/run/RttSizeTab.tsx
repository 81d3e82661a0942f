// The RTT vs size tab (DCE Figure 3): mean or median RTT per request size, first calls apart, packet boundaries and the
// unit-cost model.
import { useState } from "react";
import type { Run } from "../../api/types";
import { SeriesChart } from "../../charts/rttSize/SeriesChart";
import { SERIES_COLORS } from "../../charts/common/seriesStyle";
import { boundaryMarkers, drawnNote, sizeRows } from "../../charts/rttSize/transform";
import { DataTable } from "../../components/DataTable";
import { Empty, ErrorBox, Loading, Panel } from "../../components/States";
import { formatCi, formatCount, formatNs } from "../../format";
import { loadRttSizeData } from "../../figures/data";
import { pointNamer } from "../../figures/pointWords";
import { runPoints } from "../../kinds";
import { loadingLabel, useRetryingFetch } from "./useRetryingFetch";

const us = (ns: number) => ns / 1e3;

/** DCE Figure 3 from this run: mean RTT per request size, first calls apart, packet boundaries, unit-cost model. */
export function RttSizeTab({ run }: { run: Run }) {
  const q = useRetryingFetch((t) => loadRttSizeData(run, t), `rttsize-${run.id}`);
  const [stat, setStat] = useState<"mean" | "median">("mean");
  const [log, setLog] = useState<boolean | null>(null);
  const d = q.data;
  const data = d?.stats ? sizeRows(d.stats.points, runPoints(run), d.unit) : null;
  // cold first calls often cost 10–100× a warm call (the paper's first-RPC curve): a log axis keeps both readable
  const spread = data ? Math.max(...data.rows.map((r) => r.first_ns ?? 0)) / Math.max(1, Math.min(...data.rows.map((r) => r.mean_ns))) : 1;
  const logY = log ?? spread > 20;
  const drawn = data ? drawnNote(data.rows, runPoints(run), pointNamer(runPoints(run))) : null;
  const maxBytes = data ? Math.max(0, ...data.rows.map((r) => r.request_bytes)) : 0;
  const series = data ? [
    stat === "mean"
      ? { id: "subsequent", label: "subsequent calls (mean, 95% CI)", color: SERIES_COLORS[0], points: data.rows.map((r) => ({ x: r.request_bytes, y: us(r.mean_ns), lo: us(r.ci_low_ns), hi: us(r.ci_high_ns) })) }
      : { id: "subsequent", label: "subsequent calls (median, bar to p99)", color: SERIES_COLORS[0], points: data.rows.map((r) => ({ x: r.request_bytes, y: us(r.median_ns), lo: us(r.median_ns), hi: us(r.p99_ns) })) },
    { id: "first", label: "first call (new handle)", color: SERIES_COLORS[1], dotsOnly: true, points: data.rows.filter((r) => r.first_ns !== null).map((r) => ({ x: r.request_bytes, y: us(r.first_ns!) })) },
    ...(d?.unit ? [{ id: "unit-cost", label: "unit-cost model", color: SERIES_COLORS[3], dash: "dashed" as const, points: data.rows.filter((r) => r.predicted_ns !== null).map((r) => ({ x: r.request_bytes, y: us(r.predicted_ns!) })) }] : []),
  ] : [];
  return (
    <Panel title="RTT vs request size" actions={<span className="muted small">DCE RPC paper, Figure 3</span>}>
      {q.error ? (
        <div className="panel-pad"><ErrorBox title="Could not load the analyses" onRetry={q.retry}>{q.error}</ErrorBox></div>
      ) : !d ? (
        <Loading label={loadingLabel("RTT per size", q.attempt)} />
      ) : !data ? (
        <Empty>No statistics for this run: {d.statsReason}</Empty>
      ) : data.reason ? (
        <div data-testid="rttsize-empty"><Empty>Cannot draw RTT vs size: {data.reason}.</Empty></div>
      ) : (
        <div className="figure-split">
          <div className="figure-main">
            <div className="chart-controls panel-pad" role="radiogroup" aria-label="Statistic">
              {(["mean", "median"] as const).map((k) => (
                <label key={k} className="small">
                  <input type="radio" name="rttsize-stat" checked={stat === k} onChange={() => setStat(k)} />{" "}
                  {k === "mean" ? "mean ± 95% CI" : "median, bar to p99"}
                </label>
              ))}
              <label className="checkbox small">
                <input type="checkbox" checked={logY} onChange={(e) => setLog(e.target.checked)} /> log RTT axis
              </label>
            </div>
            <SeriesChart testId="rttsize-chart" logY={logY} label={`Mean RTT against request size for ${data.rows.length} sizes`} series={series}
              markers={boundaryMarkers(d.model.jumps, maxBytes)} xLabel="request size (bytes)" yLabel="RTT (µs)"
              xFormat={(v) => formatCount(v)} yFormat={(v) => formatCount(v)} xExact={(v) => `${formatCount(v)} B`}
              yExact={(v) => formatNs(v * 1e3)} extra={(x) => {
                const r = data.rows.find((v) => v.request_bytes === x);
                const c = d.model.counts.find((v) => v.request_bytes === x);
                return <>
                  {r?.percent_error != null && <div>unit-cost model error: <b>{r.percent_error.toFixed(1)} %</b> <span className="muted">(measured − model) / measured</span></div>}
                  {c && <div className="muted">packet model: {c.rpc_packets} RPC packet{c.rpc_packets === 1 ? "" : "s"}, {c.network_packets} network packet{c.network_packets === 1 ? "" : "s"}</div>}
                </>;
              }} />
            <p className="muted small panel-pad">
              {drawn && <><span data-testid="rttsize-drawn">{drawn}</span>{" "}</>}
              Dotted verticals: where the packet model ({d.model.caption}) needs one more packet; darker = one more RPC packet.{" "}
              {d.unitReason ? `Unit-cost model not drawn: ${d.unitReason}.` : "Dashed: the unit-cost model's prediction (sum of per-segment a + b·bytes fits)."}
            </p>
          </div>
          <div className="figure-table">
            <DataTable testId="rttsize-table" columns={[{ label: "size" }, { label: "calls" }, { label: "mean RTT" }, { label: "95% CI" }, { label: "median" }, { label: "p99" }, { label: "first call" }, { label: "unit-cost model" }, { label: "error" }]}>
              {data.rows.map((r) => (
                <tr key={r.request_bytes}>
                  <td className="num">{formatCount(r.request_bytes)} B</td>
                  <td className="num">{formatCount(r.calls)}</td>
                  <td className="num">{formatNs(r.mean_ns)}</td>
                  <td className="num">{formatCi(r.ci_low_ns, r.ci_high_ns)}</td>
                  <td className="num">{formatNs(r.median_ns)}</td>
                  <td className="num">{formatNs(r.p99_ns)}</td>
                  <td className="num">{formatNs(r.first_ns)}</td>
                  <td className="num">{formatNs(r.predicted_ns)}</td>
                  <td className="num">{r.percent_error === null ? "—" : `${r.percent_error.toFixed(1)} %`}</td>
                </tr>
              ))}
            </DataTable>
          </div>
        </div>
      )}
    </Panel>
  );
}
