// Words for how precisely an RPC run measured: the idle null RPC before it (the lab's noise floor) and the rounds
// each point ran until its mean's 95% interval met the target (docs/analysis.md "Repeating a point until its
// interval is tight, and the idle noise floor"). Pure, for NoiseFloor.tsx and its tests.
import type { NoiseFloor, PointRounds, RunPrecision } from "../../api/types";
import { formatCount, formatNs } from "../../format";

/** "±3.7 %" (two significant digits below 10), "—" when unknown. */
export function formatPct(pct: number | null | undefined): string {
  if (pct === null || pct === undefined || !Number.isFinite(pct)) return "—";
  return `±${pct < 10 ? pct.toFixed(1) : Math.round(pct)} %`;
}

/** "idle null RPC: 412 µs ± 3.10 µs (CV 0.08)": mean ± its 95% CI half-width, or why it was not measured. */
export function noiseFloorLine(f: NoiseFloor | null | undefined, asked = 0): string {
  if (!f) return asked > 0 ? "idle null RPC: not reported yet" : "idle null RPC: not measured (switched off at launch)";
  if (f.error || f.mean_ns === null) return `idle null RPC: not measured — ${f.error ?? "no statistics"}`;
  const cv = f.cv === null || f.cv === undefined ? "" : ` (CV ${f.cv < 0.1 ? f.cv.toFixed(3) : f.cv.toFixed(2)})`;
  return `idle null RPC: ${formatNs(f.mean_ns)} ± ${formatNs(f.ci95_half_ns)}${cv}`;
}

/** "median 400 µs · p99 1.20 ms · 200 calls after 10 warm-up · protection none" */
export function noiseFloorDetail(f: NoiseFloor | null | undefined): string {
  if (!f || f.mean_ns === null) return "";
  const errors = f.errors ? ` · ${formatCount(f.errors)} failed` : "";
  return `median ${formatNs(f.median_ns)} · p99 ${formatNs(f.p99_ns)} · ${formatCount(f.count)} calls after ` +
    `${formatCount(f.warmup_calls)} warm-up · protection ${f.protection}${errors}`;
}

/** "2 of 5" rounds. */
export function roundsCell(p: PointRounds, maxRounds: number): string {
  return `${p.rounds} of ${maxRounds}`;
}

/** Whether the point met the target: "met", "not met (cap)", "not met" (stopped early: the run failed or was
 * cancelled), "no target". */
export function verdict(p: PointRounds, precision: RunPrecision): string {
  if (p.met === null || precision.ci_target_pct <= 0) return "no target";
  if (p.met) return "met";
  return p.rounds >= precision.max_rounds ? "not met (cap)" : "not met";
}

/** The run-level reading: how many points met the target, and the smallest effect the run can see. */
export function precisionSummary(precision: RunPrecision): string {
  const n = precision.points.length;
  if (n === 0) return "";
  const target = precision.ci_target_pct > 0
    ? `${precision.points_meeting_target ?? 0} of ${n} point${n === 1 ? "" : "s"} met the target of ${formatPct(precision.ci_target_pct)} ` +
      `within ${precision.max_rounds} round${precision.max_rounds === 1 ? "" : "s"}. `
    : "No CI target: each point ran one round. ";
  const smallest = precision.median_ci95_pct;
  return smallest === null
    ? `${target}Too few calls for an interval.`
    : `${target}Smallest effect this run can detect: ${formatPct(smallest)} of a point's mean (the median 95% CI half-width reached).`;
}
