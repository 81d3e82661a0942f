// RTT of every call in call order: warm-up, first and error calls marked, downsampled to the pixels, brush to zoom, and
// a log axis when spikes would squash the rest.
import { useMemo, useRef, useState, type MouseEvent } from "react";
import { scaleLinear, scaleLog } from "d3-scale";
import { line } from "d3-shape";
import type { CallCounts, RunCalls } from "../../api/types";
import { formatCount, formatNs } from "../../format";
import { PlotFrame } from "../common/PlotFrame";
import { scaleTicks } from "../common/ticks";
import { Tooltip } from "../common/Tooltip";
import { useWidth } from "../common/useWidth";
import { LogToggle } from "../common/LogToggle";
import { plotBox } from "../common/plotBox";
import {
  countKinds,
  downsampleMinMax,
  heavyTail,
  nearestIndex,
  sliceByCall,
  toPoints,
  warmupSpans,
  xDomain,
  yDomainUs,
  type CallKind,
  type CallPoint,
} from "./transform";

const MARGIN = { top: 14, right: 18, bottom: 44, left: 64 };

const KIND_LABEL: Record<CallKind, string> = {
  measured: "measured",
  warmup: "warm-up",
  first: "first call",
  error: "error (timeout / short read)",
};

export interface RttPerCallChartProps {
  calls: RunCalls;
  /** fixed width in px (tests); measured from the container otherwise */
  width?: number;
  height?: number;
  /** the counts of all the calls (GET /summary, per point): the legend then names them, not the sampled ones */
  counts?: CallCounts;
  /** one more line under the legend, e.g. how the calls are numbered */
  note?: string;
}

export function RttPerCallChart({ calls, width: fixedWidth, height = 300, counts: allCounts, note }: RttPerCallChartProps) {
  const [containerRef, width] = useWidth<HTMLDivElement>(fixedWidth);
  const svgRef = useRef<SVGSVGElement | null>(null);
  const [zoom, setZoom] = useState<[number, number] | null>(null);
  const points = useMemo(() => toPoints(calls), [calls]);
  // Heavy tails (spikes 20× the median) squash a linear axis: start on a log axis then.
  const [logY, setLogY] = useState(() => heavyTail(points));
  const [hoverX, setHoverX] = useState<number | null>(null);
  const [brush, setBrush] = useState<{ from: number; to: number } | null>(null);

  const sampled = useMemo(() => countKinds(points), [points]);
  const counts = allCounts ?? sampled;
  const box = plotBox(width, height, MARGIN, 50, 50);
  const { innerW, innerH } = box;

  const fullX = useMemo(() => xDomain(points), [points]);
  const domainX = zoom ?? fullX;
  const visible = useMemo(
    () => (zoom ? sliceByCall(points, zoom[0], zoom[1]) : points),
    [points, zoom],
  );
  const drawn = useMemo(() => downsampleMinMax(visible, innerW), [visible, innerW]);

  const x = useMemo(() => scaleLinear().domain(domainX).range([0, innerW]), [domainX, innerW]);
  const y = useMemo(() => {
    const d = yDomainUs(visible, logY);
    return logY
      ? scaleLog().domain(d).range([innerH, 0])
      : scaleLinear().domain(d).range([innerH, 0]).nice();
  }, [visible, logY, innerH]);

  const yPos = (p: CallPoint) => {
    if (p.kind === "error") return 4; // clamped at the top
    const v = p.rttNs / 1e3;
    const yy = y(logY ? Math.max(v, y.domain()[0]) : v);
    return Math.max(0, Math.min(innerH, yy));
  };

  const xTicks = scaleTicks(x, Math.max(2, Math.floor(innerW / 90)), (v) =>
    Number.isInteger(v) ? formatCount(v) : "",
  ).filter((t) => t.label !== "");
  const yTickFmt = logY ? y.tickFormat(6, "~g") : y.tickFormat(6);
  const yTicks = scaleTicks(y, 6, (v) => yTickFmt(v)).filter((t) => t.label !== "");

  const path = useMemo(() => {
    const ok = drawn.filter((p) => p.kind !== "error");
    return (
      line<CallPoint>()
        .x((p) => x(p.callNo))
        .y((p) => {
          const v = p.rttNs / 1e3;
          return y(logY ? Math.max(v, y.domain()[0]) : v);
        })(ok) ?? ""
    );
  }, [drawn, x, y, logY]);

  // warm-up bands: at the start of the run, or of each caller thread's block of calls
  const bands = useMemo(() => warmupSpans(points), [points]);

  const hovered = useMemo(() => {
    if (hoverX === null || visible.length === 0) return null;
    const i = nearestIndex(visible, x.invert(hoverX));
    return i >= 0 ? visible[i] : null;
  }, [hoverX, visible, x]);

  const localX = (e: MouseEvent) => {
    const rect = svgRef.current?.getBoundingClientRect();
    const px = e.clientX - (rect?.left ?? 0) - MARGIN.left;
    return Math.max(0, Math.min(innerW, px));
  };

  const onMouseDown = (e: MouseEvent) => {
    if (e.button !== 0) return;
    const px = localX(e);
    setBrush({ from: px, to: px });
  };
  const onMouseMove = (e: MouseEvent) => {
    const px = localX(e);
    setHoverX(px);
    if (brush) setBrush({ ...brush, to: px });
  };
  const onMouseUp = () => {
    if (brush && Math.abs(brush.to - brush.from) > 4) {
      const a = x.invert(Math.min(brush.from, brush.to));
      const b = x.invert(Math.max(brush.from, brush.to));
      if (b - a >= 1) setZoom([a, b]);
    }
    setBrush(null);
  };
  const onLeave = () => {
    setHoverX(null);
    setBrush(null);
  };

  const downsampled = drawn.length < visible.length;
  const r = drawn.length > 3000 ? 1.2 : drawn.length > 500 ? 1.6 : 2.4;

  return (
    <div className="chart" data-testid="chart-rtt-per-call" ref={containerRef}>
      <div className="chart-toolbar">
        <div className="legend">
          <span className="legend-item">
            <span className="swatch swatch-measured" /> measured ({formatCount(counts.measured)})
          </span>
          <span className="legend-item">
            <span className="swatch swatch-first" /> {counts.first === 1 ? "first call" : `first calls (${formatCount(counts.first)})`}
          </span>
          <span className="legend-item" title="warm-up calls that are not first calls">
            <span className="swatch swatch-warmup" /> warm-up ({formatCount(counts.warmup)})
          </span>
          {counts.error > 0 && (
            <span className="legend-item">
              <span className="swatch swatch-error" /> error ({formatCount(counts.error)})
            </span>
          )}
        </div>
        <div className="chart-controls">
          <LogToggle axis="y" checked={logY} onChange={setLogY} />
          {zoom && (
            <button type="button" className="btn btn-small" onClick={() => setZoom(null)}>
              Reset zoom
            </button>
          )}
        </div>
      </div>
      <div className="chart-hint muted small">
        {calls.stride > 1 && `sampled: 1 call in ${calls.stride} of ${formatCount(calls.total)} · `}
        {downsampled && `min/max of ${formatCount(visible.length)} points · `}
        {zoom && `calls ${formatCount(Math.ceil(zoom[0]))}–${formatCount(Math.floor(zoom[1]))} · `}
        {note && `${note} · `}
        drag to zoom, double-click to reset
      </div>
      <div className="chart-body">
        <PlotFrame
          label="RTT per call"
          svgRef={svgRef}
          {...box}
          defs={
            <clipPath id="rtt-per-call-clip">
              <rect x={0} y={-6} width={innerW} height={innerH + 12} />
            </clipPath>
          }
          xTicks={xTicks}
          yTicks={yTicks}
          x={x}
          y={y}
          xLabel="Call number"
          yLabel="RTT (µs)"
        >
          <g clipPath="url(#rtt-per-call-clip)">
            {bands.map(([from, to]) => {
              const a = Math.max(domainX[0], from - 0.5);
              const b = Math.min(domainX[1], to + 0.5);
              return b > a ? <rect key={from} className="warmup-band" x={x(a)} y={0} width={x(b) - x(a)} height={innerH} /> : null;
            })}
            <path className="rtt-line" d={path} />
            <g className="points">
              {drawn.map((p) =>
                p.kind === "error" ? (
                  <path
                    key={p.callNo}
                    className="pt pt-error"
                    d={`M${x(p.callNo) - 3},${yPos(p) - 3}l6,6m0,-6l-6,6`}
                  />
                ) : (
                  <circle
                    key={p.callNo}
                    className={`pt pt-${p.kind}`}
                    cx={x(p.callNo)}
                    cy={yPos(p)}
                    r={p.kind === "first" ? 4.5 : r}
                  />
                ),
              )}
            </g>
            {hovered && (
              <g className="hover-mark" pointerEvents="none">
                <line x1={x(hovered.callNo)} x2={x(hovered.callNo)} y1={0} y2={innerH} />
                <circle cx={x(hovered.callNo)} cy={yPos(hovered)} r={5} />
              </g>
            )}
            {brush && (
              <rect
                className="brush-selection"
                x={Math.min(brush.from, brush.to)}
                y={0}
                width={Math.abs(brush.to - brush.from)}
                height={innerH}
              />
            )}
          </g>
          <rect
            className="overlay"
            width={innerW}
            height={innerH}
            fill="transparent"
            onMouseDown={onMouseDown}
            onMouseMove={onMouseMove}
            onMouseUp={onMouseUp}
            onMouseLeave={onLeave}
            onDoubleClick={() => setZoom(null)}
            style={{ cursor: "crosshair" }}
          />
        </PlotFrame>
        {hovered && hoverX !== null && !brush && (
          <Tooltip x={MARGIN.left + x(hovered.callNo)} y={MARGIN.top + yPos(hovered)} containerWidth={width}>
            <div className="tt-title">Call #{formatCount(hovered.callNo)}</div>
            <div>
              RTT <b>{formatNs(hovered.rttNs)}</b>
            </div>
            <div className="muted">{formatCount(hovered.rttNs)} ns</div>
            {hovered.kind !== "measured" && <div className={`tt-kind tt-${hovered.kind}`}>{KIND_LABEL[hovered.kind]}</div>}
          </Tooltip>
        )}
        {points.length === 0 && <div className="chart-empty">No calls recorded.</div>}
      </div>
    </div>
  );
}
