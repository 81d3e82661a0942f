import { Panel } from "../../components/States";
import { LiveRttChart } from "../../charts/liveRtt/LiveRttChart";
import { useLiveSeries, usePollLiveCalls } from "../../charts/liveRtt/useLiveSeries";
import type { LiveMode } from "./useLiveRun";

/** The run page's live RTT feed: created before useLiveRun so its event stream can hand over `calls` events. */
export const useLiveRttFeed = useLiveSeries;
export type LiveRttFeed = ReturnType<typeof useLiveSeries>;

/** Live RTT chart while the run is queued or running (the finished figures replace it at the end). */
export function LiveRttPanel({ id, feed, mode }: { id: string; feed: LiveRttFeed; mode: LiveMode }) {
  usePollLiveCalls(id, mode === "polling", feed);
  return (
    <Panel
      title="Live RTT"
      className="panel-chart"
      actions={
        <span className="muted small">
          {mode === "polling" ? "sampled calls, polled every 1 s" : "sampled calls of each upload (every 200 ms)"}
        </span>
      }
    >
      <LiveRttChart series={feed.series} />
    </Panel>
  );
}
