// A series' values against run order: lines with dots (the mean with its 95 % interval as whiskers, percentiles
// without), the baseline run marked, change points as vertical markers between two runs, and each run's exact
// values (its id and date first) from the pointer or the arrow keys.
import { scaleLinear, scaleLog } from "d3-scale";
import { line } from "d3-shape";
import { useMemo } from "react";
import { PlotFrame } from "../common/PlotFrame";
import { seriesStyle } from "../common/seriesStyle";
import { scaleTicks } from "../common/ticks";
import { Tooltip } from "../common/Tooltip";
import { useWidth } from "../common/useWidth";
import { plotBox } from "../common/plotBox";
import { CursorLayer, ErrorBar, TooltipRow } from "../common/cursorMarks";
import { useXCursor } from "../common/useXCursor";
import { logTicks } from "../rttSize/SeriesChart";
import type { ChangeMarker, TrendLine, TrendValue } from "../../pages/series/trend";

interface Props {
  label: string;
  testId: string;
  lines: TrendLine[];
  /** number of runs on the x axis (1..runs) */
  runs: number;
  markers: ChangeMarker[];
  /** the baseline run's x, or a range's first and last */
  baseline: { from: number; to: number } | null;
  /** the x's title in the tooltip and the tick label under it: "run #123 · date", "#123" */
  runTitle: (x: number) => string;
  runTick: (x: number) => string;
  yLabel: string;
  yFormat: (v: number) => string;
  yExact: (v: number) => string;
  height?: number;
  width?: number;
  /** a small multiple: no legend, fewer ticks */
  compact?: boolean;
  /** logarithmic y (a p99 far above the mean leaves the mean readable) */
  logY?: boolean;
}

const MARGIN = { left: 70, top: 14, right: 18, bottom: 46 };
const CHANGE_COLOUR = "#cf222e";
const BASELINE_COLOUR = "#1a7f37";

export function TrendChart(p: Props) {
  const [ref, width] = useWidth<HTMLDivElement>(p.width);
  const box = plotBox(width, p.height ?? 300, MARGIN, 100);
  const { innerW, innerH } = box;
  const xs = useMemo(() => [...new Set(p.lines.flatMap((l) => l.values.map((v) => v.x)))].sort((a, b) => a - b), [p.lines]);

  const { x, y } = useMemo(() => {
    // whiskers of a noisy run may reach far above the rest: cut at 1.6× the largest value, the tooltip has their ends
    const top = Math.max(0, ...p.lines.flatMap((l) => l.values.map((v) => v.y)));
    const whiskers = Math.max(0, ...p.lines.flatMap((l) => l.values.map((v) => v.hi ?? v.y)));
    const yMax = Math.min(whiskers, top * 1.6) || whiskers || 1;
    const positive = p.lines.flatMap((l) => l.values.flatMap((v) => [v.y, v.lo ?? v.y])).filter((v) => v > 0);
    const floor = positive.length ? Math.min(...positive) / 1.5 : 1;
    return {
      x: scaleLinear().domain([0.5, Math.max(1, p.runs) + 0.5]).range([0, innerW]),
      y: p.logY
        ? scaleLog().domain([floor, Math.max(whiskers, floor * 10) * 1.2]).range([innerH, 0]).nice().clamp(true)
        : scaleLinear().domain([0, yMax * 1.05]).range([innerH, 0]).nice(),
    };
  }, [p.lines, p.runs, innerW, innerH, p.logY]);

  // run ticks: every run while they fit, else every k-th
  const step = Math.max(1, Math.ceil(p.runs / Math.max(1, Math.floor(innerW / (p.compact ? 60 : 54)))));
  const xTicks = Array.from({ length: p.runs }, (_, i) => i + 1).filter((v) => (v - 1) % step === 0).map((v) => ({ value: v, label: p.runTick(v) }));
  const [yBottom, yTop] = y.domain() as [number, number];
  const clampY = (v: number) => y(Math.min(Math.max(v, yBottom), yTop));
  const path = line<TrendValue>().x((v) => x(v.x)).y((v) => y(v.y));

  const { active, setActive, onMove, onKey } = useXCursor(xs, (px) => x.invert(px));

  return (
    <div className="chart-body series-chart trend-chart" ref={ref} data-testid={p.testId} tabIndex={0} onKeyDown={onKey}
      onBlur={() => setActive(null)} aria-label={`${p.label}. Use the left and right arrow keys to read each run's values.`}>
      {!p.compact && (
        <div className="legend small" aria-hidden="true">
          {p.lines.map((l, i) => (
            <span key={l.id} className="legend-item">
              <svg width={22} height={10}>
                <line x1={1} x2={21} y1={5} y2={5} stroke={seriesStyle(i).color} strokeWidth={2} />
                <circle cx={11} cy={5} r={3} fill={seriesStyle(i).color} />
              </svg>{" "}
              {l.label}
            </span>
          ))}
          {p.baseline !== null && (
            <span className="legend-item"><svg width={12} height={10}><rect x={1} y={0} width={10} height={10} fill={BASELINE_COLOUR} opacity={0.15} /></svg> baseline</span>
          )}
          {p.markers.length > 0 && (
            <span className="legend-item"><svg width={12} height={10}><line x1={6} x2={6} y1={0} y2={10} stroke={CHANGE_COLOUR} strokeDasharray="3 2" /></svg> change point</span>
          )}
        </div>
      )}
      <PlotFrame label={p.label} {...box}
        xTicks={xTicks} yTicks={p.logY ? logTicks([yBottom, yTop], p.yFormat) : scaleTicks(y, p.compact ? 3 : 6, p.yFormat)} x={x} y={y}
        xLabel={p.compact ? "" : "run, oldest first"} yLabel={p.logY ? `${p.yLabel}, log scale` : p.yLabel}>
        {p.baseline !== null && (
          <g className="baseline-mark" data-x={p.baseline.from} data-to={p.baseline.to}>
            <rect x={x(p.baseline.from - 0.4)} width={x(p.baseline.to + 0.4) - x(p.baseline.from - 0.4)} y={0} height={innerH} fill={BASELINE_COLOUR} opacity={0.12} />
            <text x={x((p.baseline.from + p.baseline.to) / 2)} y={10} textAnchor="middle" className="small" fill={BASELINE_COLOUR}>
              {p.baseline.to > p.baseline.from ? "baseline range" : "baseline"}
            </text>
          </g>
        )}
        {p.markers.map((m) => (
          <g key={`c${m.x}`} className="change-marker" data-x={m.x} data-run={m.runId}>
            <line x1={x(m.x)} x2={x(m.x)} y1={0} y2={innerH} stroke={CHANGE_COLOUR} strokeWidth={1.5} strokeDasharray="4 3" />
            <title>{m.sentence}</title>
          </g>
        ))}
        {p.lines.map((l, i) => {
          const colour = seriesStyle(i).color;
          return (
            <g key={l.id} className="series" data-series={l.id}>
              {l.values.length > 1 && <path d={path(l.values) ?? ""} fill="none" stroke={colour} strokeWidth={l.id === "mean" || l.id === "step" ? 2 : 1.4} opacity={l.id === "p99" ? 0.8 : 1} />}
              {l.values.map((v) => (
                <g key={v.x}>
                  <ErrorBar px={x(v.x)} lo={v.lo} hi={v.hi} y={y} colour={colour} />
                  <circle cx={x(v.x)} cy={clampY(v.y)} r={active === v.x ? 5 : 3.2} fill={colour} />
                </g>
              ))}
            </g>
          );
        })}
        <CursorLayer activePx={active === null ? null : x(active)} innerW={innerW} innerH={innerH} onMove={onMove} onLeave={() => setActive(null)} />
      </PlotFrame>
      {active !== null && (
        <Tooltip x={MARGIN.left + x(active)} y={MARGIN.top + 20} containerWidth={width}>
          <div className="tt-title">{p.runTitle(active)}{p.baseline && active >= p.baseline.from && active <= p.baseline.to ? " · baseline" : ""}</div>
          {p.lines.map((l, i) => {
            const v = l.values.find((q) => q.x === active);
            return v ? <TooltipRow key={l.id} colour={seriesStyle(i).color} label={l.label} value={v.y} lo={v.lo} hi={v.hi} format={p.yExact} /> : null;
          })}
          {p.markers.filter((m) => m.x === active - 0.5).map((m) => (
            <div key={m.x} className="muted">change: {m.sentence}</div>
          ))}
        </Tooltip>
      )}
    </div>
  );
}
