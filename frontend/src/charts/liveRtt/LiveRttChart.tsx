// The run page's live RTT chart: the sampled calls over time while a run goes on, a colour per point (or per value of
// the parameter a large sweep varies, colourGroups.ts), the point running now, each batch's p50 and p99 as lines, and a
// log axis once a spike dwarfs the typical call.
import { useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { scaleLinear, scaleLog } from "d3-scale";
import { line } from "d3-shape";
import { format } from "d3-format";
import { formatCount, formatNs } from "../../format";
import { PlotFrame } from "../common/PlotFrame";
import { scaleTicks } from "../common/ticks";
import { Tooltip } from "../common/Tooltip";
import { useWidth } from "../common/useWidth";
import { LogToggle } from "../common/LogToggle";
import { plotBox } from "../common/plotBox";
import { colourGroups } from "./colourGroups";
import type { PointParams } from "../../figures/figurePoints";
import { latestMark, marksOf, nearestDot, rttRange, timeDomain, type LiveMark, type LiveSeries } from "./transform";
import "./liveRtt.css";

const MARGIN = { top: 12, right: 18, bottom: 44, left: 64 };

const plainNumber = format(",");

export interface LiveRttChartProps {
  series: LiveSeries;
  /** fixed width in px (tests); measured from the container otherwise */
  width?: number;
  height?: number;
  /** a point's name in the legend and tooltip (its parameters in words); "point N" without it */
  pointLabel?: (point: number) => string;
  /** the run's points in the order they run: a sweep larger than the palette is coloured by a parameter */
  runPoints?: PointParams[];
}

/**
 * RTT of the sampled calls over time while a run goes on, one colour per point of the run, with each upload
 * batch's exact p50 (solid) and p99 (dashed) over all its calls. Drawn with one path per point so a few
 * thousand calls redraw cheaply several times a second.
 */
export function LiveRttChart({ series, width: fixedWidth, height = 260, pointLabel = (p) => `point ${p}`, runPoints = [] }: LiveRttChartProps) {
  const groups = useMemo(() => colourGroups(runPoints, series.points, pointLabel), [runPoints, series.points, pointLabel]);
  const colourOf = groups.colourOf;
  const [containerRef, width] = useWidth<HTMLDivElement>(fixedWidth);
  const svgRef = useRef<SVGSVGElement | null>(null);
  const range = useMemo(() => rttRange(series), [series]);
  const [logChoice, setLogChoice] = useState<boolean | null>(null);
  const logY = logChoice ?? range.heavy;
  const [hover, setHover] = useState<number | null>(null);

  const box = plotBox(width, height, MARGIN, 50, 50);
  const { innerW, innerH } = box;
  const [t0, t1] = timeDomain(series);
  const x = useMemo(() => scaleLinear().domain([t0 / 1e9, t1 / 1e9]).range([0, innerW]), [t0, t1, innerW]);
  const y = useMemo(
    () =>
      logY
        ? scaleLog().domain([range.min / 1e3, range.max / 1e3]).range([innerH, 0]).nice()
        : scaleLinear().domain([0, (range.max / 1e3) * 1.05]).range([innerH, 0]).nice(),
    [logY, range, innerH],
  );
  const px = (tNs: number) => x(tNs / 1e9);
  const py = (rttNs: number) => y(Math.max(rttNs / 1e3, y.domain()[0]));

  const dotPaths = useMemo(() => {
    const byPoint = new Map<number, string[]>();
    for (const d of series.dots) {
      const parts = byPoint.get(d.point) ?? [];
      parts.push(`M${x(d.tNs / 1e9).toFixed(1)},${y(Math.max(d.rttNs / 1e3, y.domain()[0])).toFixed(1)}h0`);
      byPoint.set(d.point, parts);
    }
    return [...byPoint.entries()].map(([point, parts]) => ({ point, d: parts.join("") }));
  }, [series.dots, x, y]);

  const markLines = useMemo(() => {
    const mk = (get: (m: LiveMark) => number) =>
      line<LiveMark>()
        .x((m) => x(m.tNs / 1e9))
        .y((m) => y(Math.max(get(m) / 1e3, y.domain()[0])));
    return series.points.map((point) => {
      const ms = marksOf(series, point);
      return { point, p50: mk((m) => m.p50Ns)(ms) ?? "", p99: mk((m) => m.p99Ns)(ms) ?? "" };
    });
  }, [series, x, y]);

  const nx = Math.max(2, Math.floor(innerW / 90));
  const xTicks = scaleTicks(x, nx, x.tickFormat(nx));
  // log axis: label the powers of ten only, as plain µs values (1,000 not 1e+3)
  const yFmt = logY ? (v: number) => (Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9 ? plainNumber(v) : "") : y.tickFormat(6);
  const yTicks = scaleTicks(y, 6, (v) => yFmt(v)).filter((t) => t.label !== "");

  const onMove = (e: MouseEvent) => {
    const rect = svgRef.current?.getBoundingClientRect();
    const mx = e.clientX - (rect?.left ?? 0) - MARGIN.left;
    const my = e.clientY - (rect?.top ?? 0) - MARGIN.top;
    const i = nearestDot(series.dots, mx, my, (d) => px(d.tNs), (d) => py(d.rttNs));
    setHover(i >= 0 ? i : null);
  };
  const onKey = (e: KeyboardEvent) => {
    const n = series.dots.length;
    if (!n) return;
    if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      e.preventDefault();
      const step = e.key === "ArrowRight" ? 1 : -1;
      setHover((h) => (h === null ? (step > 0 ? 0 : n - 1) : Math.max(0, Math.min(n - 1, h + step))));
    } else if (e.key === "Escape") setHover(null);
  };

  const dot = hover !== null ? series.dots[hover] : undefined;
  const last = latestMark(series);
  const empty = series.dots.length === 0 && series.marks.length === 0;
  const multi = series.points.length > 1;
  // the point the client is on: the newest upload's (points run one after another)
  const running = last?.point ?? series.dots[series.dots.length - 1]?.point;
  const order = runPoints.findIndex((p) => p.point_no === running);

  return (
    <div className="chart live-rtt" data-testid="chart-live-rtt" ref={containerRef}>
      <div className="chart-toolbar">
        <div className="legend" data-testid="live-legend">
          {groups.by !== "point" && <span className="legend-title muted">colour: {groups.by}</span>}
          {groups.entries.map((e) => (
            <span className="legend-item" key={e.key}>
              <span className="swatch" style={{ background: e.colour }} /> {multi || groups.by !== "point" ? e.label : "sampled calls"}
            </span>
          ))}
          <span className="legend-item">
            <span className="legend-line" /> p50 of each upload
          </span>
          <span className="legend-item">
            <span className="legend-line dashed" /> p99 of each upload
          </span>
        </div>
        <div className="chart-controls">
          <LogToggle axis="y" checked={logY} onChange={setLogChoice} />
        </div>
      </div>
      {running !== undefined && runPoints.length > 1 && (
        <div className="live-now small" data-testid="live-now">
          <span className="swatch" style={{ background: colourOf(running) }} /> Now: <b>{pointLabel(running)}</b>
          {order >= 0 && <span className="muted"> · point {order + 1} of {runPoints.length}</span>}
        </div>
      )}
      <div className="chart-hint muted small" data-testid="live-rtt-stats">
        {formatCount(series.measured)} calls measured
        {last && (
          <>
            {" "}
            · latest upload: p50 <b>{formatNs(last.p50Ns)}</b>, p99 <b>{formatNs(last.p99Ns)}</b> over{" "}
            {formatCount(last.count)} calls
          </>
        )}
        {series.warmup > 0 && ` · ${formatCount(series.warmup)} warm-up`}
        {series.errors > 0 && ` · ${formatCount(series.errors)} errors`}
        {series.received > series.dots.length &&
          ` · ${formatCount(series.dots.length)} of ${formatCount(series.received)} sampled calls drawn (older ones thinned to each stretch's fastest and slowest)`}
      </div>
      <div
        className="chart-body"
        tabIndex={0}
        onKeyDown={onKey}
        aria-label="Live RTT chart: arrow keys step through the sampled calls"
      >
        <PlotFrame
          label="Live RTT of the sampled calls over time"
          svgRef={svgRef}
          {...box}
          xTicks={empty ? [] : xTicks}
          yTicks={empty ? [] : yTicks}
          x={x}
          y={y}
          xLabel="Time since the first call (s)"
          yLabel="RTT (µs)"
        >
          {dotPaths.map((p) => (
            <path key={`d${p.point}`} className="live-dots" d={p.d} stroke={colourOf(p.point)} />
          ))}
          {markLines.map((m) => (
            <g key={`m${m.point}`} stroke={colourOf(m.point)}>
              <path className="live-p50" d={m.p50} />
              <path className="live-p99" d={m.p99} />
            </g>
          ))}
          {dot && (
            <circle className="live-hover" cx={px(dot.tNs)} cy={py(dot.rttNs)} r={5} pointerEvents="none" />
          )}
          <rect
            className="overlay"
            width={innerW}
            height={innerH}
            fill="transparent"
            onMouseMove={onMove}
            onMouseLeave={() => setHover(null)}
          />
        </PlotFrame>
        {dot && (
          <Tooltip x={MARGIN.left + px(dot.tNs)} y={MARGIN.top + py(dot.rttNs)} containerWidth={width}>
            <div className="tt-title">
              Call #{formatCount(dot.callNo)}
              {multi && ` · ${pointLabel(dot.point)}`}
            </div>
            <div>
              RTT <b>{formatNs(dot.rttNs)}</b>
            </div>
            <div className="muted">{formatCount(dot.rttNs)} ns</div>
            <div className="muted">started {(dot.tNs / 1e9).toFixed(3)} s after the first call</div>
          </Tooltip>
        )}
        {empty && (
          <div className="chart-empty" data-testid="live-rtt-empty">
            Waiting for the first calls…
          </div>
        )}
      </div>
    </div>
  );
}
