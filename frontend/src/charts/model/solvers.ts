// The model's per-point solver, asymptotic bounds and applicability, and a calibration run's verdict, in the words
// the Model tab and the report share (so both say the same thing about a point).
import type { ModelRow, ModelVsMeasured } from "../../api/figures";

export type Solver = NonNullable<ModelRow["solver"]>;
export type Bounds = NonNullable<ModelRow["bounds"]>;

export const SOLVER_NAMES: Record<Solver, string> = { exact: "exact MVA", residual: "residual MVA", simulation: "simulation" };

/** Results stored before the model said where it applies apply everywhere. */
export const applies = (r: Pick<ModelRow, "applies">) => r.applies !== false;

/** A flag counts only where the model applies (the backend clears them there; an older result may not have). */
export const flagged = (r: Pick<ModelRow, "applies" | "anomaly">) => r.anomaly && applies(r);

/** "model does not apply: <why>", the backend's sentence without its own "the model does not apply here:". */
export function notAppliesText(reason: string | null | undefined): string {
  const why = (reason ?? "").replace(/^the model (does|may) not apply here:\s*/i, "").trim();
  return `model does not apply: ${why || "no reason given"}`;
}

/** A solver and why it is the model at this point: "simulation: exact MVA is +12.3% …". */
export function solverText(solver: Solver, reason: string | null | undefined): string {
  return reason ? `${SOLVER_NAMES[solver]}: ${reason}` : SOLVER_NAMES[solver];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const sig = (v: number) => String(Number(v.toPrecision(3)));

/** The bounds' hover text: what they are, the bottleneck, the most calls/s; balanced job bounds as product-form only. */
export function boundsTitle(b: Bounds, clamped: boolean, unit: string, u: (v: number) => string): string {
  // throughput_max is per ms, as the rows' times are ms
  const parts = [`asymptotic bounds: no closed system with these demands answers faster than ${u(b.lower)} ${unit} or slower than ${u(b.upper)} ${unit}`,
    `bottleneck ${b.bottleneck}, at most ${sig(b.throughput_max * 1000)} calls/s`];
  if (b.balanced_lower !== null && b.balanced_upper !== null) {
    parts.push(`balanced job bounds ${u(b.balanced_lower)} – ${u(b.balanced_upper)} ${unit} (product-form only: they bound exact MVA, not the system)`);
  }
  if (clamped) parts.push("the solver's answer fell outside and was clamped into them");
  return parts.join("; ");
}

/**
 * The run-level line: points per solver, the simulation's time and precision, and the points the model does not
 * apply to. null for a result stored before the solvers were chosen per point.
 */
export function solverLine(mvm: ModelVsMeasured): string | null {
  const counts = mvm.solvers ?? {};
  const used = (Object.keys(SOLVER_NAMES) as Solver[]).filter((s) => (counts[s] ?? 0) > 0);
  if (!used.length) return null;
  const parts = [`Solvers: ${used.map((s) => `${SOLVER_NAMES[s]} at ${plural(counts[s], "point")}`).join(", ")}.`];
  const sim = mvm.simulation;
  if (sim && (sim.seconds > 0 || (counts.simulation ?? 0) > 0)) { // the simulation is every point's reference
    const reduced = sim.reduced_predictions > 0
      ? `; over its budget, ${plural(sim.reduced_predictions, "prediction")} simulated ${sim.calls_over_budget} calls instead of ${sim.calls_per_point}` : "";
    parts.push(`Simulation: ${sim.seconds.toFixed(1)} s (budget ${sim.budget_s} s), widest 95% interval ${sim.widest_ci95_pct.toFixed(1)} % of the mean${reduced}.`);
  }
  const na = mvm.points_not_applicable ?? mvm.rows.filter((r) => !applies(r)).length;
  parts.push(na > 0 ? `The model does not apply at ${na} of ${mvm.rows.length} points (nothing flagged there).` : "The model applies at every point.");
  return parts.join(" ");
}

/** A calibration run's planted fault and what the model made of it (the result's `injection`). */
export interface Injection {
  kind: "delay" | "lock" | "serial";
  step: string;
  delay_us: number;
  every: number;
  points: number;
  flagged: number;
  named_step: number;
  missed_points: number[];
  smallest_detectable_delay_us: number | null;
  false_flags: number;
}

export function injectionOf(mvm: ModelVsMeasured): Injection | null {
  const i = mvm.injection as Partial<Injection> | null | undefined;
  return i && i.kind && i.step ? { every: 1, delay_us: 0, points: 0, flagged: 0, named_step: 0, missed_points: [], smallest_detectable_delay_us: null, false_flags: 0, ...i } as Injection : null;
}

const everyText = (k: number) => (k === 1 ? "every call" : `every ${k} calls`);

/** "planted: delay in c.marshal, 500 µs every call; flagged at 2 of 2 points, naming the step at 1; …". */
export function calibrationText(i: Injection): string {
  const power = i.smallest_detectable_delay_us !== null ? `; the run could have detected a delay of about ${sig(i.smallest_detectable_delay_us)} µs` : "";
  return `planted: ${i.kind} in ${i.step}, ${i.delay_us} µs ${everyText(i.every)}; flagged at ${i.flagged} of ${plural(i.points, "point")}, ` +
    `naming the step at ${i.named_step}${power}`;
}

/** The calibration's misses: the planted points not flagged, and the points flagged without it. */
export function calibrationMisses(i: Injection): string {
  const missed = i.missed_points.length ? `missed: point${i.missed_points.length === 1 ? "" : "s"} ${i.missed_points.join(", ")}` : "no planted point missed";
  const falseFlags = i.false_flags > 0 ? `; ${plural(i.false_flags, "point")} without the fault flagged` : "; no point without the fault flagged";
  return `${missed}${falseFlags}.`;
}
