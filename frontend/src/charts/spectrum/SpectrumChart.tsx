// HdrHistogram's percentile spectrum: latency against percentile on a 1/(1-p) log axis (0 %, 90 %, 99 %, 99.9 %,
// 99.99 % equally spaced), so the tail gets the room the body gets on a CDF; the table's percentiles drawn on it
// with their 95 % intervals.
import { useMemo, useState } from "react";
import { scaleLinear, scaleLog } from "d3-scale";
import { line } from "d3-shape";
import type { Tick } from "../common/Axis";
import { PlotFrame } from "../common/PlotFrame";
import { scaleTicks } from "../common/ticks";
import { useWidth } from "../common/useWidth";
import { plotBox } from "../common/plotBox";
import { formatCount, formatNs } from "../../format";

const MARGIN = { top: 16, right: 24, bottom: 44, left: 64 };

export interface SpectrumRow {
  percentile: number;
  value_ns: number;
  total_count: number;
  /** 1/(1-p); null on the last row, the maximum */
  inverse_tail: number | null;
}

export interface SpectrumMark {
  name: string;
  p: number;
  value_ns: number | null;
  ci_low_ns: number | null;
  ci_high_ns: number | null;
}

/** The latency unit that keeps a chart's numbers short: the axis is in it, its label says so. */
export function latencyUnit(maxNs: number): { label: string; div: number } {
  if (maxNs >= 1e6) return { label: "ms", div: 1e6 };
  if (maxNs >= 1e3) return { label: "µs", div: 1e3 };
  return { label: "ns", div: 1 };
}

/** "99.9 %" for the tick at 1/(1-p) = 1000; "0 %" at 1. */
export function percentileLabel(inverseTail: number): string {
  const p = 100 * (1 - 1 / inverseTail);
  const digits = Math.max(0, Math.round(Math.log10(inverseTail)) - 2);
  return `${p.toFixed(digits)} %`;
}

/** Ticks at 1, 10, 100, … up to the axis end. */
export function spectrumTicks(maxInverse: number): Tick[] {
  const out: Tick[] = [];
  for (let v = 1; v <= maxInverse * 1.0001; v *= 10) out.push({ value: v, label: percentileLabel(v) });
  return out;
}

export function SpectrumChart({ rows, marks = [], width: fixedWidth, height = 300 }: {
  rows: SpectrumRow[]; marks?: SpectrumMark[]; width?: number; height?: number;
}) {
  const [containerRef, width] = useWidth<HTMLDivElement>(fixedWidth);
  const [hover, setHover] = useState<number | null>(null);
  const calls = rows.length ? rows[rows.length - 1].total_count : 0;
  // the maximum sits at 1/(1-p) = calls (the last call's own rank), a decade shown past the last tick
  const points = useMemo(() => rows.map((r) => ({ ...r, at: r.inverse_tail ?? Math.max(calls, 1) })), [rows, calls]);
  const xMax = Math.max(10, 10 ** Math.ceil(Math.log10(Math.max(calls, 10))));
  const maxNs = Math.max(1, ...rows.map((r) => r.value_ns), ...marks.map((m) => m.ci_high_ns ?? m.value_ns ?? 0));
  const unit = latencyUnit(maxNs);
  const box = plotBox(width, height, MARGIN, 60, 50);
  const { innerW, innerH } = box;
  const x = scaleLog().domain([1, xMax]).range([0, innerW]);
  const y = scaleLinear().domain([0, maxNs / unit.div]).range([innerH, 0]).nice();
  const path = line<{ at: number; value_ns: number }>().x((d) => x(d.at)).y((d) => y(d.value_ns / unit.div))(points);
  const yTicks = scaleTicks(y, 5, (v) => String(+v.toPrecision(4)));
  if (!rows.length) {
    return <div className="chart" data-testid="chart-spectrum" ref={containerRef}><div className="chart-empty static">No measured calls.</div></div>;
  }
  const hovered = hover !== null ? points[hover] : null;
  return (
    <div className="chart" data-testid="chart-spectrum" ref={containerRef}>
      <div className="chart-toolbar">
        <div className="legend">
          <span className="legend-item"><span className="swatch swatch-measured" /> {formatCount(calls)} calls (HdrHistogram, 3 significant digits)</span>
          <span className="legend-item muted small">dots: the table's percentiles, bars: their 95 % intervals</span>
        </div>
        {hovered && (
          <span className="muted small" data-testid="spectrum-hover">
            {hovered.inverse_tail === null ? "max" : `p${(100 * hovered.percentile).toPrecision(6).replace(/\.?0+$/, "")}`}{" "}
            {formatNs(hovered.value_ns)} · {formatCount(hovered.total_count)} calls at or below
          </span>
        )}
      </div>
      <div className="chart-body">
        <PlotFrame label="Percentile spectrum" {...box} xTicks={spectrumTicks(xMax)} yTicks={yTicks} x={x} y={y}
          xLabel="Percentile (1/(1−p) log scale)" yLabel={`Latency (${unit.label})`}>
          <path className="spectrum-line" d={path ?? ""} fill="none" stroke="currentColor" strokeWidth={1.5} />
          <g className="spectrum-rows">
            {points.map((r, i) => (
              <circle key={i} className="spectrum-row" cx={x(r.at)} cy={y(r.value_ns / unit.div)} r={hover === i ? 4 : 2}
                data-value={r.value_ns} onMouseEnter={() => setHover(i)} onMouseLeave={() => setHover(null)} />
            ))}
          </g>
          <g className="spectrum-marks">
            {marks.filter((m) => m.value_ns !== null && m.p < 1).map((m) => {
              const cx = x(1 / (1 - m.p));
              const leftOf = cx > innerW - 90; // near the right edge: the label goes to the dot's left
              return (
                <g key={m.name} className={`spectrum-mark mark-${m.name.replace(".", "_")}`}>
                  {m.ci_low_ns !== null && m.ci_high_ns !== null && (
                    <line x1={cx} x2={cx} y1={y(m.ci_low_ns / unit.div)} y2={y(m.ci_high_ns / unit.div)} strokeWidth={3} />
                  )}
                  <circle cx={cx} cy={y(m.value_ns! / unit.div)} r={4} />
                  <text x={leftOf ? cx - 6 : cx + 6} textAnchor={leftOf ? "end" : "start"} y={y(m.value_ns! / unit.div) - 6}>
                    {m.name} {formatNs(m.value_ns)}
                  </text>
                </g>
              );
            })}
          </g>
        </PlotFrame>
      </div>
    </div>
  );
}
