// Around the launch form: the experiment kind, a preset from the papers, and the points, calls and estimated time.
import { formatCount } from "../../format";
import { estimateBasis, formatDuration, useLaunchEstimate } from "./estimate";
import { KINDS, kindUnit, type Kind } from "../../kinds";
import { PRESETS, type Preset } from "./presets";
import { countPoints, kindOf, missingBasePoints, type LaunchForm } from "./validation";

/** The experiment kind, as a row of toggle buttons. */
export function KindPicker({ kind, onChange }: { kind: Kind; onChange: (k: Kind) => void }) {
  const what = kindUnit(kind).what;
  return (
    <div className="field kind-field">
      <span className="field-label" id="kind-label">Kind</span>
      <div className="kind-tabs" role="group" aria-labelledby="kind-label">
        {KINDS.map((k) => (
          <button key={k.kind} type="button" className="btn btn-small" aria-pressed={k.kind === kind}
            data-testid={`kind-${k.kind}`} onClick={() => onChange(k.kind)}>
            {k.label}
          </button>
        ))}
      </div>
      <div className="field-hint">{what}</div>
    </div>
  );
}

/** A preset from the papers; choosing one fills the form. */
export function PresetPicker({ preset, onChange }: { preset: Preset | null; onChange: (p: Preset | null) => void }) {
  return (
    <div className="field">
      <label htmlFor="preset">Preset from the papers</label>
      <select id="preset" value={preset?.id ?? ""} onChange={(e) => onChange(PRESETS.find((p) => p.id === e.target.value) ?? null)}>
        <option value="">— none: set every parameter yourself —</option>
        {PRESETS.map((p) => (
          <option key={p.id} value={p.id}>{p.label}</option>
        ))}
      </select>
      <div className="field-hint" data-testid="preset-source">
        {preset ? <>{preset.source} · {preset.note}</> : "fills the form; change anything afterwards"}
      </div>
    </div>
  );
}

/** Points, calls and the estimated duration, or how many fields are still to fix. */
export function LaunchSummary({ form, errorCount }: { form: LaunchForm; errorCount: number }) {
  const guess = useLaunchEstimate(form, errorCount === 0);
  if (errorCount > 0) {
    return <span className="muted small">{`${errorCount} field${errorCount > 1 ? "s" : ""} to fix`}</span>;
  }
  const unit = kindUnit(kindOf(form));
  const work = unit.work(form, 1);
  const rounds = unit.rounds(form);
  const most = unit.work(form, rounds);
  return (
    <span className="muted small launch-summary" data-testid="launch-summary">
      <span>points <strong data-testid="summary-points">{countPoints(form)}</strong></span>
      {missingBasePoints(form) > 0 && (
        <span data-testid="summary-base-points" title="the model takes each call kind's demands from its 1-thread, no-think point">
          + {missingBasePoints(form)} base point(s) (1 thread, no think) the lab adds for the model
        </span>
      )}
      {"seconds" in work ? (
        <span>streams for <strong>{formatCount(work.seconds)} s</strong></span>
      ) : (
        <span><strong data-testid="summary-calls">{formatCount(work.calls)}</strong> calls in total</span>
      )}
      {rounds > 1 && (
        <span data-testid="summary-calls-most" title="a point repeats until its interval meets the CI target">
          up to <strong>{"calls" in most ? formatCount(most.calls) : "—"}</strong> in {rounds} rounds
        </span>
      )}
      <span title={guess.state === "ready" ? estimateBasis(guess.estimate) : guess.state === "failed" ? "the backend could not estimate this run" : "estimating…"}>
        duration{" "}
        <strong data-testid="summary-duration" aria-busy={guess.state === "loading"}>
          {guess.state === "ready" ? formatDuration(guess.estimate.seconds) : guess.state === "loading" ? "…" : "—"}
        </strong>
        {guess.state === "ready" && guess.estimate.seconds_most > guess.estimate.seconds * 1.01 && (
          <span data-testid="summary-duration-most"> (up to {formatDuration(guess.estimate.seconds_most).slice(2)} if every point takes {rounds} rounds)</span>
        )}
      </span>
    </span>
  );
}
