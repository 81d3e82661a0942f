// A finished run whose analyses the worker is still computing: "Analysing… k of n" with a bar, asked again each
// second until they are stored (then the figure tabs load them).
import { useEffect, useState } from "react";
import { getAnalysesState, type AnalysesProgress } from "../../api/analysesState";
import { Panel } from "../../components/States";

export const ANALYSES_POLL_MS = 1000;

export interface Analysing {
  /** the worker's progress while it computes the run's analyses, null otherwise */
  progress: AnalysesProgress | null;
  /** the analyses are stored (or cannot be told: the tabs then ask and show what goes wrong): the tabs that draw
   * them may load. False until the first answer, so none asks for a kind the worker has yet to store. */
  ready: boolean;
  /** how many times a wait for the worker ended: in a view's key, what was mounted meanwhile loads again */
  generation: number;
}

/** Asks once the run has ended, then each second while the answer is "analysing"; any other answer (stored, or
 * an error the tabs show themselves when they ask for their analyses) ends the polling. */
export function useAnalysing(runId: number | string, terminal: boolean): Analysing {
  const [progress, setProgress] = useState<AnalysesProgress | null>(null);
  const [generation, setGeneration] = useState(0);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setProgress(null); // another run, or one not ended yet: nothing known of its analyses
    setReady(false);
    if (!terminal) return;
    let alive = true;
    let waited = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const s = await getAnalysesState(runId);
        if (!alive) return;
        if (s.state === "analysing") {
          waited = true;
          setProgress(s);
          timer = setTimeout(() => void ask(), ANALYSES_POLL_MS);
          return;
        }
      } catch {
        if (!alive) return;
      }
      setProgress(null);
      setReady(true);
      if (waited) setGeneration((g) => g + 1);
    };
    void ask();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [runId, terminal]);
  return { progress, ready, generation };
}

export function AnalysingProgress({ done, total }: AnalysesProgress) {
  const pct = total > 0 ? Math.min(100, (done / total) * 100) : 0;
  return (
    <Panel title="Analyses">
      <div className="progress-wrap">
        <div className="progress progress-analysing" role="progressbar" aria-label="Analysis progress"
          aria-valuemin={0} aria-valuenow={done} aria-valuemax={total} data-testid="analysing-progress">
          <div className="progress-fill" style={{ width: `${pct}%` }} />
          <div className="progress-text">Analysing… {done} of {total}</div>
        </div>
      </div>
      <p className="muted small panel-pad">
        The analysis worker is computing this run's statistics, paths and models; the tabs that draw them open when
        it is done.
      </p>
    </Panel>
  );
}
