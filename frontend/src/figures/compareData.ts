// The compare page's figure data: the stored analyses its figure sections read, loaded for both runs; a kind a run lacks carries why.
import { ApiError } from "../api/client";
import { getAnalysis, isUnavailable, type Ecs, type ModelVsMeasured } from "../api/figures";
import type { EcsAnalysis, RtpAnalysis, StepStatsAnalysis } from "../api/analyses";
import type { Run } from "../api/types";

/** A kind's answer, or why the run has none (not computed, not finished, nothing to compute from). */
export type Got<T> = { data: T; reason: null } | { data: null; reason: string };

async function kind<T>(id: number, k: string, timeoutMs: number): Promise<Got<T>> {
  try {
    const r = await getAnalysis<T>(id, k, timeoutMs);
    if (isUnavailable(r)) return { data: null, reason: r.reason ?? r.error ?? "not computed" };
    return { data: r, reason: null };
  } catch (e) {
    // 409: the run has not ended; 422: it ended without data for this kind — both are a state to show, not an error
    if (e instanceof ApiError && e.status >= 400 && e.status < 500) return { data: null, reason: e.message };
    throw e;
  }
}

export interface SideFigures {
  run: Run;
  stats: Got<StepStatsAnalysis>;
  rtp: Got<RtpAnalysis>;
  ecs: Got<EcsAnalysis & Ecs>;
  model: Got<ModelVsMeasured>;
}

export async function loadFigures(run: Run, timeoutMs: number): Promise<SideFigures> {
  const [stats, rtp, ecs, model] = await Promise.all([
    kind<StepStatsAnalysis>(run.id, "step_stats", timeoutMs),
    kind<RtpAnalysis>(run.id, "rtp", timeoutMs),
    kind<EcsAnalysis & Ecs>(run.id, "ecs", timeoutMs),
    kind<ModelVsMeasured>(run.id, "model_vs_measured", timeoutMs),
  ]);
  return { run, stats, rtp, ecs, model };
}

/** "run A (#12) has no … : reason" for each run without the figure; null when both have it. */
export function lacking(sides: { name: string; id: number; reason: string | null }[]): string | null {
  const missing = sides.filter((s) => s.reason !== null);
  if (missing.length === 0) return null;
  return missing.map((s) => `run ${s.name} (#${s.id}): ${s.reason!.replace(/\.$/, "")}`).join("; ");
}
