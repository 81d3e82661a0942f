// A run's progress: the live bar with calls done and time left while it runs, the collapsed bar once finished, and why
// a failed or cancelled run stopped.
import type { Run } from "../../api/types";
import { ErrorBox, Panel } from "../../components/States";
import { formatCount, formatDurationMs, formatPercent } from "../../format";
import { useNow } from "../../hooks/usePolling";
import { useEffect, useRef, useState } from "react";
import { getRunEstimate, type RunEstimate } from "../../api/estimate";
import { timeLeftByEstimate, timeLeftMs, timeLeftSeenMs } from "./eta";
import type { LiveMode } from "./useLiveRun";

function ProgressBar({ done, total, status, left, basis }: { done: number; total: number; status: string; left: number | null; basis: string }) {
  const pct = total > 0 ? Math.min(100, (done / total) * 100) : 0;
  return (
    <div className="progress-wrap">
      <div
        className={`progress progress-${status}`}
        role="progressbar"
        aria-label="Run progress"
        aria-valuemin={0}
        aria-valuenow={done}
        aria-valuemax={total}
        data-testid="run-progress"
      >
        <div className="progress-fill" style={{ width: `${pct}%` }} />
        <div className="progress-text">
          {formatCount(done)} / {formatCount(total)} calls · {formatPercent(done, total)}
          {left !== null && <span data-testid="run-time-left" title={basis}> · about {formatDurationMs(left)} left</span>}
        </div>
      </div>
    </div>
  );
}

const PROGRESS_TITLE: Record<Run["status"], string> = {
  queued: "Waiting for the agents…",
  running: "Measuring…",
  done: "Completed",
  failed: "Stopped: failed",
  cancelled: "Stopped: cancelled",
};

/** Progress panel with the live-update mode (server-sent events or polling) while the run goes on. */
export function RunProgress({ run, terminal, mode }: { run: Run; terminal: boolean; mode: LiveMode }) {
  const now = useNow(1000);
  const firstSeen = useRef<{ at: number; done: number } | null>(null);
  const estimate = useRunEstimate(run.id, terminal);
  if (run.status === "running" && firstSeen.current === null) firstSeen.current = { at: Date.now(), done: run.calls_done };
  const started = run.started_at ? Date.parse(run.started_at) : NaN;
  const byEstimate = !terminal && estimate && run.status === "running"
    ? timeLeftByEstimate(estimate, run.calls_done, run.calls_total, Number.isFinite(started) ? now - started : null)
    : null;
  const left = terminal
    ? null
    : byEstimate ?? (run.started_at
      ? timeLeftMs(run.calls_done, run.calls_total, run.started_at, now)
      : firstSeen.current && timeLeftSeenMs(firstSeen.current, run.calls_done, run.calls_total, now));
  return (
    <Panel
      title={PROGRESS_TITLE[run.status]}
      actions={
        !terminal && (
          <span className="muted small live-dot" title={mode === "sse" ? "server-sent events" : "polling every 1 s"}>
            {mode === "sse" ? "live" : mode === "polling" ? "polling" : ""}
          </span>
        )
      }
    >
      <ProgressBar done={run.calls_done} total={run.calls_total} status={run.status} left={left}
        basis={byEstimate !== null ? "the launch estimate of the points still to run (link rate, think time, emulated hosts; one round a point), scaled by this run's pace so far"
          : "the calls still to do at the pace so far (as many rounds as a point may take)"} />
    </Panel>
  );
}

/** A finished run's progress, collapsed to a line in the header's facts: a short bar and the calls done. */
export function FinishedProgress({ run }: { run: Run }) {
  const pct = run.calls_total > 0 ? Math.min(100, (run.calls_done / run.calls_total) * 100) : 0;
  return (
    <span className={`run-fact progress-line progress-${run.status}`} role="progressbar" aria-label="Run progress"
      aria-valuemin={0} aria-valuenow={run.calls_done} aria-valuemax={run.calls_total} data-testid="run-progress">
      <span className="progress-line-bar" aria-hidden="true"><span className="progress-fill" style={{ width: `${pct}%` }} /></span>
      {formatCount(run.calls_done)} / {formatCount(run.calls_total)} calls · {formatPercent(run.calls_done, run.calls_total)}
    </span>
  );
}

/** The run's estimate, point by point, while it goes (null until it comes, or when the backend has none). */
function useRunEstimate(id: number, terminal: boolean): RunEstimate | null {
  const [estimate, setEstimate] = useState<RunEstimate | null>(null);
  useEffect(() => {
    if (terminal) return;
    let alive = true;
    getRunEstimate(id).then((e) => alive && setEstimate(e), () => undefined);
    return () => {
      alive = false;
    };
  }, [id, terminal]);
  return estimate;
}

/** Why a failed or cancelled run stopped; nothing for the other states. */
export function RunOutcome({ run }: { run: Run }) {
  if (run.status === "failed") {
    return (
      <ErrorBox title="Run failed">
        <div className="reason" data-testid="run-reason">
          {run.reason || "no reason given"}
        </div>
        <div className="muted small">
          The calls already uploaded ({formatCount(run.calls_done)} of {formatCount(run.calls_total)}) are kept and
          shown below.
        </div>
      </ErrorBox>
    );
  }
  if (run.status === "cancelled") {
    return (
      <div className="warn-box">
        Cancelled{run.reason && run.reason !== "cancelled" ? `: ${run.reason}` : ""}. The calls measured before the
        cancel ({formatCount(run.calls_done)} of {formatCount(run.calls_total)}) are shown below.
      </div>
    );
  }
  return null;
}
