// The line chart of the RTT-vs-size, throughput and compare figures: series with dots and error bars, markers, line
// styles for models and what-ifs, log ticks, and exact values from the pointer or the arrow keys.
import { extent } from "d3-array";
import { scaleLinear, scaleLog } from "d3-scale";
import { line } from "d3-shape";
import { useMemo, type ReactNode } from "react";
import { PlotFrame } from "../common/PlotFrame";
import { scaleTicks } from "../common/ticks";
import { Tooltip } from "../common/Tooltip";
import { useWidth } from "../common/useWidth";
import { plotBox } from "../common/plotBox";
import { CursorLayer, ErrorBar, TooltipRow } from "../common/cursorMarks";
import { useXCursor } from "../common/useXCursor";

export interface SeriesPoint {
  x: number;
  y: number;
  /** error bar ends (same unit as y) */
  lo?: number;
  hi?: number;
}

export interface Series {
  id: string;
  label: string;
  color: string;
  /** line style: solid (default or ""), dashed (a model), dotted (a what-if), or an svg dash pattern (lineStyle) */
  dash?: Dash;
  /** drawn without a line (single values per x, e.g. first calls) */
  dotsOnly?: boolean;
  /** drawn as a line without dots (a model's dense curve, whose dots would hide the measured ones) */
  lineOnly?: boolean;
  points: SeriesPoint[];
}

export interface Marker {
  x: number;
  label: string;
  /** weaker markers are drawn lighter */
  weak?: boolean;
}

interface Props {
  label: string;
  testId: string;
  series: Series[];
  markers?: Marker[];
  /** what the markers mean, in the legend (default: the model's boundary) */
  markerLabel?: string;
  xLabel: string;
  yLabel: string;
  xFormat: (v: number) => string;
  yFormat: (v: number) => string;
  height?: number;
  /** the exact x and y values for the tooltip, e.g. "1,393 B", "12.3 µs" */
  xExact: (v: number) => string;
  yExact: (v: number) => string;
  /** more tooltip lines at an x (e.g. the model's % error there) */
  extra?: (x: number) => ReactNode;
  /** logarithmic y axis (values and bar ends at or below 0 are drawn at the axis floor) */
  logY?: boolean;
  /** replaces the per-series legend (e.g. one entry per colour plus a line-style key) */
  legend?: ReactNode;
  /** a fixed width (the printed report); otherwise the container's */
  width?: number;
}

const DASH: Record<string, string> = { dashed: "6 4", dotted: "2 3" };
type Dash = "dashed" | "dotted" | (string & {});
/** The svg stroke-dasharray of a series' line style (none when solid). */
const dashArray = (dash?: Dash) => (dash ? DASH[dash] ?? dash : undefined);

const MARGIN = { left: 70, top: 14, right: 18, bottom: 46 };

/**
 * Lines (solid or dashed) with dots and error bars over a shared x, vertical markers, and a tooltip giving every
 * series' exact value at the hovered x. Focus the chart and use ←/→ to step through the x values.
 */
export function SeriesChart(p: Props) {
  const [ref, width] = useWidth<HTMLDivElement>(p.width);
  const box = plotBox(width, p.height ?? 320, MARGIN, 100);
  const { innerW, innerH } = box;
  const xs = useMemo(() => [...new Set(p.series.flatMap((s) => s.points.map((q) => q.x)))].sort((a, b) => a - b), [p.series]);

  const { x, y } = useMemo(() => {
    const allX = [...xs, ...(p.markers ?? []).map((m) => m.x)];
    const [x0, x1] = extent(allX) as [number, number];
    // error bars may reach far above the values (skewed RTTs): they are cut at 1.6× the largest value so the
    // lines stay readable; the tooltip still gives their ends
    const top = Math.max(...p.series.flatMap((s) => s.points.map((q) => q.y)), 0);
    const bars = Math.max(...p.series.flatMap((s) => s.points.map((q) => q.hi ?? q.y)), 0);
    const yMax = Math.min(bars, top * 1.6) || bars;
    const xScale = scaleLinear().domain(x0 === x1 ? [x0 - 1, x1 + 1] : [x0, x1]).range([0, innerW]).nice();
    const positive = p.series.flatMap((s) => s.points.flatMap((q) => [q.y, q.lo ?? q.y])).filter((v) => v > 0);
    const floor = positive.length ? Math.min(...positive) / 1.5 : 1;
    const yScale = p.logY
      ? scaleLog().domain([floor, Math.max(bars, floor * 10) * 1.2]).range([innerH, 0]).nice().clamp(true)
      : scaleLinear().domain([0, yMax > 0 ? yMax * 1.05 : 1]).range([innerH, 0]).nice();
    return { x: xScale, y: yScale };
  }, [xs, p.series, p.markers, innerW, innerH, p.logY]);

  const path = line<SeriesPoint>().x((q) => x(q.x)).y((q) => y(q.y));
  const { active, setActive, onMove, onKey } = useXCursor(xs, (px) => x.invert(px));

  return (
    <div className="chart-body series-chart" ref={ref} data-testid={p.testId} tabIndex={0} onKeyDown={onKey}
      onBlur={() => setActive(null)} aria-label={`${p.label}. Use the left and right arrow keys to read values.`}>
      <div className="legend small" aria-hidden="true">
        {p.legend ?? p.series.map((s) => (
          <span key={s.id} className="legend-item">
            <svg width={22} height={10}>
              <line x1={1} x2={21} y1={5} y2={5} stroke={s.color} strokeWidth={2} strokeDasharray={dashArray(s.dash)}
                opacity={s.dotsOnly ? 0 : 1} />
              {!s.lineOnly && <circle cx={11} cy={5} r={3} fill={s.color} />}
            </svg>{" "}
            {s.label}
          </span>
        ))}
        {p.markers && p.markers.length > 0 && (
          <span className="legend-item">
            <svg width={12} height={10}><line x1={6} x2={6} y1={0} y2={10} stroke="#8250df" strokeDasharray="2 2" /></svg> {p.markerLabel ?? "model boundary"}
          </span>
        )}
      </div>
      <PlotFrame label={p.label} {...box}
        xTicks={scaleTicks(x, Math.max(3, Math.floor(innerW / 90)), p.xFormat)} yTicks={p.logY ? logTicks(y.domain() as [number, number], p.yFormat) : scaleTicks(y, 6, p.yFormat)}
        x={x} y={y} xLabel={p.xLabel} yLabel={p.yLabel}>
        {(p.markers ?? []).map((m) => (
          <g key={`m${m.x}`} className="model-marker" data-x={m.x}>
            <line x1={x(m.x)} x2={x(m.x)} y1={0} y2={innerH} stroke="#8250df" strokeDasharray="2 3" opacity={m.weak ? 0.35 : 0.8} />
            <title>{m.label}</title>
          </g>
        ))}
        {p.series.map((s) => (
          <g key={s.id} className="series" data-series={s.id}>
            {!s.dotsOnly && s.points.length > 1 && (
              <path d={path(s.points) ?? ""} fill="none" stroke={s.color} strokeWidth={2} strokeDasharray={dashArray(s.dash)} />
            )}
            {s.points.map((q) => (
              <g key={q.x}>
                <ErrorBar px={x(q.x)} lo={q.lo} hi={q.hi} y={y} colour={s.color} />
                {!s.lineOnly && <circle cx={x(q.x)} cy={y(q.y)} r={active === q.x ? 5 : 3.2} fill={s.dash ? "#fff" : s.color} stroke={s.color} strokeWidth={1.5} />}
              </g>
            ))}
          </g>
        ))}
        <CursorLayer activePx={active === null ? null : x(active)} innerW={innerW} innerH={innerH} onMove={onMove} onLeave={() => setActive(null)} />
      </PlotFrame>
      {active !== null && (
        <Tooltip x={MARGIN.left + x(active)} y={MARGIN.top + 20} containerWidth={width}>
          <div className="tt-title">{p.xExact(active)}</div>
          {p.series.map((s) => {
            const q = s.points.find((v) => v.x === active);
            return q ? <TooltipRow key={s.id} colour={s.color} label={s.label} value={q.y} lo={q.lo} hi={q.hi} format={p.yExact} /> : null;
          })}
          {p.extra?.(active)}
        </Tooltip>
      )}
    </div>
  );
}

/** A legend entry: a short line in a colour and style, then its label. */
export function LegendLine({ color, dash, label }: { color: string; dash?: Dash; label: string }) {
  return (
    <span className="legend-item">
      <svg width={22} height={10}>
        <line x1={1} x2={21} y1={5} y2={5} stroke={color} strokeWidth={2} strokeDasharray={dashArray(dash)} />
      </svg>{" "}
      {label}
    </span>
  );
}

/** 1-2-5 ticks of a log axis between its ends. */
export function logTicks([lo, hi]: [number, number], format: (v: number) => string) {
  const out = [];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++) {
    for (const m of [1, 2, 5]) {
      const v = m * 10 ** e;
      if (v >= lo && v <= hi) out.push({ value: v, label: format(v) });
    }
  }
  return out;
}
