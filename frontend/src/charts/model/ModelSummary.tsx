// The run-level lines of a model result that the Model tab and the report both print: the solvers per point with
// the simulation's time and precision, and a calibration run's planted fault against what the model flagged.
import type { ModelVsMeasured } from "../../api/figures";
import { calibrationMisses, calibrationText, injectionOf, solverLine } from "./solvers";
import "./model.css";

export function SolverSummary({ mvm, className = "small muted" }: { mvm: ModelVsMeasured; className?: string }) {
  const line = solverLine(mvm);
  return line ? <p className={className} data-testid="model-solvers">{line}</p> : null;
}

/** A calibration run's verdict: did the model flag the fault planted on purpose, and name its step? */
export function CalibrationPanel({ mvm }: { mvm: ModelVsMeasured }) {
  const inj = injectionOf(mvm);
  if (!inj) return null;
  const caught = inj.points > 0 && inj.flagged === inj.points && inj.named_step === inj.points;
  return (
    <div className="model-calibration" role="note" data-testid="model-calibration">
      <p><strong>Calibration{caught ? ": the model caught the planted fault" : ""}.</strong> {calibrationText(inj)}.</p>
      <p className="small" data-testid="model-calibration-missed">{calibrationMisses(inj)}</p>
    </div>
  );
}
