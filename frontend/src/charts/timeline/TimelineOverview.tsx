// A static SVG overview of the timeline for print: one row per call, each call's steps as coloured spans from
// the call's start (the Timeline tab's "aligned" view, its layout and step colours). The tab draws on a canvas,
// which would print as a bitmap; this is vectors, capped at `maxSpans` so the PDF stays small.
import { scaleLinear } from "d3-scale";
import type { TimelineColumns } from "./wire";
import { axisTicks, stepColour } from "./render";
import { buildLayout, quantileOf, type Layout } from "./transform";

const M = { top: 22, right: 10, bottom: 8, left: 64 };

/** The rows drawn: whole calls from the first, as many as fit in `maxSpans` spans. */
export function overviewRows(layout: Layout, maxSpans: number): { rows: number; spans: number } {
  let rows = 0;
  while (rows < layout.rows && layout.spanStart[rows + 1] <= maxSpans) rows++;
  return { rows, spans: layout.spanStart[rows] };
}

/** Where the time axis ends: 1.5 × the 90th percentile RTT of the drawn calls, so a cold first call or a slow
 * outlier (cut at the edge) does not squash the usual calls into the first few millimetres. */
export function overviewEnd(layout: Layout, rows: number): number {
  if (rows === 0) return 1;
  return Math.max(1, Math.min(layout.extent[1], 1.5 * quantileOf(layout.rowRttNs.slice(0, rows), 0.9)));
}

export function TimelineOverview({ data, width, height = 360, maxSpans }: { data: TimelineColumns; width: number; height?: number; maxSpans: number }) {
  const layout = buildLayout(data, { mode: "aligned", order: "call" });
  const { rows, spans } = overviewRows(layout, maxSpans);
  const end = overviewEnd(layout, rows);
  const plotW = width - M.left - M.right;
  const plotH = height - M.top - M.bottom;
  const x = scaleLinear().domain([0, end]).range([0, plotW]).clamp(true);
  const rowH = plotH / Math.max(1, rows);
  const { ticks } = axisTicks(0, end, Math.max(3, Math.floor(plotW / 110)));
  const used = [...new Set(Array.from(layout.codeIdx.subarray(0, spans)))].sort((a, b) => a - b);
  const rects = [];
  for (let r = 0; r < rows; r++) {
    for (let j = layout.spanStart[r]; j < layout.spanStart[r + 1]; j++) {
      const x0 = x(Math.max(0, layout.x0[j]));
      const x1 = x(layout.x1[j]);
      if (x1 <= x0) continue;
      const ci = layout.codeIdx[j];
      rects.push(<rect key={j} x={x0} y={r * rowH} width={Math.max(0.3, x1 - x0)} height={Math.max(0.3, rowH * 0.9)} fill={stepColour(layout.codes[ci].code)} />);
    }
  }
  return (
    <div data-testid="timeline-overview" data-spans={spans} data-rows={rows}>
      <svg width={width} height={height} role="img" className="chart-svg" aria-label={`Timeline of ${rows} calls, ${spans} step spans`}>
        <g transform={`translate(${M.left},${M.top})`}>
          <g className="axis axis-x">
            {ticks.map((t) => (
              <g key={t.ns} className="tick" transform={`translate(${x(t.ns)},0)`}>
                <line y1={-4} y2={plotH} className="grid-line" />
                <text y={-8} textAnchor="middle">{t.label}</text>
              </g>
            ))}
          </g>
          {rects}
          <g className="axis axis-y">
            <g className="tick"><text x={-8} y={8} textAnchor="end">#{layout.rowCall[0] ?? 0}</text></g>
            {rows > 1 && <g className="tick"><text x={-8} y={plotH} textAnchor="end">#{layout.rowCall[rows - 1]}</text></g>}
          </g>
          <text transform={`translate(${-M.left + 12},${plotH / 2}) rotate(-90)`} textAnchor="middle" className="axis-label">call</text>
        </g>
      </svg>
      <div className="legend small">
        {used.map((ci) => (
          <span key={ci} className="legend-item">
            <svg width={12} height={10}><rect width={12} height={10} fill={stepColour(layout.codes[ci].code)} /></svg> {layout.codes[ci].name}
            {layout.codes[ci].paper ? ` (${layout.codes[ci].paper})` : ""}
          </span>
        ))}
      </div>
    </div>
  );
}
