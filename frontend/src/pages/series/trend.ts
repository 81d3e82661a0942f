// A series' trend (GET /api/series/{key}/trend) as the Trends page draws it: x is the run's order in the series
// (1 = oldest done run), y in µs; the change points as markers between two runs with a sentence each.
import type { ChangePoint, MovedStep, Trend, TrendRun } from "../../api/series";
import { formatDateTime, formatNs, formatNumber, formatSignedNs, formatSignedPct, formatUsValue } from "../../format";

/** One run's value at an x: the mean with its 95 % interval (lo, hi), or a percentile (no interval). */
export interface TrendValue {
  x: number;
  y: number;
  lo?: number;
  hi?: number;
}

export interface TrendLine {
  id: "mean" | "p50" | "p99" | "step";
  label: string;
  values: TrendValue[];
}

/** A vertical marker between the last run of the old level and the first of the new. */
export interface ChangeMarker {
  x: number;
  runId: number;
  previousRunId: number;
  sentence: string;
}

/** x of the i-th run (0-based) of the trend: runs are counted from 1. */
export const xOfIndex = (i: number) => i + 1;

/** The point numbers any run of the trend has, ascending. */
export function pointNumbers(trend: Trend): number[] {
  return [...new Set(trend.runs.flatMap((r) => r.points.map((p) => p.point_no)))].sort((a, b) => a - b);
}

const pointOf = (run: TrendRun, pointNo: number) => run.points.find((p) => p.point_no === pointNo);
const us = (ns: number) => ns / 1e3;

/** The point's RTT over the runs: the mean with its 95 % interval as whiskers, the median and the p99 (µs). */
export function rttLines(trend: Trend, pointNo: number): TrendLine[] {
  const mean: TrendValue[] = [];
  const p50: TrendValue[] = [];
  const p99: TrendValue[] = [];
  trend.runs.forEach((run, i) => {
    const rtt = pointOf(run, pointNo)?.rtt;
    if (!rtt) return; // a run without this point (or without calls in it) leaves a gap, not a zero
    mean.push({ x: xOfIndex(i), y: us(rtt.mean_ns), lo: us(rtt.ci95_low_ns), hi: us(rtt.ci95_high_ns) });
    p50.push({ x: xOfIndex(i), y: us(rtt.median_ns) });
    p99.push({ x: xOfIndex(i), y: us(rtt.p99_ns) });
  });
  return [
    { id: "mean", label: "mean (95 % CI)", values: mean },
    { id: "p50", label: "p50", values: p50 },
    { id: "p99", label: "p99", values: p99 },
  ];
}

/** The steps the point has in any run, in the order the agents report them (the call's own order). */
export function stepNames(trend: Trend, pointNo: number): string[] {
  const names: string[] = [];
  for (const run of trend.runs) {
    for (const s of pointOf(run, pointNo)?.steps ?? []) if (!names.includes(s.step)) names.push(s.step);
  }
  return names;
}

/** One step's mean with its 95 % interval over the runs (µs). */
export function stepLine(trend: Trend, pointNo: number, step: string): TrendLine {
  const values: TrendValue[] = [];
  trend.runs.forEach((run, i) => {
    const s = pointOf(run, pointNo)?.steps.find((v) => v.step === step);
    if (s) values.push({ x: xOfIndex(i), y: us(s.mean_ns), lo: us(s.ci95_low_ns), hi: us(s.ci95_high_ns) });
  });
  return { id: "step", label: `${step} mean (95 % CI)`, values };
}

/** "12.1 → 13.8 µs" when both ends share a unit, else "6.48 ns → 321 µs". */
export function beforeAfter(beforeNs: number, afterNs: number): string {
  const a = formatNs(beforeNs);
  const b = formatNs(afterNs);
  const unit = (t: string) => t.split(" ")[1];
  return unit(a) === unit(b) ? `${a.split(" ")[0]} → ${b}` : `${a} → ${b}`;
}

/** "+14.2 %", or "×49,575" past +1000 % (a planted delay on a 6 ns step reads better as a factor). */
export function changeText(pct: number): string {
  if (pct > 1000) return `×${Math.round(1 + pct / 100).toLocaleString("en-US")}`;
  return formatSignedPct(pct);
}

const stepWord = (step: string) => (step === "rtt" ? "RTT" : step);

/** A step under this share of its call is told in time, not in % of its few ns (regression.py MAJOR_MIN_SHARE). */
const MINOR_SHARE = 0.01;

/** A point's call mean on both sides of a change: `before` decides whether a step was minor (as the backend judges
 * against the baseline), `after` is what its change is a share of. */
export interface CallMeans { before?: number; after?: number }

/** "c.marshal +14.2 % (12.1 → 13.8 µs)", with the point when the series has several; a step that was under 1 % of
 * its call before the change, in time and share of the call after it: "c.marshal +2.31 ms, 6.5 % of the call". */
export function movedText(m: MovedStep, severalPoints: boolean, call: CallMeans = {}): string {
  const where = severalPoints ? ` (point ${m.point_no})` : "";
  const minor = m.step !== "rtt" && !!call.before && !!call.after && m.before_ns < MINOR_SHARE * call.before;
  const change = minor
    ? `${formatSignedNs(m.after_ns - m.before_ns)}, ${formatNumber((100 * Math.abs(m.after_ns - m.before_ns)) / call.after!, 1)} % of the call`
    : changeText(m.change_pct);
  return `${stepWord(m.step)}${where} ${change} (${beforeAfter(m.before_ns, m.after_ns)})`;
}

/** The sentence of a change point: the three largest moves (the backend sorts them) and how many more moved;
 * callsOf: a point's call means in the runs either side of the change. */
export function changeSentence(cp: ChangePoint, severalPoints: boolean, shown = 3,
  callsOf: (pointNo: number) => CallMeans = () => ({})): string {
  const named = cp.steps.slice(0, shown).map((m) => movedText(m, severalPoints, callsOf(m.point_no)));
  const more = cp.steps.length > shown ? `, and ${cp.steps.length - shown} more ${cp.steps.length - shown === 1 ? "step" : "steps"}` : "";
  return `${named.join(", ")}${more} at run ${cp.run_id}`;
}

/** A point's mean RTT in the last run before a change point and the first after it. */
const callsAround = (trend: Trend, cp: ChangePoint) => (pointNo: number): CallMeans => ({
  before: cp.index > 0 ? pointOf(trend.runs[cp.index - 1], pointNo)?.rtt?.mean_ns : undefined,
  after: pointOf(trend.runs[cp.index], pointNo)?.rtt?.mean_ns,
});

/** A marker per change point, halfway between the run before the change and the first run after it. */
export function changeMarkers(trend: Trend): ChangeMarker[] {
  const several = pointNumbers(trend).length > 1;
  return trend.change_points.map((cp) => ({
    x: xOfIndex(cp.index) - 0.5,
    runId: cp.run_id,
    previousRunId: cp.previous_run_id,
    sentence: changeSentence(cp, several, 3, callsAround(trend, cp)),
  }));
}

export interface BaselineSpan { from: number; to: number }

/** The xs the baseline spans in the trend (one run, or a range through `throughRunId`), or null when it has none or
 * its first run is not among the trend's; a range's last run not drawn (not analysed) ends it at the last drawn. */
export function baselineX(trend: Trend, baselineRunId: number | null | undefined,
  throughRunId: number | null = null): BaselineSpan | null {
  const i = trend.runs.findIndex((r) => r.run_id === baselineRunId);
  if (i < 0) return null;
  if (throughRunId === null) return { from: xOfIndex(i), to: xOfIndex(i) };
  let last = i;
  trend.runs.forEach((r, j) => { if (j > i && r.run_id <= throughRunId) last = j; });
  return { from: xOfIndex(i), to: xOfIndex(last) };
}

/** The compare page of the run before a change (A) and the first after it (B). */
export const compareUrl = (previousRunId: number, runId: number) => `/compare?a=${previousRunId}&b=${runId}`;

/** The hover title of an x: "run #123 · 2026-11-28 21:07:38". */
export function runAt(trend: Trend, x: number): string {
  const run = trend.runs[x - 1];
  return run ? `run #${run.run_id} · ${formatDateTime(run.created_at)}` : "";
}

/** The step a change moved most at this point (the first one a reader wants to see), else the point's first step. */
export function leadStep(trend: Trend, pointNo: number): string | null {
  const names = stepNames(trend, pointNo);
  const moved = trend.change_points
    .flatMap((cp) => cp.steps)
    .filter((m) => m.point_no === pointNo && m.step !== "rtt" && names.includes(m.step))
    .sort((a, b) => Math.abs(b.change_pct) - Math.abs(a.change_pct));
  return moved[0]?.step ?? names[0] ?? null;
}

/** The step's own markers: the change points at which this step (at this point) moved. */
export function stepMarkers(trend: Trend, pointNo: number, step: string): ChangeMarker[] {
  return trend.change_points
    .filter((cp) => cp.steps.some((m) => m.point_no === pointNo && m.step === step))
    .map((cp) => {
      const m = cp.steps.find((v) => v.point_no === pointNo && v.step === step)!;
      return { x: xOfIndex(cp.index) - 0.5, runId: cp.run_id, previousRunId: cp.previous_run_id, sentence: `${movedText(m, false, callsAround(trend, cp)(pointNo))} at run ${cp.run_id}` };
    });
}

/** The unit a trend chart's axis reads in, from its values in µs: ms for an RTT of tens of milliseconds (not
 * "50,000 µs"), ns for a step of tens of nanoseconds (not "0.025 µs"); `format` takes µs. */
export function axisUnit(lines: TrendLine[]): { unit: "ns" | "µs" | "ms"; format: (us: number) => string } {
  const top = Math.max(0, ...lines.flatMap((l) => l.values.map((v) => Math.abs(v.y))));
  if (top >= 1000) return { unit: "ms", format: (us) => formatUsValue(us / 1000) };
  if (top > 0 && top < 1) return { unit: "ns", format: (us) => formatUsValue(us * 1000) };
  return { unit: "µs", format: formatUsValue };
}
