// The data of the run page's figure tabs, loaded for the report by the tabs' own loaders (one source of truth).
// Each figure settles on its own: a figure the run cannot have (or whose analysis failed) says why in one line,
// while the rest of the report prints. Everything is loaded before the report says "ready" to the printer.
import { errorMessage, getRunTimeline } from "../../api/client";
import { getAnalysis, type EcsAnalysis, type RtpAnalysis, type StepStatsAnalysis } from "../../api/analyses";
import type { Run, TimelineData } from "../../api/types";
import { loadModelData } from "../run/ModelTab";
import { loadRttSizeData } from "../run/RttSizeTab";
import { loadThroughputData } from "../run/ThroughputTab";

/** A figure's data, or why it has none. */
export type Settled<T> = { ok: true; data: T } | { ok: false; error: string };

export interface ReportFigures {
  stepStats: Settled<StepStatsAnalysis>;
  rtp: Settled<RtpAnalysis>;
  ecs: Settled<EcsAnalysis>;
  rttSize: Settled<Awaited<ReturnType<typeof loadRttSizeData>>>;
  throughput: Settled<Awaited<ReturnType<typeof loadThroughputData>>>;
  model: Settled<Awaited<ReturnType<typeof loadModelData>>>;
  /** null when not asked for (the comparison report has no timeline) */
  timeline: Settled<TimelineData> | null;
}

/** The printed timeline is SVG, one rect per span: a few thousand keep the PDF small and quick to print. */
export const TIMELINE_MAX_SPANS = 3000;
/** Calls fetched for the timeline overview (a ping-pong call has 6 spans, an RPC call a dozen or so). */
export const TIMELINE_CALLS = 600;
/** Per-point figures (step ladder, round trip path) drawn for at most this many points of a sweep. */
export const MAX_POINT_FIGURES = 3;

const TIMEOUT_MS = 60_000; // a report waits longer than a tab: nothing is on screen to retry with

async function settle<T>(p: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, data: await p };
  } catch (e) {
    return { ok: false, error: errorMessage(e) };
  }
}

export async function loadReportFigures(run: Run, opts: { timeline: boolean }): Promise<ReportFigures> {
  const [stepStats, rtp, ecs, rttSize, throughput, model, timeline] = await Promise.all([
    settle(getAnalysis<StepStatsAnalysis>(run.id, "step_stats", TIMEOUT_MS)),
    settle(getAnalysis<RtpAnalysis>(run.id, "rtp", TIMEOUT_MS)),
    settle(getAnalysis<EcsAnalysis>(run.id, "ecs", TIMEOUT_MS)),
    settle(loadRttSizeData(run, TIMEOUT_MS)),
    settle(loadThroughputData(run, TIMEOUT_MS)),
    settle(loadModelData(run, TIMEOUT_MS)),
    opts.timeline ? settle(getRunTimeline(run.id, { fromCall: 0, maxCalls: TIMELINE_CALLS }, TIMEOUT_MS)) : Promise.resolve(null),
  ]);
  return { stepStats, rtp, ecs, rttSize, throughput, model, timeline };
}

/**
 * The points a per-point figure is drawn for: all of them up to `max`, else `max` spread evenly from the first
 * to the last (a size sweep then shows its smallest and largest sizes and some between).
 */
export function pickPoints<T>(points: T[], max = MAX_POINT_FIGURES): T[] {
  if (points.length <= max) return points;
  if (max <= 1) return points.slice(0, Math.max(0, max));
  const picked = new Set<number>();
  for (let i = 0; i < max; i++) picked.add(Math.round((i * (points.length - 1)) / (max - 1)));
  return [...picked].sort((a, b) => a - b).map((i) => points[i]);
}
