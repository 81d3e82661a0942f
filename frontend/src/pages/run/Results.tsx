import { useMemo } from "react";
import { getRunCalls, getRunSummary } from "../../api/client";
import { RttHistogramChart } from "../../charts/rttHistogram/RttHistogramChart";
import { measuredRtts } from "../../charts/rttHistogram/transform";
import { RttPerCallChart } from "../../charts/rttPerCall/RttPerCallChart";
import { Empty, ErrorBox, Loading, Panel } from "../../components/States";
import { StepsTable } from "./StepsTable";
import { SummaryStats } from "./SummaryStats";
import { loadingLabel, useRetryingFetch, type Fetched } from "./useRetryingFetch";

/** Statistics, charts and step timings of a finished run. */
export function Results({ id }: { id: string }) {
  const summaryQ = useRetryingFetch((t) => getRunSummary(id, t), `summary-${id}`);
  const callsQ = useRetryingFetch((t) => getRunCalls(id, 20000, t), `calls-${id}`);
  const summary = summaryQ.data;
  const calls = callsQ.data;
  const measured = useMemo(() => (calls ? measuredRtts(calls) : []), [calls]);
  const markers = useMemo(
    () =>
      summary?.rtt
        ? [
            { label: "p50", ns: summary.rtt.median_ns },
            { label: "p99", ns: summary.rtt.p99_ns },
          ]
        : undefined,
    [summary],
  );

  if (calls && calls.total === 0 && summary && !summary.rtt && !summary.first_call) {
    return (
      <Panel title="Results">
        <Empty>No calls were recorded for this run.</Empty>
      </Panel>
    );
  }
  const failed = (q: Fetched<unknown>, what: string) => (
    <ErrorBox title={`Could not load the ${what}`} onRetry={q.retry}>
      {q.error}
    </ErrorBox>
  );
  return (
    <>
      <Panel title="RTT summary">
        {summary ? (
          <SummaryStats summary={summary} />
        ) : summaryQ.error ? (
          <div className="panel-pad">{failed(summaryQ, "statistics")}</div>
        ) : (
          <Loading label={loadingLabel("statistics", summaryQ.attempt)} />
        )}
      </Panel>
      <div className="grid-2">
        <Panel title="RTT per call" className="panel-chart">
          {calls ? (
            <RttPerCallChart calls={calls} />
          ) : callsQ.error ? (
            failed(callsQ, "calls")
          ) : (
            <Loading label={loadingLabel("calls", callsQ.attempt)} />
          )}
        </Panel>
        <Panel title="RTT histogram" className="panel-chart">
          {calls ? (
            <RttHistogramChart values={measured} markers={markers} />
          ) : callsQ.error ? (
            failed(callsQ, "calls")
          ) : (
            <Loading label={loadingLabel("calls", callsQ.attempt)} />
          )}
        </Panel>
      </div>
      {summary && (
        <Panel title="Steps" actions={<span className="muted small">per-call segments measured by the agents</span>}>
          <StepsTable summary={summary} />
        </Panel>
      )}
    </>
  );
}
