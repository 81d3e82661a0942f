// The charts' axes: a bottom and a left axis drawn by React from ticks D3 computed, with optional grid lines, and
// where a y axis's title goes: beside the widest tick label, or over the plot, a line above its top tick's label.
import type { ReactNode } from "react";

export const CHAR_PX = 6.2; // the axis font's average character width (11 px system sans)
export const LINE_PX = 13;
const TICK_GAP = 8; // from the axis line to a tick label's end

/** How far left of the axis line a turned y title's centre goes: clear of the widest tick label (46 px at least). */
export function yTitleOffset(labels: string[]): number {
  const widest = Math.max(0, ...labels.map((l) => l.length)) * CHAR_PX;
  return Math.max(46, Math.ceil(TICK_GAP + widest + 2 + LINE_PX / 2));
}

/** The room a title over the plot needs above the plot's top: the top tick's label is centred on that line. */
export const Y_TITLE_ABOVE = 22;

/** A y axis's title over the plot (charts whose tick labels leave no room beside them): its baseline a line above
 * the top tick's label, so the two never share a line. */
export function YTitleAbove({ x, plotTop, children }: { x: number; plotTop: number; children: ReactNode }) {
  return <text x={x} y={plotTop - LINE_PX + 3} className="axis-title">{children}</text>;
}
export interface Tick {
  value: number;
  label: string;
}

interface AxisProps {
  ticks: Tick[];
  /** maps a tick value to pixel position along the axis */
  position: (v: number) => number;
  /** length of the axis line in px (range end) */
  range: [number, number];
  label: string;
  /** for bottom: y of the axis line; for left: x of the axis line */
  offset: number;
  /** for bottom: chart inner height (grid lines); for left: inner width */
  gridLength?: number;
  className?: string;
}

/** Bottom axis drawn by React from D3-computed ticks. */
export function AxisBottom({ ticks, position, range, label, offset, gridLength, className }: AxisProps) {
  return (
    <g className={`axis axis-x ${className ?? ""}`} transform={`translate(0,${offset})`}>
      {gridLength ? (
        <g className="grid">
          {ticks.map((t) => (
            <line key={`g${t.value}`} x1={position(t.value)} x2={position(t.value)} y1={0} y2={-gridLength} />
          ))}
        </g>
      ) : null}
      <line className="domain" x1={range[0]} x2={range[1]} y1={0} y2={0} />
      {ticks.map((t) => (
        <g key={t.value} className="tick" transform={`translate(${position(t.value)},0)`}>
          <line y2={5} />
          <text y={16} textAnchor="middle">
            {t.label}
          </text>
        </g>
      ))}
      <text className="axis-label" x={(range[0] + range[1]) / 2} y={34} textAnchor="middle">
        {label}
      </text>
    </g>
  );
}

/** Left axis drawn by React from D3-computed ticks. */
export function AxisLeft({ ticks, position, range, label, offset, gridLength, className }: AxisProps) {
  const mid = (range[0] + range[1]) / 2;
  return (
    <g className={`axis axis-y ${className ?? ""}`} transform={`translate(${offset},0)`}>
      {gridLength ? (
        <g className="grid">
          {ticks.map((t) => (
            <line key={`g${t.value}`} x1={0} x2={gridLength} y1={position(t.value)} y2={position(t.value)} />
          ))}
        </g>
      ) : null}
      <line className="domain" x1={0} x2={0} y1={range[0]} y2={range[1]} />
      {ticks.map((t) => (
        <g key={t.value} className="tick" transform={`translate(0,${position(t.value)})`}>
          <line x2={-5} />
          <text x={-8} dy="0.32em" textAnchor="end">
            {t.label}
          </text>
        </g>
      ))}
      <text className="axis-label" transform={`translate(${-yTitleOffset(ticks.map((t) => t.label))},${mid}) rotate(-90)`} textAnchor="middle">
        {label}
      </text>
    </g>
  );
}
