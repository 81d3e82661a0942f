// The run page: its header, parameters and link, live progress and RTT while it runs, then the figure tabs once it is
// finished (waiting for the analysis worker where a tab needs stored analyses).
import { Fragment, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { ApiError, cancelRun, errorMessage } from "../api/client";
import { ErrorBox, Loading } from "../components/States";
import { FIGURES, RUN_TABS } from "../figures/registry";
import { ExportMenu } from "./report/ExportMenu";
import { RunHeader, RunParams } from "./run/RunHeader";
import { RunLinkInfo } from "./run/RunLinkInfo";
import { WhereItRan } from "./run/WhereItRan";
import { RunNotes } from "./run/RunNotes";
import { FinishedProgress, RunOutcome, RunProgress } from "./run/RunProgress";
import { RunTabs, useRunTab } from "./run/RunTabs";
import { tabLimits } from "./run/tabLimits";
import { useLiveRun } from "./run/useLiveRun";
import { LiveRttPanel, useLiveRttFeed } from "./run/LiveRttPanel";
import { AnalysingProgress, useAnalysing } from "./run/AnalysingProgress";

/** The tabs whose figures read stored analyses (every figure data but the timeline's): while the worker is still
 * computing them those tabs wait, instead of asking for kinds it has yet to store. */
const ANALYSES_TABS = new Set(FIGURES.filter((f) => f.data.some((d) => d !== "timeline")).map((f) => f.tab.id));

export function RunPage() {
  const { id = "" } = useParams();
  const feed = useLiveRttFeed(id);
  const { run, setRun, error, mode, terminal } = useLiveRun(id, feed.onCalls);
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [tab, selectTab] = useRunTab(RUN_TABS);
  // a just-finished run's analyses may still be the worker's: generation, in the tabs' keys, counts the waits
  // that ended, so what was drawn meanwhile (the Results tab's steps) loads again
  const { progress: analysing, ready: analysed, generation } = useAnalysing(id, terminal);

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
        <RunLinkInfo run={run} />
        <WhereItRan run={run} />
        <RunNotes key={run.id} run={run} onSaved={setRun} />
      </div>
      {cancelError && <ErrorBox title="Could not cancel">{cancelError}</ErrorBox>}
      {!terminal && <RunProgress run={run} terminal={terminal} mode={mode} />}
      {!terminal && <LiveRttPanel id={id} feed={feed} mode={mode} run={run} />}
      <RunOutcome run={run} />
      {terminal && <RunTabs tabs={RUN_TABS} current={tab} onSelect={selectTab} limits={tabLimits(run)} />}
      {/* the open tab's figures (figures/registry.tsx), drawn afresh for another run */}
      {terminal && analysing && <AnalysingProgress {...analysing} />}
      {terminal && RUN_TABS.filter((t) => t.id === tab && (analysed || !ANALYSES_TABS.has(t.id))).map((t) => (
        <Fragment key={`${t.id}-${id}-${run.status}-${generation}`}>{t.render({ run, id })}</Fragment>
      ))}
    </div>
  );
}
