// The Results tab: a sweep's points side by side (table, box plots, CDFs), then the selected point in detail: its
// statistics, its calls one by one and as a histogram, its tail (percentiles to p99.99, spectrum, which step makes
// it), and its steps.
import { useMemo, type ReactElement } from "react";
import { useSearchParams } from "react-router-dom";
import { getRunCalls, getRunSummary } from "../../api/client";
import type { BoxPlot, PointSummary, Run, RunSummary } from "../../api/types";
import { BoxPlotChart } from "../../charts/pointDist/BoxPlotChart";
import { CdfChart } from "../../charts/pointDist/CdfChart";
import { pointStyle, type PointStyle } from "../../charts/pointDist/transform";
import { RttHistogramChart } from "../../charts/rttHistogram/RttHistogramChart";
import { measuredRtts } from "../../charts/rttHistogram/transform";
import { RttPerCallChart } from "../../charts/rttPerCall/RttPerCallChart";
import { Empty, ErrorBox, Loading, Panel } from "../../components/States";
import { formatCount, formatNs } from "../../format";
import { runPoints } from "../../kinds";
import { LoopTag, loopOf, measureWords, type Loop } from "../../figures/loop";
import { pointWords } from "../../figures/pointWords";
import { PointStats } from "./results/PointStats";
import { PointSteps } from "./results/PointSteps";
import { PointTails } from "./results/PointTails";
import { PointTable, type PointRow } from "./results/PointTable";
import { loadingLabel, useRetryingFetch, type Fetched } from "./useRetryingFetch";
import "../../styles/results.css";

const failed = (q: Fetched<unknown>, what: string) => (
  <ErrorBox title={`Could not load the ${what}`} onRetry={q.retry}>{q.error}</ErrorBox>
);

/** A point as the run launched it: its number, its parameters in words, its colour and line style. */
interface NamedPoint {
  pointNo: number;
  label: string;
  style: PointStyle;
  loop: Loop;
}

/** A finished run's Results, point by point: a sweep's points side by side (table, box plots, CDF), then the
 * selected point (`?point=N`) in detail. A single-point run is the same page without the table. The points come
 * from the run's parameters, so a point's calls load at once, beside its statistics (a long run's take longer). */
export function Results({ run }: { run: Run }) {
  const id = run.id;
  const summaryQ = useRetryingFetch((t) => getRunSummary(id, t), `summary-${id}`);
  const [search, setSearch] = useSearchParams();
  const named: NamedPoint[] = useMemo(() => {
    const params = runPoints(run);
    const list = params.length ? params : [{ point_no: 0 }];
    return list.map((p, i) => ({ pointNo: p.point_no, label: pointWords(p, params), style: pointStyle(i),
      loop: loopOf(run, p.point_no) as Loop }));
  }, [run]);
  const runLoop = loopOf(run);
  const asked = Number(search.get("point") ?? NaN);
  const current = named.find((p) => p.pointNo === asked) ?? named[0];
  const multi = named.length > 1;
  const select = (n: number) => {
    const next = new URLSearchParams(search);
    next.set("point", String(n));
    setSearch(next, { replace: true });
  };
  const summary = summaryQ.data;
  if (summary && (summary.points ?? []).length === 0) {
    return <Panel title="Results"><Empty>No calls were recorded for this run.</Empty></Panel>;
  }
  const waiting = (title: string) => (
    <Panel title={title}>
      {summaryQ.error ? <div className="panel-pad">{failed(summaryQ, "statistics")}</div>
        : <Loading label={loadingLabel("statistics", summaryQ.attempt)} />}
    </Panel>
  );
  return (
    <div data-testid="results">
      {summary ? <Distributions summary={summary} named={named} selected={current.pointNo} onSelect={select} loop={runLoop} />
        : waiting(multi ? `Points (${named.length})` : `${measureWords(runLoop)} distribution`)}
      <PointDetail key={current.pointNo} run={run} named={current} multi={multi} summaryQ={summaryQ}
        point={summary?.points?.find((p) => p.point_no === current.pointNo) ?? null} />
    </div>
  );
}

/** Every point side by side: the table (a sweep), box plots on one axis and CDFs. */
function Distributions({ summary, named, selected, onSelect, loop }: {
  summary: RunSummary; named: NamedPoint[]; selected: number; onSelect: (n: number) => void; loop: Loop | "mixed";
}) {
  const rows: PointRow[] = (summary.points ?? []).map((point) => {
    const n = named.find((q) => q.pointNo === point.point_no);
    return { point, label: n?.label ?? `point ${point.point_no}`, style: n?.style ?? pointStyle(point.point_no),
      loop: point.latency ? "open" : point.loop ?? n?.loop ?? "closed" };
  });
  const multi = named.length > 1;
  const pick = multi ? onSelect : undefined;
  // the CDF and box are of an open loop's latency from the intended send (the backend's point summary)
  const measure = measureWords(loop);
  const tag = <LoopTag loop={loop} testId="distribution-loop" />;
  const cdf = (
    <CdfChart series={rows.map((r) => ({
      pointNo: r.point.point_no, label: r.label, style: r.style, cdf: r.point.cdf,
      percentiles: headline(r.point) ? { p50: headline(r.point)!.median_ns, p90: headline(r.point)!.p90_ns, p99: headline(r.point)!.p99_ns } : undefined,
    }))} selected={selected} onSelect={pick} height={multi ? 340 : 300} measure={measure} />
  );
  const box = (
    <BoxPlotChart rows={rows.map((r) => ({ pointNo: r.point.point_no, label: r.label, style: r.style, box: r.point.box, n: r.point.counts.measured }))}
      selected={multi ? selected : null} onSelect={pick} measure={measure} />
  );
  if (!multi) {
    const only = rows[0]?.point.box;
    return (
      <div className="grid-2">
        <Panel title={`${measure} distribution (CDF)`} className="panel-chart" actions={tag}>{cdf}</Panel>
        <Panel title="Box plot" className="panel-chart" actions={tag}>
          {box}
          {only && <BoxCaption box={only} />}
        </Panel>
      </div>
    );
  }
  return (
    <>
      <Panel title={`Points (${rows.length})`} actions={<span className="muted small">each point described on its own; pick a row for its detail below · {tag}</span>}>
        <PointTable rows={rows} selected={selected} onSelect={onSelect} />
      </Panel>
      <Panel title="Box plot per point" className="panel-chart" actions={tag}>{box}</Panel>
      <Panel title={`${measure} distribution per point (CDF)`} className="panel-chart" actions={tag}>{cdf}</Panel>
    </>
  );
}

/** The statistics a point's percentiles are read from: an open loop's latency from the intended send, else RTT. */
const headline = (p: PointSummary) => p.latency ?? p.rtt;

/** A single point's box in numbers, under its box plot. */
function BoxCaption({ box: b }: { box: BoxPlot }) {
  return (
    <p className="muted small" data-testid="box-caption">
      median {formatNs(b.median_ns)} · mean {formatNs(b.mean_ns)} · q1–q3 {formatNs(b.q1_ns)} – {formatNs(b.q3_ns)} ·
      whiskers {formatNs(b.whisker_low_ns)} – {formatNs(b.whisker_high_ns)} · {formatCount(b.outliers_low + b.outliers_high)}{" "}
      calls beyond them
    </p>
  );
}

/** The selected point: its statistics, its calls one by one and as a histogram, its steps. */
function PointDetail({ run, named, multi, point: p, summaryQ }: {
  run: Run; named: NamedPoint; multi: boolean; point: PointSummary | null; summaryQ: Fetched<RunSummary>;
}) {
  const callsQ = useRetryingFetch((t) => getRunCalls(run.id, 20000, t, multi ? named.pointNo : undefined), `calls-${run.id}-${named.pointNo}`);
  const measured = useMemo(() => (callsQ.data ? measuredRtts(callsQ.data) : []), [callsQ.data]);
  // these charts draw each call's RTT: in an open loop, not the latency the summary and tail describe
  const rttNote = named.loop === "open" ? " (from actual send)" : "";
  const markers = p?.rtt ? [{ label: "p50", ns: p.rtt.median_ns }, { label: "p99", ns: p.rtt.p99_ns }] : undefined;
  const threads = (run.params as unknown as { points?: { point_no: number; threads?: number }[] }).points
    ?.find((q) => q.point_no === named.pointNo)?.threads ?? 1;
  const calls = (chart: () => ReactElement) =>
    callsQ.data ? chart() : callsQ.error ? failed(callsQ, "calls") : <Loading label={loadingLabel("calls", callsQ.attempt)} />;
  return (
    <>
      <Panel title={multi ? `Point #${named.pointNo}: ${named.label}` : `${measureWords(named.loop)} summary`}>
        <div data-testid="point-detail" data-point={named.pointNo}>
          {p ? <PointStats point={p} loop={named.loop} /> : summaryQ.data ? <Empty>No calls were recorded for this point.</Empty>
            : summaryQ.error ? failed(summaryQ, "statistics") : <Loading label={loadingLabel("statistics", summaryQ.attempt)} />}
        </div>
      </Panel>
      <div className="grid-2">
        <Panel title={`RTT per call${rttNote}`} className="panel-chart">
          {calls(() => <RttPerCallChart calls={callsQ.data!} counts={p?.counts}
            note={threads > 1 ? `calls numbered thread by thread (${threads} threads)` : undefined} />)}
        </Panel>
        <Panel title={`RTT histogram${rttNote}`} className="panel-chart">
          {calls(() => <RttHistogramChart values={measured} markers={markers} />)}
        </Panel>
      </div>
      <Panel title="Tail: percentiles, spectrum and the step that makes it"
        actions={<span className="muted small">this point's measured calls; intervals from order statistics, HdrHistogram buckets</span>}>
        <PointTails runId={run.id} pointNo={named.pointNo} />
      </Panel>
      <Panel title="Steps" actions={<span className="muted small">this point's measured calls, probe cost subtracted (as the Steps tab)</span>}>
        <PointSteps runId={run.id} pointNo={named.pointNo} />
      </Panel>
    </>
  );
}
