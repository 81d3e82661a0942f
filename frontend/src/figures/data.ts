// The figures' data loaders: one function per kind of data a figure reads, shared by the run page's tabs and the reports.
import { getRunTimeline } from "../api/client";
import { getAnalysis as getStoredAnalysis, type EcsAnalysis, type RtpAnalysis, type StepStatsAnalysis } from "../api/analyses";
import {
  getAnalysis, isUnavailable,
  type DemandsKind, type Ecs, type ModelVsMeasured, type Packets, type Rtp, type StepStats, type UnitCost,
} from "../api/figures";
import type { Run, Tails, TimelineData } from "../api/types";
import type { LoadSweep } from "../charts/loadSweep/transform";
import { packetModel } from "../charts/rttSize/transform";
import { modelThroughput } from "../charts/throughput/transform";
import type { PointRow } from "../charts/model/policy";

/** The step statistics analysis (Steps, Statistics and the report's appendix). */
export function loadStepStats(run: Run, timeoutMs: number): Promise<StepStatsAnalysis> {
  return getStoredAnalysis<StepStatsAnalysis>(run.id, "step_stats", timeoutMs);
}

/** The round-trip-path analysis (Round trip path, the Steps tab's dotted steps, the report's appendix). */
export function loadRtp(run: Run, timeoutMs: number): Promise<RtpAnalysis> {
  return getStoredAnalysis<RtpAnalysis>(run.id, "rtp", timeoutMs);
}

/** ANOVA, regression, ratios and throughput (the Statistics figure). */
export function loadEcs(run: Run, timeoutMs: number): Promise<EcsAnalysis> {
  return getStoredAnalysis<EcsAnalysis>(run.id, "ecs", timeoutMs);
}

/** A page of the timeline: `maxCalls` calls from call `fromCall` (the tab pages through them, the report takes the first). */
export function loadTimeline(id: number | string, fromCall: number, maxCalls: number, timeoutMs: number): Promise<TimelineData> {
  return getRunTimeline(id, { fromCall, maxCalls }, timeoutMs);
}

/** RTT vs size: the step statistics, the unit-cost fit and the packet model in one promise. */
export async function loadRttSizeData(run: Run, timeoutMs: number) {
  const [stats, unit, packets] = await Promise.all([
    getAnalysis<StepStats>(run.id, "step_stats", timeoutMs),
    getAnalysis<UnitCost>(run.id, "unit_cost", timeoutMs),
    getAnalysis<Packets>(run.id, "packets", timeoutMs),
  ]);
  const model = packetModel(packets);
  if (isUnavailable(stats)) return { stats: null, statsReason: stats.reason ?? stats.error ?? "not computed", unit: null, unitReason: null, model };
  return { stats, statsReason: null, unit: isUnavailable(unit) ? null : unit, unitReason: isUnavailable(unit) ? unit.reason ?? unit.error ?? "" : null, model };
}

/** Throughput vs threads: ecs, and the run's stored model (the Model tab's) as calls/s per point; modelReason says
 * why there is none. */
export async function loadThroughputData(run: Run, t: number) {
  const [ecs, mvm] = await Promise.all([getAnalysis<Ecs>(run.id, "ecs", t), getAnalysis<ModelVsMeasured>(run.id, "model_vs_measured", t)]);
  const model = isUnavailable(mvm) ? new Map() : modelThroughput(mvm.rows as PointRow[]);
  const modelReason = isUnavailable(mvm) ? (mvm.reason ?? mvm.error ?? "not computed") : null;
  return { ecs, model, modelReason };
}

/** Model vs measured: the model rows, the path (for the what-if) and the demands (optional: a table beside). */
export async function loadModelData(run: Run, t: number) {
  const [mvm, rtp, demands] = await Promise.all([getAnalysis<ModelVsMeasured>(run.id, "model_vs_measured", t), getAnalysis<Rtp>(run.id, "rtp", t),
    getAnalysis<DemandsKind>(run.id, "demands", t).catch(() => null)]); // the demands table is optional
  return { mvm, rtp: isUnavailable(rtp) ? null : rtp, demands: demands && !isUnavailable(demands) ? demands : null };
}

/** Each point's tail: percentiles with intervals, spectrum and the step that makes it (the Results tab, the report). */
export function loadTails(run: Run, timeoutMs: number) {
  return getAnalysis<Tails>(run.id, "tails", timeoutMs);
}

/** The load sweep's hockey stick, knee and open-network model (the Latency vs load tab). */
export function loadLoadSweep(run: Run, timeoutMs: number) {
  return getAnalysis<LoadSweep>(run.id, "load", timeoutMs);
}

/** Calls of the timeline the report draws (a ping-pong call has 6 spans, an RPC call a dozen or so). */
export const REPORT_TIMELINE_CALLS = 600;

/**
 * Every kind of data a figure reads, by the key a figure's `data` names in the registry (figures/registry.tsx) and
 * the report keeps it under (RunReport.figures). The report loads each once, however many figures read it.
 */
export const FIGURE_DATA = {
  stepStats: loadStepStats,
  rtp: loadRtp,
  ecs: loadEcs,
  rttSize: loadRttSizeData,
  throughput: loadThroughputData,
  model: loadModelData,
  load: loadLoadSweep,
  tails: loadTails,
  timeline: (run: Run, timeoutMs: number) => loadTimeline(run.id, 0, REPORT_TIMELINE_CALLS, timeoutMs),
};

export type FigureDataKey = keyof typeof FIGURE_DATA;
/** What the loader of `K` resolves to. */
export type FigureData<K extends FigureDataKey> = Awaited<ReturnType<(typeof FIGURE_DATA)[K]>>;
