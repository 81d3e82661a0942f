// Mean RTT per matched point of every compared run on one chart (A, B and any further runs of ?more=), the
// points lined up under the chosen "differs by"; a key below names each position.
import { measured, type StepStatsAnalysis } from "../../api/analyses";
import { getAnalysis, isUnavailable } from "../../api/figures";
import type { Run } from "../../api/types";
import { lineStyle } from "../../charts/common/seriesStyle";
import { LegendLine, SeriesChart } from "../../charts/rttSize/SeriesChart";
import { DataTable } from "../../components/DataTable";
import { ErrorBox, Loading, Panel } from "../../components/States";
import { formatCount, formatNs } from "../../format";
import { loadingLabel, useRetryingFetch } from "../run/useRetryingFetch";
import { Missing } from "./CompareCharts";
import type { PointParam } from "./pairing";
import { noPairText, pointsOf } from "./PointPairs";
import { rttOverlay } from "./rttOverlay";


async function pointRtts(run: Run, timeoutMs: number) {
  const r = await getAnalysis<StepStatsAnalysis>(run.id, "step_stats", timeoutMs).catch(() => null);
  return !r || isUnavailable(r) ? [] : r.points.filter(measured).map((p) => ({ point_no: p.point_no, ...p.rtt }));
}

export function RttOverlayPanel({ runs, names, differsBy }: { runs: Run[]; names: string[]; differsBy: PointParam[] }) {
  const q = useRetryingFetch((t) => Promise.all(runs.map((r) => pointRtts(r, t))), `cmp-overlay-${runs.map((r) => `${r.id}${r.status}`).join("-")}`);
  const title = `RTT per point, ${runs.length} runs`;
  if (q.error) return <Panel title={title}><div className="panel-pad"><ErrorBox title="Could not load the runs' statistics" onRetry={q.retry}>{q.error}</ErrorBox></div></Panel>;
  if (!q.data) return <Panel title={title}><Loading label={loadingLabel("the runs' statistics", q.attempt)} /></Panel>;
  const o = rttOverlay(runs.map((r, i) => ({ name: names[i], points: pointsOf(r), rtt: q.data![i] })), differsBy);
  // a colour and a dash per run (the lab's one palette), so print and grey scale tell the runs apart too
  const series = o.series.map((s, i) => ({ id: `run-${i}`, label: `${s.name} #${runs[i].id} mean (95% CI)`, ...lineStyle(i), points: s.points }));
  const key = (x: number) => o.matches[x - 1];
  return (
    <Panel title={title} actions={<span className="muted small">mean RTT of each matched point, every run overlaid</span>}>
      {o.matches.length === 0 ? <Missing testId="compare-overlay-empty" what="points" text={noPairText(differsBy)} /> : (
        <div className="figure-split">
          <div className="figure-main">
            <SeriesChart testId="compare-overlay-chart" height={280} series={series} label={`Mean RTT per matched point, runs ${names.join(", ")} overlaid`}
              legend={<>{series.map((s, i) => <LegendLine key={s.id} color={s.color} dash={s.dash} label={`${names[i]} #${runs[i].id}`} />)}</>}
              xLabel="matched point (key beside)" yLabel="RTT (µs)" xFormat={(v) => (Number.isInteger(v) && key(v) ? String(v) : "")} yFormat={(v) => formatCount(v)}
              xExact={(v) => (key(v) ? `${v}: ${key(v).key}` : String(v))} yExact={(v) => formatNs(v * 1e3)} />
          </div>
          <div className="figure-table">
            <DataTable testId="compare-overlay-key" columns={[{ label: "#" }, { label: "the points share" }, { label: "they differ in" }]}>
              {o.matches.map((m) => (
                <tr key={m.x}><td className="num">{m.x}</td><td>{m.key}</td><td>{m.differs || "—"}</td></tr>
              ))}
            </DataTable>
            {o.unpaired > 0 && <p className="muted small">{o.unpaired} point{o.unpaired === 1 ? "" : "s"} without a partner in another run not drawn.</p>}
          </div>
        </div>
      )}
    </Panel>
  );
}
