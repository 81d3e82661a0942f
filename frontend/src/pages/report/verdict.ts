// Page 1's verdicts: the model against the measurement in one sentence, and the anomaly notes that fit the page.
import { formatSignedPct } from "../../format";
import { isUnavailable, type ModelRow, type ModelVsMeasured, type Unavailable } from "../../api/figures";
import type { ReportNote } from "./api";
import { applies, flagged } from "../../charts/model/solvers";
import { perPointSolvers } from "../../charts/model/table2";
import { modelError, runVerdict } from "../../charts/model/modelError";

type Row = ModelRow & { point_no?: number };

export interface ModelVerdict {
  text: string;
  predicted: number; // points the model predicted (not its own base points)
  flagged: number;
}


/**
 * The model's verdict on the run, or null when it has none to give: no model, or every point is its own base
 * point (the model reproduces the demands it was given, so its error says nothing; a plain size sweep).
 */
export function modelVerdict(mvm: ModelVsMeasured | Unavailable | null | undefined, labelOf?: (pointNo: number) => string): ModelVerdict | null {
  if (!mvm || isUnavailable(mvm)) return null;
  const rows = mvm.rows as Row[];
  const method = perPointSolvers(mvm.solvers) ? "per-point solver" : mvm.simulated ? "simulation" : "MVA";
  const judged = runVerdict(mvm);
  if (judged && judged.level !== "applies") {
    // the run's own numbers say the model is in doubt, or that no point judges it: page 1 says so in those words
    return { text: `Model (${method}) vs measured: ${judged.text}`, predicted: modelError(mvm)?.predicted.length ?? 0, flagged: rows.filter(flagged).length };
  }
  if (!judged && mvm.applies === false) {
    // its notes say why; page 1 lists them with the other notes
    return { text: `Model (${method}) vs measured: not a check of this run (its note below says why).`, predicted: 0, flagged: 0 };
  }
  // a point the model does not apply to is no check of it (the Table 2 notes say why); nor is its own base point
  const e = modelError(mvm);
  const notApplying = rows.filter((r) => !applies(r)).length;
  if (!e) {
    return notApplying ? { text: `Model (${method}) vs measured: the model does not apply at ${notApplying} of ${rows.length} points (Table 2's notes say why); nothing flagged.`, predicted: 0, flagged: 0 } : null;
  }
  const { predicted, worst } = e;
  const nFlagged = rows.filter(flagged).length;
  const name = (r: Row) => (r.point_no !== undefined && labelOf ? labelOf(r.point_no) : r.label);
  const tolerance = mvm.tolerance_pct !== undefined ? ` (the model's band allows ${mvm.tolerance_pct.toFixed(0)} % of its own error)` : "";
  const flags = nFlagged === 0 ? `no point flagged as an anomaly${tolerance}` : `${nFlagged} point${nFlagged === 1 ? "" : "s"} flagged as anomalies${tolerance}, listed below`;
  const na = notApplying ? `; the model does not apply at ${notApplying} point${notApplying === 1 ? "" : "s"} (Table 2's notes say why)` : "";
  const text = `Model (${method}) vs measured: mean |error| ${e.meanAbs.toFixed(1)} % over the ${predicted.length} points it predicted ` +
    `(worst ${formatSignedPct(worst.percent_error)} at ${name(worst)}); ${flags}${na}.`;
  return { text, predicted: predicted.length, flagged: nFlagged };
}

/** The notes page 1 has room for, failures and errors first, and how many more the appendix lists. */
export function notesForSummary(notes: ReportNote[], max = 6): { shown: ReportNote[]; more: number } {
  // page 1 prints each in a line: shortNote
  const rank = (n: ReportNote) => (n.kind === "failure" ? 0 : n.kind === "errors" || n.kind === "incomplete" ? 1 : 2);
  const sorted = [...notes].sort((a, b) => rank(a) - rank(b));
  return { shown: sorted.slice(0, max), more: Math.max(0, notes.length - max) };
}

/** A note in a line for page 1: a model anomaly's verdict sentence and its reasons (the appendix has the whole
 * explanation: which device grew, how many calls went through slow-start). Other notes are one sentence already. */
export function shortNote(n: ReportNote): string {
  if (n.kind !== "model") return n.text;
  const reasons = /\(([^()]*)\)$/.exec(n.text);
  const first = n.text.split(/\.\s+(?=[A-Z])/)[0].replace(/\.$/, "");
  if (first.length >= n.text.length - (reasons?.[0].length ?? 0) - 2) return n.text; // one sentence: as it is
  return `${first}${reasons ? ` (${reasons[1]})` : ""}.`;
}
