// How the live chart colours a sweep's points: one colour per point while the palette has enough (7), else one per
// value of the parameter the sweep varies most within the palette (threads, think time, size, cache, protection),
// so a 48-point case study reads as "1, 3, 6 threads" instead of 48 entries of 7 repeating colours.
import type { PointParams } from "../../figures/figurePoints";
import { thinkWords } from "../../figures/pointWords";
import { SERIES_COLORS } from "../common/seriesStyle";

type Dimension = "threads" | "think_time_us" | "request_bytes" | "cache" | "protection";
const DIMENSIONS: { key: Dimension; title: string; words: (v: number | string) => string }[] = [
  { key: "threads", title: "caller threads", words: (v) => `${v} thread${v === 1 ? "" : "s"}` },
  { key: "think_time_us", title: "think time", words: (v) => thinkWords(Number(v)) },
  { key: "request_bytes", title: "request size", words: (v) => `${v} B` },
  { key: "cache", title: "call-handle cache", words: (v) => `${v} cache` },
  { key: "protection", title: "protection", words: (v) => `protection ${v}` },
];

export interface ColourGroups {
  /** what a colour stands for: "point", or the parameter's name ("caller threads") */
  by: string;
  colourOf: (point: number) => string;
  /** the legend: one entry per colour in use */
  entries: { key: string; label: string; colour: string }[];
}

/** The colouring of a run's points; `seen` are the points with calls so far (the legend lists only those). */
export function colourGroups(points: PointParams[], seen: number[], pointLabel: (p: number) => string): ColourGroups {
  const n = SERIES_COLORS.length;
  const perPoint = (p: number) => SERIES_COLORS[p % n];
  if (points.length <= n) {
    return { by: "point", colourOf: perPoint, entries: seen.map((p) => ({ key: `p${p}`, label: pointLabel(p), colour: perPoint(p) })) };
  }
  const values = (k: Dimension) => [...new Set(points.map((p) => p[k]).filter((v) => v !== undefined))] as (number | string)[];
  const fits = DIMENSIONS.map((d) => ({ ...d, values: values(d.key) })).filter((d) => d.values.length >= 2 && d.values.length <= n);
  if (!fits.length) {
    return { by: "point", colourOf: perPoint, entries: seen.slice(-1).map((p) => ({ key: `p${p}`, label: pointLabel(p), colour: perPoint(p) })) };
  }
  const best = fits.reduce((a, b) => (b.values.length > a.values.length ? b : a));
  const byNo = new Map(points.map((p) => [p.point_no, p]));
  const index = (p: number) => best.values.indexOf(byNo.get(p)?.[best.key] as number | string);
  const colourOf = (p: number) => (index(p) >= 0 ? SERIES_COLORS[index(p)] : "#888888");
  const used = new Set(seen.map(index));
  return {
    by: best.title,
    colourOf,
    entries: best.values.map((v, i) => ({ key: `v${i}`, label: best.words(v), colour: SERIES_COLORS[i], used: used.has(i) }))
      .filter((e) => e.used).map(({ key, label, colour }) => ({ key, label, colour })),
  };
}
