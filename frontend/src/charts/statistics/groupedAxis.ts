// A sweep's points on a category axis when their full names do not fit side by side (48 case-study points): the
// setting that changes fastest (a cache, two values) becomes marker colours with a legend, and the others become rows
// of level labels, each under the span of points it holds ("no think" under its column, "3 threads" under four
// columns, "4,016 B" under twelve), as a grouped bar chart does. Names are split at " · " (pointNamer's parts).

export interface AxisGroup {
  label: string;
  /** the first and last column it spans (inclusive) */
  from: number;
  to: number;
}

export interface GroupedAxis {
  /** each point's column */
  column: number[];
  columns: number;
  /** the fastest setting's values in order, when it became colours; null when every point has a column of its own */
  series: string[] | null;
  /** each point's index in `series` (0 without series) */
  seriesOf: number[];
  /** label rows from the innermost (one group a column) to the outermost */
  rows: AxisGroup[][];
}

const MAX_SERIES = 4;

/** Null when the names have no common shape (different part counts) or a single part: the caller turns them. */
export function groupedAxis(names: string[]): GroupedAxis | null {
  const parts = names.map((n) => n.split(" · "));
  const k = parts[0]?.length ?? 0;
  if (k < 2 || parts.some((p) => p.length !== k)) return null;
  const last = [...new Set(parts.map((p) => p[k - 1]))];
  const asSeries = last.length > 1 && last.length <= MAX_SERIES;
  const depth = asSeries ? k - 1 : k; // the parts that make columns
  const keyOf = (p: string[], upTo: number) => p.slice(0, upTo).join(" · ");
  const columnKeys: string[] = [];
  const column = parts.map((p) => {
    const key = keyOf(p, depth);
    let i = columnKeys.lastIndexOf(key);
    if (i < 0) i = columnKeys.push(key) - 1;
    return i;
  });
  const colParts = columnKeys.map((key) => key.split(" · "));
  const rows: AxisGroup[][] = [];
  for (let j = depth - 1; j >= 0; j--) {
    const row: AxisGroup[] = [];
    colParts.forEach((p, c) => {
      const prev = row[row.length - 1];
      if (prev && keyOf(colParts[prev.from], j + 1) === keyOf(p, j + 1)) prev.to = c;
      else row.push({ label: p[j], from: c, to: c });
    });
    rows.push(row);
  }
  return {
    column, columns: columnKeys.length, rows,
    series: asSeries ? last : null,
    seriesOf: parts.map((p) => (asSeries ? last.indexOf(p[k - 1]) : 0)),
  };
}
