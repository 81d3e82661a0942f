import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { ApiError, cancelRun, errorMessage } from "../api/client";
import { ErrorBox, Loading, Panel } from "../components/States";
import { ExportMenu } from "./report/ExportMenu";
import { Results } from "./run/Results";
import { RunHeader, RunParams } from "./run/RunHeader";
import { RunLinkInfo } from "./run/RunLinkInfo";
import { FinishedProgress, RunOutcome, RunProgress } from "./run/RunProgress";
import { RunTabs, useRunTab } from "./run/RunTabs";
import { tabLimits } from "./run/tabLimits";
import { TimelineTab } from "./run/TimelineTab";
import { STEP_PATH_STATS_TABS, StepPathStatsTab } from "./run/stepPathStatsTabs";
import { ModelTab } from "./run/ModelTab";
import { PrecisionSection } from "./run/NoiseFloor";
import { RttSizeTab } from "./run/RttSizeTab";
import { ThroughputTab } from "./run/ThroughputTab";
import { useLiveRun } from "./run/useLiveRun";
import { LiveRttPanel, useLiveRttFeed } from "./run/LiveRttPanel";

const RUN_TABS = [
  { id: "results", label: "Results" },
  { id: "timeline", label: "Timeline" },
  ...STEP_PATH_STATS_TABS,
  { id: "rtt-size", label: "RTT vs size" },
  { id: "throughput", label: "Throughput vs threads" },
  { id: "model", label: "Model" },
];

export function RunPage() {
  const { id = "" } = useParams();
  const feed = useLiveRttFeed(id);
  const { run, setRun, error, mode, terminal } = useLiveRun(id, feed.onCalls);
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [tab, selectTab] = useRunTab(RUN_TABS);

  if (error) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <div className="page">
        <ErrorBox title={notFound ? `Run ${id} not found` : "Could not load the run"}>
          {notFound ? (
            <>
              There is no run with id {id}. <Link to="/runs">Back to the runs</Link>.
            </>
          ) : (
            error.message
          )}
        </ErrorBox>
      </div>
    );
  }
  if (!run) {
    return (
      <div className="page">
        <Loading label={`Loading run ${id}…`} />
      </div>
    );
  }

  const onCancel = async () => {
    setCancelling(true);
    setCancelError(null);
    try {
      setRun(await cancelRun(run.id));
    } catch (e) {
      setCancelError(errorMessage(e));
    } finally {
      setCancelling(false);
    }
  };

  return (
    <div className="page">
      <RunHeader run={run} terminal={terminal} cancelling={cancelling} onCancel={onCancel}
        actions={<ExportMenu run={run} terminal={terminal} />} />
      <div className="run-facts-block">
        <RunParams run={run} extra={terminal && <FinishedProgress run={run} />} />
        <RunLinkInfo link={run.link} />
      </div>
      {cancelError && <ErrorBox title="Could not cancel">{cancelError}</ErrorBox>}
      {!terminal && <RunProgress run={run} terminal={terminal} mode={mode} />}
      {!terminal && <LiveRttPanel id={id} feed={feed} mode={mode} run={run} />}
      <RunOutcome run={run} />
      {terminal && <RunTabs tabs={RUN_TABS} current={tab} onSelect={selectTab} limits={tabLimits(run)} />}
      {terminal && tab === "results" && run.precision && (
        <Panel title="Precision" actions={<span className="muted small">noise floor and rounds per point</span>}>
          <PrecisionSection run={run} />
        </Panel>
      )}
      {terminal && tab === "results" && <Results key={`${id}-${run.status}`} run={run} />}
      {terminal && tab === "timeline" && <TimelineTab key={id} id={id} />}
      {terminal && <StepPathStatsTab key={`f1-${id}`} tab={tab} run={run} />}
      {terminal && tab === "rtt-size" && <RttSizeTab key={id} run={run} />}
      {terminal && tab === "throughput" && <ThroughputTab key={id} run={run} />}
      {terminal && tab === "model" && <ModelTab key={id} run={run} />}
    </div>
  );
}
