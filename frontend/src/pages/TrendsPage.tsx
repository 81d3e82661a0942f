// The Trends page of one series (/series/:key): its runs' RTT and steps against run order with the change points the
// backend found, the baseline marked and settable, and every run of the series in a table.
import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { ApiError, getRun } from "../api/client";
import { getSeries, getSeriesRuns, getSeriesTrend } from "../api/series";
import { Empty, ErrorBox, Loading, Panel } from "../components/States";
import { runPoints } from "../kinds";
import { formatDateTime } from "../format";
import { usePolling } from "../hooks/usePolling";
import { PointSelect } from "./run/PointSelect";
import { SeriesRunsTable } from "./series/SeriesRunsTable";
import { TrendFigures } from "./series/TrendFigures";
import { pointNumbers, xOfIndex } from "./series/trend";
import "../styles/trends.css";

/** The series, its trend and runs, and its points' parameters; "missing" when no run has this key (a 404). */
async function loadSeries(key: string) {
  let loaded;
  try {
    loaded = await Promise.all([getSeries(key), getSeriesTrend(key), getSeriesRuns(key)]);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return "missing" as const;
    throw e;
  }
  const [series, trend, runs] = loaded;
  // the points' parameters, for the point picker's words: every run of a series was launched with the same body
  const params = await getRun(series.last_run_id).then((r) => runPoints(r), () => []);
  return { series, trend, runs, params };
}

export function TrendsPage() {
  const { key = "" } = useParams();
  const valid = /^[0-9a-f]{32}$/.test(key);
  // every 30 s: a CI job's new run joins the charts while the page is open
  const { data, error, loading, refresh } = usePolling(() => (valid ? loadSeries(key) : Promise.resolve(null)), 30_000, key);
  const [point, setPoint] = useState<number | null>(null);

  const crumbs = (
    <div className="breadcrumbs"><Link to="/series">Series</Link> <span className="muted">/</span> trends</div>
  );
  if (!valid) {
    return (
      <div className="page">
        {crumbs}
        <ErrorBox title="Not a series key">A series key is 32 hexadecimal digits; “{key}” is not one. <Link to="/series">See every series</Link>.</ErrorBox>
      </div>
    );
  }
  if (data === "missing") {
    return (
      <div className="page">
        {crumbs}
        <ErrorBox title="No such series">No run belongs to series {key}. <Link to="/series">See every series</Link>.</ErrorBox>
      </div>
    );
  }
  if (error && !data) {
    return (
      <div className="page">
        {crumbs}
        <ErrorBox title="Could not load the series" onRetry={refresh}>{error}</ErrorBox>
      </div>
    );
  }
  if (loading || !data) return <div className="page">{crumbs}<Loading label="Loading the series' trend…" /></div>;

  const { series, trend, runs, params } = data;
  const points = pointNumbers(trend);
  const pointNo = point !== null && points.includes(point) ? point : points[0] ?? 0;
  const orderOf = new Map(trend.runs.map((r, i) => [r.run_id, xOfIndex(i)]));

  return (
    <div className="page" data-testid="trends-page">
      {crumbs}
      <div className="page-header">
        <h1>Trends <span className="muted">{series.label}</span></h1>
      </div>
      <p className="small muted" data-testid="series-facts">
        {series.kind} · {series.runs} {series.runs === 1 ? "run" : "runs"} ({trend.runs.length} done and analysed) · last run{" "}
        <Link to={`/runs/${series.last_run_id}`}>#{series.last_run_id}</Link> {formatDateTime(series.last_run_at)} · baseline{" "}
        {series.baseline_run_id ? <Link to={`/runs/${series.baseline_run_id}`}>#{series.baseline_run_id}</Link> : "none yet"}
        {series.baseline_through_run_id && <>–<Link to={`/runs/${series.baseline_through_run_id}`}>#{series.baseline_through_run_id}</Link>{" "}
          ({series.baseline_runs} done runs: their spread is the checks' noise)</>}
        {series.tags.length > 0 && <> · tags {series.tags.join(", ")}</>}
        <span className="mono"> · {series.key}</span>
      </p>
      {error && <ErrorBox title="Could not refresh the series" onRetry={refresh}>{error}</ErrorBox>}
      {trend.runs.length === 0 ? (
        <Empty>
          No run of this series is done and analysed yet: the trend draws a run once it has finished and the analysis worker
          has stored its step statistics. Its runs so far are listed below.
        </Empty>
      ) : (
        <>
          <PointSelect pointNos={points} params={params} value={pointNo} onChange={setPoint} />
          <TrendFigures trend={trend} pointNo={pointNo} baselineRunId={series.baseline_run_id}
            baselineThroughRunId={series.baseline_through_run_id} />
        </>
      )}
      <Panel title="Runs of the series" actions={<span className="muted small">newest first · x is the run's place on the charts</span>}>
        <SeriesRunsTable series={series} runs={runs} orderOf={orderOf} onBaselineSet={refresh} />
      </Panel>
    </div>
  );
}
