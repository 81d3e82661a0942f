// The run page's live RTT panel while a run is queued or running: the chart, its points named in words, fed by the
// event stream or by polling.
import { Panel } from "../../components/States";
import { LiveRttChart } from "../../charts/liveRtt/LiveRttChart";
import { useLiveSeries, usePollLiveCalls } from "../../charts/liveRtt/useLiveSeries";
import type { Run } from "../../api/types";
import { runPoints } from "../../kinds";
import { pointWords } from "../../figures/pointWords";
import { LoopTag, loopOf } from "../../figures/loop";
import type { LiveMode } from "./useLiveRun";

/** The run page's live RTT feed: created before useLiveRun so its event stream can hand over `calls` events. */
export const useLiveRttFeed = useLiveSeries;
export type LiveRttFeed = ReturnType<typeof useLiveSeries>;

/** Live RTT chart while the run is queued or running (the finished figures replace it at the end). */
export function LiveRttPanel({ id, feed, mode, run }: { id: string; feed: LiveRttFeed; mode: LiveMode; run?: Run }) {
  usePollLiveCalls(id, mode === "polling", feed);
  // the legend names a point by its parameters ("4016 B · 3 threads · think 9 ms"), as the Results page does
  const points = runPoints(run);
  const label = (p: number) => (points.some((q) => q.point_no === p) ? pointWords(points.find((q) => q.point_no === p), points) : `point ${p}`);
  // the live p50/p99 are each upload's RTT, from the actual send: an open loop's latency comes with Results
  const loop = loopOf(run);
  return (
    <Panel
      title={loop === "closed" ? "Live RTT" : "Live RTT (from actual send)"}
      className="panel-chart"
      actions={
        <span className="muted small">
          {mode === "polling" ? "sampled calls, polled every 1 s" : "sampled calls of each upload (every 200 ms)"}{" "}
          <LoopTag loop={loop} rtt testId="live-loop" />
        </span>
      }
    >
      <LiveRttChart series={feed.series} pointLabel={label} runPoints={points} />
    </Panel>
  );
}
