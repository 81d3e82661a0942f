import { useMemo, type ReactElement } from "react";
import { useSearchParams } from "react-router-dom";
import { getRunCalls, getRunSummary } from "../../api/client";
import type { BoxPlot, PointSummary, Run } from "../../api/types";
import { BoxPlotChart } from "../../charts/pointDist/BoxPlotChart";
import { CdfChart } from "../../charts/pointDist/CdfChart";
import { pointStyle } from "../../charts/pointDist/transform";
import { RttHistogramChart } from "../../charts/rttHistogram/RttHistogramChart";
import { measuredRtts } from "../../charts/rttHistogram/transform";
import { RttPerCallChart } from "../../charts/rttPerCall/RttPerCallChart";
import { Empty, ErrorBox, Loading, Panel } from "../../components/States";
import { formatCount, formatNs } from "../../format";
import { runPoints } from "./figurePoints";
import { pointWords } from "./pointWords";
import { PointStats } from "./results/PointStats";
import { PointSteps } from "./results/PointSteps";
import { PointTable, type PointRow } from "./results/PointTable";
import { loadingLabel, useRetryingFetch, type Fetched } from "./useRetryingFetch";
import "../../styles/results.css";

const failed = (q: Fetched<unknown>, what: string) => (
  <ErrorBox title={`Could not load the ${what}`} onRetry={q.retry}>{q.error}</ErrorBox>
);

/** A finished run's Results, point by point: a sweep's points side by side (table, CDF, box plots), then the
 * selected point (`?point=N`) in detail. A single-point run is the same page without the table. */
export function Results({ run }: { run: Run }) {
  const id = run.id;
  const summaryQ = useRetryingFetch((t) => getRunSummary(id, t), `summary-${id}`);
  const [search, setSearch] = useSearchParams();
  const points = useMemo(() => summaryQ.data?.points ?? [], [summaryQ.data]);
  const rows: PointRow[] = useMemo(() => {
    const params = runPoints(run.params as unknown as Record<string, unknown>);
    return points.map((point, i) => ({
      point, style: pointStyle(i), label: pointWords(params.find((p) => p.point_no === point.point_no), params),
    }));
  }, [points, run.params]);
  const asked = Number(search.get("point"));
  const current = rows.find((r) => r.point.point_no === asked) ?? rows[0];
  const select = (n: number) => {
    const next = new URLSearchParams(search);
    next.set("point", String(n));
    setSearch(next, { replace: true });
  };

  if (summaryQ.error) return <Panel title="Results"><div className="panel-pad">{failed(summaryQ, "statistics")}</div></Panel>;
  if (!summaryQ.data) return <Panel title="Results"><Loading label={loadingLabel("statistics", summaryQ.attempt)} /></Panel>;
  if (!current) {
    return <Panel title="Results"><Empty>No calls were recorded for this run.</Empty></Panel>;
  }
  const multi = rows.length > 1;
  const selected = current.point.point_no;
  const cdf = (
    <CdfChart series={rows.map((r) => ({
      pointNo: r.point.point_no, label: r.label, style: r.style, cdf: r.point.cdf,
      percentiles: r.point.rtt ? { p50: r.point.rtt.median_ns, p90: r.point.rtt.p90_ns, p99: r.point.rtt.p99_ns } : undefined,
    }))}
      selected={selected} onSelect={multi ? select : undefined} height={multi ? 340 : 300} />
  );
  const box = (
    <BoxPlotChart rows={rows.map((r) => ({ pointNo: r.point.point_no, label: r.label, style: r.style, box: r.point.box, n: r.point.counts.measured }))}
      selected={multi ? selected : null} onSelect={multi ? select : undefined} />
  );
  return (
    <div data-testid="results">
      {multi && (
        <Panel title={`Points (${rows.length})`} actions={<span className="muted small">each point described on its own; pick a row for its detail below</span>}>
          <PointTable rows={rows} selected={selected} onSelect={select} />
        </Panel>
      )}
      {multi ? (
        <>
          <Panel title="Box plot per point" className="panel-chart">{box}</Panel>
          <Panel title="RTT distribution per point (CDF)" className="panel-chart">{cdf}</Panel>
        </>
      ) : (
        <div className="grid-2">
          <Panel title="RTT distribution (CDF)" className="panel-chart">{cdf}</Panel>
          <Panel title="Box plot" className="panel-chart">
            {box}
            {current.point.box && <BoxCaption box={current.point.box} />}
          </Panel>
        </div>
      )}
      <PointDetail key={selected} run={run} row={current} multi={multi} />
    </div>
  );
}

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
function PointDetail({ run, row, multi }: { run: Run; row: PointRow; multi: boolean }) {
  const p: PointSummary = row.point;
  const callsQ = useRetryingFetch((t) => getRunCalls(run.id, 20000, t, multi ? p.point_no : undefined), `calls-${run.id}-${p.point_no}`);
  const measured = useMemo(() => (callsQ.data ? measuredRtts(callsQ.data) : []), [callsQ.data]);
  const markers = p.rtt ? [{ label: "p50", ns: p.rtt.median_ns }, { label: "p99", ns: p.rtt.p99_ns }] : undefined;
  const threads = (run.params as unknown as { points?: { point_no: number; threads?: number }[] }).points
    ?.find((q) => q.point_no === p.point_no)?.threads ?? 1;
  const calls = (chart: ReactElement) =>
    callsQ.data ? chart : callsQ.error ? failed(callsQ, "calls") : <Loading label={loadingLabel("calls", callsQ.attempt)} />;
  return (
    <>
      <Panel title={multi ? `Point #${p.point_no}: ${row.label}` : "RTT summary"}>
        <div data-testid="point-detail" data-point={p.point_no}><PointStats point={p} /></div>
      </Panel>
      <div className="grid-2">
        <Panel title="RTT per call" className="panel-chart">
          {calls(<RttPerCallChart calls={callsQ.data!} counts={p.counts}
            note={threads > 1 ? `calls numbered thread by thread (${threads} threads)` : undefined} />)}
        </Panel>
        <Panel title="RTT histogram" className="panel-chart">
          {calls(<RttHistogramChart values={measured} markers={markers} />)}
        </Panel>
      </div>
      <Panel title="Steps" actions={<span className="muted small">this point's measured calls, probe cost subtracted (as the Steps tab)</span>}>
        <PointSteps runId={run.id} pointNo={p.point_no} />
      </Panel>
    </>
  );
}
