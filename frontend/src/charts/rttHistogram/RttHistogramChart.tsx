// The RTT histogram of a point's measured calls: Freedman–Diaconis bins with the far tail folded into one bin, or
// log-spaced bins over the whole range, with p50/p99 markers.
import { useMemo, useState } from "react";
import { scaleLinear, scaleLog } from "d3-scale";
import { formatCount, formatNs, formatUsValue } from "../../format";
import type { Tick } from "../common/Axis";
import { PlotFrame } from "../common/PlotFrame";
import { scaleTicks } from "../common/ticks";
import { Tooltip } from "../common/Tooltip";
import { useWidth } from "../common/useWidth";
import { LogToggle } from "../common/LogToggle";
import { plotBox } from "../common/plotBox";
import { logTicksUs } from "../pointDist/transform";
import { histogram, logHistogram, quantileOf, type Bin } from "./transform";

const MARGIN = { top: 26, right: 18, bottom: 44, left: 64 };
const OVERFLOW_W = 34;
const OVERFLOW_GAP = 12;

const METHOD_LABEL: Record<string, string> = {
  "freedman-diaconis": "Freedman–Diaconis bins",
  fixed: "fixed bins",
  single: "single value",
  log: "log-spaced bins",
};

/** Ticks for a log axis in µs (the values: pointDist's logTicksUs), labelled in plain µs. */
function logTicks(domain: [number, number], maxTicks: number): Tick[] {
  return logTicksUs(domain, maxTicks).map((v) => ({ value: v, label: formatUsValue(v).replace(/\.0+$/, "") }));
}

export interface HistogramMarker {
  label: string;
  ns: number;
}

export interface RttHistogramChartProps {
  /** RTTs (ns) of the measured calls (no warm-up, first or error calls) */
  values: number[];
  /** vertical markers; defaults to p50 and p99 of `values` */
  markers?: HistogramMarker[];
  width?: number;
  height?: number;
}

export function RttHistogramChart({ values, markers, width: fixedWidth, height = 300 }: RttHistogramChartProps) {
  const [containerRef, width] = useWidth<HTMLDivElement>(fixedWidth);
  const [hover, setHover] = useState<number | null>(null);
  // Linear bins over the body with the far tail folded into one bin; log x shows the whole range.
  const [logX, setLogX] = useState(false);
  const hist = useMemo(() => (logX ? logHistogram(values) : histogram(values)), [values, logX]);

  const marks: HistogramMarker[] = useMemo(() => {
    if (markers) return markers;
    const out: HistogramMarker[] = [];
    const p50 = quantileOf(values, 0.5);
    const p99 = quantileOf(values, 0.99);
    if (p50 !== undefined) out.push({ label: "p50", ns: p50 });
    if (p99 !== undefined) out.push({ label: "p99", ns: p99 });
    return out;
  }, [markers, values]);

  const box = plotBox(width, height, MARGIN, 60, 50);
  const { innerW, innerH } = box;
  const regular = hist.bins.filter((b) => !b.overflow);
  const overflow = hist.bins.find((b) => b.overflow) ?? null;
  const plotW = overflow ? innerW - OVERFLOW_W - OVERFLOW_GAP : innerW;

  // x in µs over the regular bins; a single-value histogram gets a padded domain.
  const x = useMemo(() => {
    if (regular.length === 0) return scaleLinear().domain([0, 1]).range([0, plotW]);
    let lo = regular[0].x0 / 1e3;
    let hi = regular[regular.length - 1].x1 / 1e3;
    if (hi <= lo) {
      const pad = Math.max(lo * 0.05, 0.01);
      lo -= pad;
      hi += pad;
    }
    if (logX && lo > 0) return scaleLog().domain([lo, hi]).range([0, plotW]);
    return scaleLinear().domain([lo, hi]).range([0, plotW]);
  }, [regular, plotW, logX]);
  const maxCount = Math.max(1, ...hist.bins.map((b) => b.count));
  const y = useMemo(() => scaleLinear().domain([0, maxCount]).range([innerH, 0]).nice(), [maxCount, innerH]);

  const barGeom = (b: Bin) => {
    if (b.overflow) return { x0: innerW - OVERFLOW_W, w: OVERFLOW_W };
    if (b.x1 <= b.x0) {
      const c = x(b.x0 / 1e3);
      return { x0: c - 6, w: 12 };
    }
    const x0 = x(b.x0 / 1e3);
    const x1 = x(b.x1 / 1e3);
    return { x0: x0 + 0.5, w: Math.max(1, x1 - x0 - 1) };
  };

  const markerX = (ns: number) => {
    if (overflow && hist.clipAt !== null && ns > hist.clipAt) return innerW - OVERFLOW_W / 2;
    return x(ns / 1e3);
  };

  const xTickCount = Math.max(2, Math.floor(plotW / 80));
  const xTickFmt = x.tickFormat(xTickCount);
  const xTicks =
    "base" in x
      ? logTicks(x.domain() as [number, number], xTickCount)
      : scaleTicks(x, xTickCount, (v) => xTickFmt(v));
  const yTicks = scaleTicks(y, 5, (v) => (Number.isInteger(v) ? formatCount(v) : "")).filter(
    (t) => t.label !== "",
  );
  const hovered = hover !== null ? hist.bins[hover] : null;

  if (hist.n === 0) {
    return (
      <div className="chart" data-testid="chart-rtt-histogram" ref={containerRef}>
        <div className="chart-empty static">No measured calls to show (warm-up, first and error calls are excluded).</div>
      </div>
    );
  }

  return (
    <div className="chart" data-testid="chart-rtt-histogram" ref={containerRef}>
      <div className="chart-toolbar">
        <div className="legend">
          <span className="legend-item">
            <span className="swatch swatch-measured" /> {formatCount(hist.n)} measured calls
          </span>
          {overflow && (
            <span className="legend-item">
              <span className="swatch swatch-overflow" /> tail &gt; {formatNs(hist.clipAt ?? 0)} ({formatCount(overflow.count)})
            </span>
          )}
        </div>
        <div className="chart-controls">
          <span className="muted small">
            {METHOD_LABEL[hist.method]}
            {hist.method !== "log" &&
              regular.length > 0 &&
              regular[0].x1 > regular[0].x0 &&
              ` · bin width ${formatNs(regular[0].x1 - regular[0].x0)}`}
          </span>
          <LogToggle axis="x" checked={logX} onChange={setLogX} />
        </div>
      </div>
      <div className="chart-body">
        <PlotFrame
          label="RTT histogram"
          {...box}
          defs={
            <pattern id="hist-hatch" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
              <rect width="5" height="5" className="hatch-bg" />
              <line x1="0" y1="0" x2="0" y2="5" className="hatch-line" />
            </pattern>
          }
          xTicks={xTicks}
          yTicks={yTicks}
          x={x}
          y={y}
          xEnd={plotW}
          xLabel="RTT (µs)"
          yLabel="Calls"
        >
          {overflow && (
            <g className="axis overflow-axis" transform={`translate(${innerW - OVERFLOW_W / 2},${innerH})`}>
              <text y={16} textAnchor="middle">
                tail
              </text>
            </g>
          )}
          <g className="bars">
            {hist.bins.map((b, i) => {
              const g = barGeom(b);
              return (
                <rect
                  key={i}
                  className={`bar${b.overflow ? " bar-overflow" : ""}${hover === i ? " bar-hover" : ""}`}
                  data-count={b.count}
                  x={g.x0}
                  y={y(b.count)}
                  width={g.w}
                  height={Math.max(0, innerH - y(b.count))}
                  style={b.overflow ? { fill: "url(#hist-hatch)" } : undefined}
                />
              );
            })}
          </g>
          <g className="markers">
            {marks.map((m, i) => {
              const mx = markerX(m.ns);
              const right = i % 2 === 1 && mx < innerW - 90;
              return (
                <g key={m.label} className={`marker marker-${m.label}`} transform={`translate(${mx},0)`}>
                  <line y1={-4} y2={innerH} />
                  <text y={-8} x={right ? 4 : -4} textAnchor={right ? "start" : "end"}>
                    {m.label} {formatNs(m.ns)}
                  </text>
                </g>
              );
            })}
          </g>
          <g className="hit-areas">
            {hist.bins.map((b, i) => {
              const g = barGeom(b);
              return (
                <rect
                  key={i}
                  x={g.x0 - 0.5}
                  y={0}
                  width={g.w + 1}
                  height={innerH}
                  fill="transparent"
                  onMouseEnter={() => setHover(i)}
                  onMouseLeave={() => setHover((h) => (h === i ? null : h))}
                />
              );
            })}
          </g>
        </PlotFrame>
        {hovered && hover !== null && (
          <Tooltip
            x={MARGIN.left + barGeom(hovered).x0 + barGeom(hovered).w / 2}
            y={MARGIN.top + y(hovered.count)}
            containerWidth={width}
          >
            <div className="tt-title">
              {hovered.overflow ? "Tail: " : ""}
              {formatNs(hovered.x0)} – {formatNs(hovered.x1)}
            </div>
            <div>
              <b>{formatCount(hovered.count)}</b> calls ({((hovered.count / hist.n) * 100).toFixed(1)} %)
            </div>
          </Tooltip>
        )}
      </div>
    </div>
  );
}
