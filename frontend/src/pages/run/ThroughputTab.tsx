// The Throughput tab (DCE Table 1 / Figure 4): calls/s and Mbit/s per caller-thread count, the MVA beside, the table.
import { isUnavailable } from "../../api/figures";
import type { Run } from "../../api/types";
import { SeriesChart } from "../../charts/rttSize/SeriesChart";
import { SERIES_COLORS } from "../../charts/common/seriesStyle";
import { throughputCurves } from "../report/curves";
import { knee, throughputSeries } from "../../charts/throughput/transform";
import { DataTable } from "../../components/DataTable";
import { Empty, ErrorBox, Loading, Panel } from "../../components/States";
import { formatCount } from "../../format";
import { loadThroughputData } from "../../figures/data";
import { runPoints } from "../../figures/figureParams";
import { loadingLabel, useRetryingFetch } from "./useRetryingFetch";

const num = (v: number, d = 1) => v.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });

/** DCE Table 1 / Figure 4 from this run: calls/s and Mbit/s per caller-thread count, the table beside. */
export function ThroughputTab({ run }: { run: Run }) {
  const q = useRetryingFetch((t) => loadThroughputData(run, t), `ecs-${run.id}`);
  const ecs = q.data && !isUnavailable(q.data.ecs) ? q.data.ecs : null;
  const mva = q.data?.mva ?? {};
  const data = ecs ? throughputSeries(ecs.throughput, runPoints(run)) : null;
  // one colour per request size, the MVA dashed beside the measured line (the report draws the same curves)
  const make = (field: "calls_per_s" | "mbit_per_s") => throughputCurves(data?.series ?? [], mva, field, SERIES_COLORS);
  return (
    <Panel title="Throughput vs caller threads" actions={<span className="muted small">DCE RPC paper, Table 1 and Figure 4</span>}>
      {q.error ? (
        <div className="panel-pad"><ErrorBox title="Could not load the throughput" onRetry={q.retry}>{q.error}</ErrorBox></div>
      ) : !q.data ? (
        <Loading label={loadingLabel("throughput", q.attempt)} />
      ) : isUnavailable(q.data.ecs) ? (
        <Empty>Throughput not computed: {q.data.ecs.reason ?? q.data.ecs.error}</Empty>
      ) : data!.reason ? (
        <div data-testid="throughput-empty"><Empty>Cannot draw throughput vs threads: {data!.reason}.</Empty></div>
      ) : (
        <div className="figure-split">
          <div className="figure-main">
            <h3 className="figure-subtitle">Calls per second</h3>
            <SeriesChart testId="throughput-calls-chart" height={240} label="Calls per second against caller threads" series={make("calls_per_s")}
              xLabel="caller threads" yLabel="calls/s" xFormat={(v) => (Number.isInteger(v) ? String(v) : "")} yFormat={(v) => formatCount(v)}
              xExact={(v) => `${v} thread${v === 1 ? "" : "s"}`} yExact={(v) => `${num(v)} calls/s`} />
            <h3 className="figure-subtitle">Payload throughput</h3>
            <SeriesChart testId="throughput-mbit-chart" height={240} label="Megabits per second against caller threads" series={make("mbit_per_s")}
              xLabel="caller threads" yLabel="Mbit/s" xFormat={(v) => (Number.isInteger(v) ? String(v) : "")} yFormat={(v) => formatCount(v)}
              xExact={(v) => `${v} thread${v === 1 ? "" : "s"}`} yExact={(v) => `${num(v, 2)} Mbit/s`} />
            <p className="muted small panel-pad">
              Calls/s = completed calls ÷ (last reply − first request) of the point; Mbit/s counts request + reply payload.
              {data!.series.map((s) => {
                const k = knee(s.rows);
                const m = mva[s.request_bytes];
                const b = m && k !== null ? m.find((r) => r.threads >= k)?.bottleneck : null;
                return k !== null ? ` ${formatCount(s.request_bytes)} B: one more thread than ${k} adds under 10% of one thread's rate (saturation${b ? `; the model's bottleneck there: ${b}` : ""}).` : "";
              }).join("")}
              {Object.keys(mva).length > 0 ? " Dashed: exact MVA from the demands measured at the size's one-thread point." : " No MVA overlay: the run has no measured demands for its one-thread points."}
              {q.data.mvaError && ` MVA failed: ${q.data.mvaError}.`}
            </p>
          </div>
          <div className="figure-table">
            <DataTable testId="throughput-table" columns={[{ label: "size" }, { label: "threads" }, { label: "calls" }, { label: "time" }, { label: "calls/s" }, { label: "MVA calls/s" }, { label: "Mbit/s" }]}>
              {data!.series.flatMap((s) => s.rows.map((r) => (
                <tr key={`${s.request_bytes}-${r.threads}`}>
                  <td className="num">{formatCount(r.request_bytes)} B</td>
                  <td className="num">{r.threads}</td>
                  <td className="num">{formatCount(r.calls)}</td>
                  <td className="num">{num(r.elapsed_s * 1e3, 2)} ms</td>
                  <td className="num">{formatCount(r.calls_per_s)}</td>
                  <td className="num" title={mva[s.request_bytes]?.find((m) => m.threads === r.threads)?.bottleneck ?? undefined}>{formatCount(mva[s.request_bytes]?.find((m) => m.threads === r.threads)?.calls_per_s)}</td>
                  <td className="num">{num(r.mbit_per_s, 2)}</td>
                </tr>
              )))}
            </DataTable>
          </div>
        </div>
      )}
    </Panel>
  );
}
