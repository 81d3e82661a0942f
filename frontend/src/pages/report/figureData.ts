// The data of the run page's figure tabs, loaded for the report by the figures' loaders (figures/data.ts), the tabs' own.
// Each figure settles on its own: a figure the run cannot have (or whose analysis failed) says why in one line,
// while the rest of the report prints. Everything is loaded before the report says "ready" to the printer.
import { errorMessage } from "../../api/client";
import { FIGURE_DATA, REPORT_TIMELINE_CALLS, type FigureData, type FigureDataKey } from "../../figures/data";
import type { Run } from "../../api/types";

/** A figure's data, or why it has none. */
export type Settled<T> = { ok: true; data: T } | { ok: false; error: string };

/** Every kind of figure data (figures/data.ts FIGURE_DATA), settled; the timeline null when not asked for (the
 * comparison report has no timeline). */
export type ReportFigures = { [K in Exclude<FigureDataKey, "timeline">]: Settled<FigureData<K>> } & {
  timeline: Settled<FigureData<"timeline">> | null;
};

/** The printed timeline is SVG, one rect per span: a few thousand keep the PDF small and quick to print. */
export const TIMELINE_MAX_SPANS = 3000;
/** Calls fetched for the timeline overview (a ping-pong call has 6 spans, an RPC call a dozen or so). */
export const TIMELINE_CALLS = REPORT_TIMELINE_CALLS;
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

/** Every loader of FIGURE_DATA at once, each settling on its own (the timeline only when asked for). */
export async function loadReportFigures(run: Run, opts: { timeline: boolean }): Promise<ReportFigures> {
  const keys = Object.keys(FIGURE_DATA) as FigureDataKey[];
  const settled = await Promise.all(keys.map((k) => (k === "timeline" && !opts.timeline ? null : settle<unknown>(FIGURE_DATA[k](run, TIMEOUT_MS)))));
  return Object.fromEntries(keys.map((k, i) => [k, settled[i]])) as ReportFigures;
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
