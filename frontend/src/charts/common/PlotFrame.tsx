// The svg every 2D chart shares: margins, the left axis with its grid, the bottom axis, then the chart's own marks.
import type { ReactNode, Ref } from "react";
import { AxisBottom, AxisLeft, type Tick } from "./Axis";

interface PlotFrameProps {
  /** aria-label of the svg */
  label: string;
  svgRef?: Ref<SVGSVGElement>;
  width: number;
  height: number;
  margin: { left: number; top: number };
  /** size of the plot area inside the margins */
  innerW: number;
  innerH: number;
  defs?: ReactNode;
  xTicks: Tick[];
  yTicks: Tick[];
  x: (v: number) => number;
  y: (v: number) => number;
  /** right end of the bottom axis line (defaults to innerW) */
  xEnd?: number;
  xLabel: string;
  yLabel: string;
  /** the marks, drawn in plot coordinates after the axes */
  children: ReactNode;
}

/**
 * The svg of a chart: `defs`, then a group shifted by the margins holding the left axis (with
 * horizontal grid lines across the plot), the bottom axis and the marks.
 */
export function PlotFrame(props: PlotFrameProps) {
  const { label, svgRef, width, height, margin, innerW, innerH, defs, xTicks, yTicks, x, y } = props;
  return (
    <svg ref={svgRef} width={width} height={height} role="img" aria-label={label} className="chart-svg">
      {defs && <defs>{defs}</defs>}
      <g transform={`translate(${margin.left},${margin.top})`}>
        <AxisLeft
          ticks={yTicks}
          position={(v) => y(v)}
          range={[innerH, 0]}
          offset={0}
          gridLength={innerW}
          label={props.yLabel}
        />
        <AxisBottom
          ticks={xTicks}
          position={(v) => x(v)}
          range={[0, props.xEnd ?? innerW]}
          offset={innerH}
          label={props.xLabel}
        />
        {props.children}
      </g>
    </svg>
  );
}
