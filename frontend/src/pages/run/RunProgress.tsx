// A run's progress: what it is doing (waiting for the agents, probing the noise floor, point i of n in round r), the
// bar of its points' estimated time with the time left while it runs (backend services/run_progress.py), the
// collapsed bar once finished, and why a failed or cancelled run stopped.
import type { Run } from "../../api/types";
import { ErrorBox, Panel } from "../../components/States";
import { formatCount, formatPercent } from "../../format";
import { progressWords } from "./progressWords";
import type { LiveMode } from "./useLiveRun";

/** Progress panel with the live-update mode (server-sent events or polling) while the run goes on. */
export function RunProgress({ run, terminal, mode }: { run: Run; terminal: boolean; mode: LiveMode }) {
  const w = progressWords(run);
  const pct = Math.min(100, Math.max(0, w.share * 100));
  return (
    <Panel
      title={<span data-testid="run-phase">{w.title}</span>}
      actions={
        !terminal && (
          <span className="muted small live-dot" title={mode === "sse" ? "server-sent events" : "polling every 1 s"}>
            {mode === "sse" ? "live" : mode === "polling" ? "polling" : ""}
          </span>
        )
      }
    >
      {w.detail && <div className="muted small panel-pad progress-detail" data-testid="run-phase-detail">{w.detail}</div>}
      <div className="progress-wrap">
        <div className={`progress progress-${run.status}`} role="progressbar" aria-label="Run progress"
          aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.floor(pct)} aria-valuetext={`${w.title}: ${w.done}`}
          data-testid="run-progress">
          <div className="progress-fill" style={{ width: `${pct}%` }} />
          <div className="progress-text">
            {w.done}
            {w.left && (
              <span data-testid="run-time-left" title="the estimate of what is still to run (one round a point), scaled by how long the run took so far against its estimate">
                {" "}· {w.left}
              </span>
            )}
          </div>
        </div>
      </div>
    </Panel>
  );
}

/** A finished run's progress, collapsed to a line in the header's facts: a short bar, the points done and the calls
 * stored. The bar is the backend's share of the points (a run that stops repeating a point once its interval is met,
 * or a stream that sent fewer messages than guessed, is complete well short of the most calls it might have made);
 * calls out of that most only without the backend's progress. */
export function FinishedProgress({ run }: { run: Run }) {
  // the backend's progress only once it says the run ended (an event without it leaves the last running one)
  const p = run.progress && run.progress.phase === run.status ? run.progress : null;
  const pct = p ? Math.min(100, Math.max(0, p.share * 100))
    : run.calls_total > 0 ? Math.min(100, (run.calls_done / run.calls_total) * 100) : 0;
  const text = !p ? `${formatCount(run.calls_done)} / ${formatCount(run.calls_total)} calls · ${formatPercent(run.calls_done, run.calls_total)}`
    : `${p.points > 1 ? `${formatCount(p.points_done)} of ${formatCount(p.points)} points · ` : ""}${formatCount(run.calls_done)} calls · ${Math.floor(pct)} %`;
  return (
    <span className={`run-fact progress-line progress-${run.status}`} role="progressbar" aria-label="Run progress"
      aria-valuemin={0} aria-valuenow={p ? Math.floor(pct) : run.calls_done} aria-valuemax={p ? 100 : run.calls_total}
      data-testid="run-progress">
      <span className="progress-line-bar" aria-hidden="true"><span className="progress-fill" style={{ width: `${pct}%` }} /></span>
      {text}
    </span>
  );
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
