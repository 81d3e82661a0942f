// The model's error over the points it predicted, computed once for the Model tab, the report's model figure and the
// PDF's first page (issue 37: the tab said 8.2 % over all 48 points, the PDF 9.0 % over 44, for one run).
import type { ModelRow, ModelVsMeasured } from "../../api/figures";
import { applies } from "./solvers";

type Row = ModelRow & { point_no?: number; base_point_no?: number };

export interface ModelError {
  meanAbs: number; // mean |% error| of the model over the predicted points
  mean: number; // its signed mean
  exactMeanAbs: number | null; // exact MVA's at the same points (null when the rows have none)
  predicted: Row[]; // points that judge it: where it applies, other than its own base points
  bases: number; // base points left out: the model reproduces the demands measured there
  notApplying: number;
  worst: Row;
}

/** The points that judge the model and its error there; null when none does (every point is its own base, or the
 * model does not apply anywhere). */
export function modelError(mvm: Pick<ModelVsMeasured, "rows">): ModelError | null {
  const rows = mvm.rows as Row[];
  const own = (r: Row) => r.point_no !== undefined && r.base_point_no !== undefined && r.base_point_no === r.point_no;
  const predicted = rows.filter((r) => applies(r) && !own(r));
  if (predicted.length === 0) return null;
  const mean = (f: (r: Row) => number) => predicted.reduce((a, r) => a + f(r), 0) / predicted.length;
  const exact = predicted.every((r) => typeof r.model_exact === "number" && r.measured > 0);
  return {
    meanAbs: mean((r) => Math.abs(r.percent_error)),
    mean: mean((r) => r.percent_error),
    exactMeanAbs: exact ? mean((r) => Math.abs(((r.measured - r.model_exact) * 100) / r.measured)) : null,
    predicted,
    bases: rows.filter((r) => applies(r) && own(r)).length,
    notApplying: rows.filter((r) => !applies(r)).length,
    worst: predicted.reduce((a, r) => (Math.abs(r.percent_error) > Math.abs(a.percent_error) ? r : a)),
  };
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** "Mean |error| 9.0 % (signed +4.1 %) over the 44 points the model predicted; exact MVA 31.2 % there. Its 4 base
 * points are left out: it reproduces their own demands." The same words on the tab and in the report. */
export function modelErrorText(mvm: Pick<ModelVsMeasured, "rows">): string {
  const e = modelError(mvm);
  if (!e) return "No point judges the model: every point is its own base point or one where the model does not apply.";
  const sign = e.mean >= 0 ? "+" : "";
  const exact = e.exactMeanAbs !== null ? `; exact MVA ${e.exactMeanAbs.toFixed(1)} % at the same points` : "";
  const left = [e.bases ? `its ${plural(e.bases, "base point")} (it reproduces their own demands)` : "",
    e.notApplying ? `${plural(e.notApplying, "point")} where it does not apply` : ""].filter(Boolean).join(" and ");
  return `Mean |error| ${e.meanAbs.toFixed(1)} % (signed ${sign}${e.mean.toFixed(1)} %) over the ${plural(e.predicted.length, "point")} the model predicted${exact}.${left ? ` Left out: ${left}.` : ""}`;
}

/** The run's verdict on whether the model applies, from its own numbers (backend analysis/model_applies.run_verdict);
 * results stored before it have none. Typed here until the generated schema carries it. */
export interface ModelVerdictOfRun {
  level: "applies" | "doubtful" | "not_judged";
  text: string;
  judged: number;
  flagged: number;
  within_tolerance: number;
  mean_abs_error_pct: number | null;
  base_cv: number | null;
  noise_floor_cv: number | null;
}

export function runVerdict(mvm: object): ModelVerdictOfRun | null {
  return (mvm as { verdict?: ModelVerdictOfRun | null }).verdict ?? null;
}
