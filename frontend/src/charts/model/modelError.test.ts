// One error figure for the model per run: the tab, the report's figure and the PDF's first page say the same number
// over the same points (issue 37: 8.2 % over 48 points on the tab, 9.0 % over 44 in the PDF).
import { describe, expect, it } from "vitest";
import type { ModelVsMeasured } from "../../api/figures";
import { modelVerdict } from "../../pages/report/verdict";
import { modelError, modelErrorText } from "./modelError";

const row = (point_no: number, base: number, err: number, extra: Record<string, unknown> = {}) => ({
  point_no, base_point_no: base, label: "1392 B", threads: point_no === base ? 1 : 3, think: 0, model: 10, measured: 10 * (1 + err / 100),
  model_exact: 8, percent_error: err, anomaly: false, applies: true, ...extra,
});

describe("modelError", () => {
  // two base points (their own demands: ~0 error), three predicted points, one where the model does not apply
  const mvm = { rows: [row(0, 0, 0.1), row(1, 1, -0.1), row(2, 0, 10), row(3, 0, -8), row(4, 1, 12),
    row(5, 1, 60, { applies: false, not_applies_reason: "shared cores" })], mean_abs_percent_error: 15.0, solvers: { exact: 6 } } as unknown as ModelVsMeasured;

  it("judges the model at the points it predicted, where it applies", () => {
    const e = modelError(mvm)!;
    expect(e.predicted.map((r) => r.point_no)).toEqual([2, 3, 4]);
    expect(e.meanAbs).toBeCloseTo(10, 9);
    expect(e.mean).toBeCloseTo(14 / 3, 9);
    expect(e).toMatchObject({ bases: 2, notApplying: 1 });
    expect(e.worst.point_no).toBe(4);
    expect(modelError({ rows: [row(0, 0, 0.2)] } as never)).toBeNull();
  });

  it("gives the tab and the PDF's first page the same figure", () => {
    const tab = modelErrorText(mvm);
    expect(tab).toMatch(/^Mean \|error\| 10\.0 % \(signed \+4\.7 %\) over the 3 points the model predicted; exact MVA /);
    expect(tab).toContain("Left out: its 2 base points (it reproduces their own demands) and 1 point where it does not apply.");
    expect(modelVerdict(mvm)!.text).toContain("mean |error| 10.0 % over the 3 points it predicted");
    expect(tab).not.toContain("15.0"); // the stored figure over every row is not the one the pages state
  });

  it("puts the run's own verdict on the PDF's first page when the model is in doubt", () => {
    const text = "The model may not apply to this run: 1 of 3 points it judged are within its 10 % tolerance, 2 flagged.";
    const doubtful = { ...mvm, applies: false, verdict: { level: "doubtful", text } } as unknown as ModelVsMeasured;
    expect(modelVerdict(doubtful)!.text).toBe(`Model (per-point solver) vs measured: ${text}`);
    const fine = { ...mvm, verdict: { level: "applies", text: "The model applies to this run: …" } } as unknown as ModelVsMeasured;
    expect(modelVerdict(fine)!.text).toContain("mean |error| 10.0 % over the 3 points it predicted");
  });
});
