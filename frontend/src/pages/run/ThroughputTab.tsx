// The Throughput tab (DCE Table 1 / Figure 4): calls/s and Mbit/s per caller-thread count, the run's model beside, the table.
import { isUnavailable } from "../../api/figures";
import type { Run } from "../../api/types";
import { SeriesChart } from "../../charts/rttSize/SeriesChart";
import { SERIES_COLORS } from "../../charts/common/seriesStyle";
import { throughputCurves } from "../report/curves";
import { throughputSeries } from "../../charts/throughput/transform";
import { THROUGHPUT_COLUMNS, throughputNote, throughputRows } from "../../charts/throughput/words";
import { DataTable } from "../../components/DataTable";
import { Empty, ErrorBox, Loading, Panel } from "../../components/States";
import { formatCount } from "../../format";
import { loadThroughputData } from "../../figures/data";
import { runPoints } from "../../kinds";
import { loadingLabel, useRetryingFetch } from "./useRetryingFetch";

const num = (v: number, d = 1) => v.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });

/** DCE Table 1 / Figure 4 from this run: calls/s and Mbit/s per caller-thread count, the table beside. */
export function ThroughputTab({ run }: { run: Run }) {
  const q = useRetryingFetch((t) => loadThroughputData(run, t), `ecs-${run.id}`);
  const ecs = q.data && !isUnavailable(q.data.ecs) ? q.data.ecs : null;
  const model = q.data?.model ?? new Map();
  const data = ecs ? throughputSeries(ecs.throughput, runPoints(run)) : null;
  // one colour per request size, the run's stored model dashed beside the measured line (the report draws the same)
  const make = (field: "calls_per_s" | "mbit_per_s") => throughputCurves(data?.series ?? [], model, field, SERIES_COLORS);
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
            <p className="muted small panel-pad">{throughputNote(data!.series, model, q.data.modelReason, runPoints(run))}</p>
          </div>
          <div className="figure-table">
            <DataTable testId="throughput-table" columns={THROUGHPUT_COLUMNS.map((label) => ({ label }))}>
              {throughputRows(data!.series, model).map((row) => (
                <tr key={row.key} data-point={row.point_no}>
                  {row.cells.map((c, i) => <td key={i} className="num" data-col={THROUGHPUT_COLUMNS[i]}>{c}</td>)}
                </tr>
              ))}
            </DataTable>
          </div>
        </div>
      )}
    </Panel>
  );
}
