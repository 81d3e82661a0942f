// The Trends page's figures for one point: RTT (mean with its 95 % interval, p50, p99) against run order, the
// change points in words with a link comparing the runs on either side, and a chosen step's mean over the runs.
import { useState } from "react";
import { Link } from "react-router-dom";
import type { Trend } from "../../api/series";
import { TrendChart } from "../../charts/trend/TrendChart";
import { Empty, Panel } from "../../components/States";
import { formatNs } from "../../format";
import {
  axisUnit, baselineX, changeMarkers, compareUrl, leadStep, rttLines, runAt, stepLine, stepMarkers, stepNames,
} from "./trend";

/** Change points need two runs on each side (the backend's minimum segment). */
const MIN_RUNS_FOR_CHANGES = 4;

interface Props {
  trend: Trend;
  pointNo: number;
  baselineRunId: number | null;
  /** a baseline range's last run */
  baselineThroughRunId?: number | null;
}

export function TrendFigures({ trend, pointNo, baselineRunId, baselineThroughRunId = null }: Props) {
  const steps = stepNames(trend, pointNo);
  const [chosen, setChosen] = useState<string | null>(null);
  // log by default: a VM's p99 is often ten times the mean, which a linear axis flattens
  const [logY, setLogY] = useState(true);
  const step = chosen && steps.includes(chosen) ? chosen : leadStep(trend, pointNo);
  const markers = changeMarkers(trend);
  const common = {
    runs: trend.runs.length,
    baseline: baselineX(trend, baselineRunId, baselineThroughRunId),
    runTitle: (x: number) => runAt(trend, x),
    runTick: (x: number) => `#${trend.runs[x - 1]?.run_id ?? ""}`,
    yExact: (v: number) => formatNs(v * 1e3),
  };

  const rtt = rttLines(trend, pointNo);
  const rttUnit = axisUnit(rtt);
  const stepLines = step ? [stepLine(trend, pointNo, step)] : [];
  const stepUnit = axisUnit(stepLines);
  return (
    <>
      <Panel title="RTT over the runs" actions={
        <>
          <span className="muted small">mean with its 95 % interval, p50 and p99 · x: run order, oldest first</span>
          <label className="small"><input type="checkbox" checked={logY} onChange={(e) => setLogY(e.target.checked)} /> log y</label>
        </>
      }>
        <TrendChart testId="trend-rtt-chart" label="RTT against run order: mean with 95 % interval, p50 and p99"
          lines={rtt} markers={markers} yLabel={`RTT (${rttUnit.unit})`} yFormat={rttUnit.format} logY={logY} {...common} />
        <ChangeList trend={trend} />
      </Panel>
      <Panel title="Steps over the runs" actions={
        steps.length > 0 && (
          <label className="inline-field">
            Step{" "}
            <select aria-label="Step" data-testid="trend-step-select" value={step ?? ""} onChange={(e) => setChosen(e.target.value)}>
              {steps.map((s) => <option key={s} value={s}>{s}</option>)}
            </select>
          </label>
        )}>
        {step ? (
          <TrendChart testId="trend-step-chart" label={`${step}: mean time per call with its 95 % interval against run order`}
            lines={stepLines} markers={stepMarkers(trend, pointNo, step)} yLabel={`${step} (${stepUnit.unit})`} yFormat={stepUnit.format} height={240} {...common} />
        ) : (
          <Empty>These runs recorded no steps at this point.</Empty>
        )}
      </Panel>
    </>
  );
}

function ChangeList({ trend }: { trend: Trend }) {
  const markers = changeMarkers(trend);
  if (trend.runs.length < MIN_RUNS_FOR_CHANGES) {
    return (
      <p className="small muted" data-testid="trend-changes-none">
        Change points need at least {MIN_RUNS_FOR_CHANGES} analysed runs (two on each side of a change); this series has {trend.runs.length}.
      </p>
    );
  }
  if (markers.length === 0) {
    return (
      <p className="small muted" data-testid="trend-changes-none">
        No change point: no step's mean moved beyond the series' run-to-run noise.
      </p>
    );
  }
  return (
    <ul className="trend-changes" data-testid="trend-changes">
      {markers.map((m) => (
        <li key={m.x} data-testid={`trend-change-${m.runId}`}>
          <span className="trend-change-sentence">{m.sentence}</span>{" "}
          <Link to={compareUrl(m.previousRunId, m.runId)} data-testid="trend-change-compare">
            compare #{m.previousRunId} with #{m.runId}
          </Link>
        </li>
      ))}
    </ul>
  );
}
