// The Load tab (issue 32, item 2): an open-loop sweep of offered rates read as the hockey stick — latency from the
// intended send against offered load, p50 to p99.9, the open network's mean beside — and served against offered.
import { isUnavailable } from "../../api/figures";
import type { Run } from "../../api/types";
import { SeriesChart } from "../../charts/rttSize/SeriesChart";
import { formatLatencyAxisUs, kneeCaveat, kneeMarkers, latencySeries, modelNote, scheduleKept, scheduleSummary, throughputSeries, type LoadSweep } from "../../charts/loadSweep/transform";
import { DataTable } from "../../components/DataTable";
import { Empty, ErrorBox, Loading, Panel } from "../../components/States";
import { formatCount, formatNs, formatSignedPct } from "../../format";
import { loadLoadSweep } from "../../figures/data";
import { loadingLabel, useRetryingFetch } from "./useRetryingFetch";

const WARN = { color: "var(--warn)" };
const rate = (v: number) => `${formatCount(Math.round(v))} calls/s`;

/** The sweep's figures, its knee in words and the table of points (model error per point). */
export function LoadView({ data }: { data: LoadSweep }) {
  const model = data.model;
  const at = new Map((model?.at_points ?? []).map((p) => [p.point_no, p]));
  const pts = [...data.points].sort((a, b) => a.offered_per_s - b.offered_per_s);
  const sched = scheduleSummary(data);
  const caveat = kneeCaveat(data);
  const noModel = modelNote(data);
  return (
    <div className="figure-split">
      <div className="figure-main">
        <div className="panel-pad">
          <p data-testid="load-knee">{data.knee.sentence}</p>
          {caveat && <p className="muted small" data-testid="load-knee-caveat">{caveat}</p>}
        </div>
        {sched.sentence && (
          <div className="warn-box" role="status" data-testid="load-schedules">
            <p><b>{sched.sentence}</b></p>
            <ul>
              {sched.missed.map((s) => <li key={s.point_no}>{rate(s.offered_calls_s ?? 0)}: {s.why}</li>)}
            </ul>
          </div>
        )}
        <h3 className="figure-subtitle">Latency from the intended send against offered load ({data.loop === "open" ? "open loop" : "closed loop"})</h3>
        <SeriesChart testId="load-latency-chart" height={260} label="Latency percentiles against offered calls per second" series={latencySeries(data)}
          markers={kneeMarkers(data.knee)} markerLabel="the knee's sides" logY xLabel="offered calls/s" yLabel="latency from intended send (log)"
          xFormat={(v) => formatCount(v)} yFormat={formatLatencyAxisUs}
          xExact={rate} yExact={(v) => formatNs(v * 1e3)} />
        <h3 className="figure-subtitle">Served against offered</h3>
        <SeriesChart testId="load-throughput-chart" height={200} label="Served calls per second against offered calls per second" series={throughputSeries(data)}
          xLabel="offered calls/s" yLabel="served calls/s" xFormat={(v) => formatCount(v)} yFormat={(v) => formatCount(v)} xExact={rate} yExact={rate} />
        <p className="muted small panel-pad">
          Latency runs from each call's intended send time, so a call delayed behind a slow one counts its wait (no coordinated omission).
          {model
            ? ` Dashed: the mean of an open network built from point ${model.from_point}'s measured demands (each device M/G/c, ${model.callers} caller queue${model.callers === 1 ? "" : "s"} in front, RTT cv² ${model.rtt_cv2.toFixed(2)})${model.saturation_per_s ? `, saturating at ${rate(model.saturation_per_s)}` : ""}; nothing in it is fitted to the loaded points.`
            : " No model: the least loaded point has no measured demands."}
        </p>
        {noModel && <p className="panel-pad small" style={WARN} data-testid="load-model-note">{noModel}</p>}
      </div>
      <div className="figure-table">
        <DataTable testId="load-table" columns={[{ label: "offered" }, { label: "served" }, { label: "p50" }, { label: "p99" }, { label: "p99.9" }, { label: "mean" }, { label: "model mean" }, { label: "error" }, { label: "schedule" }]}>
          {pts.map((p) => {
            const m = at.get(p.point_no);
            const kept = scheduleKept(data, p.point_no);
            return (
              <tr key={p.point_no} data-testid="load-row" data-rate={p.offered_per_s}>
                <td className="num">{rate(p.offered_per_s)}</td>
                <td className="num">{rate(p.achieved_per_s)}</td>
                <td className="num">{formatNs(p.p50_ns)}</td>
                <td className="num">{formatNs(p.p99_ns)}</td>
                <td className="num">{p.p999_ns === null ? "—" : formatNs(p.p999_ns)}</td>
                <td className="num">{formatNs(p.mean_ns)}</td>
                <td className="num" title={m?.model_mean_ns == null ? "the model's queues saturate below this rate: it predicts no finite mean" : undefined}>{m?.model_mean_ns == null ? "saturated" : formatNs(m.model_mean_ns)}</td>
                <td className="num">{m?.error_pct == null ? "—" : formatSignedPct(m.error_pct)}</td>
                <td className={kept ? "muted" : undefined} style={kept ? undefined : WARN} title={kept ? undefined : "the agent sent late: see the warning above"}>{kept ? "kept" : "⚠ missed"}</td>
              </tr>
            );
          })}
        </DataTable>
      </div>
    </div>
  );
}

export function LoadTab({ run }: { run: Run }) {
  const q = useRetryingFetch((t) => loadLoadSweep(run, t), `load-${run.id}`);
  return (
    <Panel title="Latency against offered load" actions={<span className="muted small">open-loop arrivals, the hockey stick</span>}>
      {q.error ? (
        <div className="panel-pad"><ErrorBox title="Could not load the load sweep" onRetry={q.retry}>{q.error}</ErrorBox></div>
      ) : !q.data ? (
        <Loading label={loadingLabel("load sweep", q.attempt)} />
      ) : isUnavailable(q.data) ? (
        <div data-testid="load-empty"><Empty>Cannot draw latency against load: {q.data.reason ?? q.data.error}.</Empty></div>
      ) : (
        <LoadView data={q.data} />
      )}
    </Panel>
  );
}
