// The one palette of every chart that draws several series: Okabe & Ito's colour-blind-safe colours with dash
// patterns, so series stay apart for colour-blind readers, in print and in grey scale.

// Okabe–Ito without its yellow (unreadable as a thin line on white)
export const SERIES_COLORS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#000000"];
/** svg stroke-dasharray patterns; "" is solid */
export const SERIES_DASHES = ["", "7 3", "2 2", "9 3 2 3"];

export interface SeriesStyle {
  color: string;
  /** svg stroke-dasharray; "" is solid */
  dash: string;
}

/** The i-th series where the line style already means something (a model dashed beside the measured line): the
 * colours in turn, another dash only once they repeat, so no two series look alike up to 28. */
export function seriesStyle(i: number): SeriesStyle {
  const n = SERIES_COLORS.length;
  return { color: SERIES_COLORS[i % n], dash: SERIES_DASHES[Math.floor(i / n) % SERIES_DASHES.length] };
}

/** The i-th line where nothing else tells lines apart (runs overlaid, thread counts): colour and dash both change
 * from one line to the next, so neighbours differ in grey scale too; 28 distinct before they repeat. */
export function lineStyle(i: number): SeriesStyle {
  return { color: SERIES_COLORS[i % SERIES_COLORS.length], dash: SERIES_DASHES[i % SERIES_DASHES.length] };
}
