// The RTT CDF of every point's measured calls: a tail scale for 90/99/99.9 %, every point's share read at the pointer.
import { useMemo, useRef, useState, type MouseEvent } from "react";
import { scaleLinear, scaleLog } from "d3-scale";
import { line } from "d3-shape";
import type { PointSummary } from "../../api/types";
import { formatNs } from "../../format";
import type { Tick } from "../common/Axis";
import { PlotFrame } from "../common/PlotFrame";
import { Tooltip } from "../common/Tooltip";
import { useWidth } from "../common/useWidth";
import { LogToggle } from "../common/LogToggle";
import { plotBox } from "../common/plotBox";
import {
  TAIL_TICKS, cdfSteps, logTicksUs, nines, quantileFromCdf, rttAxisUnit, rttDomainUs, rttExtentUs, shareAtOrBelow,
  tickLabel, wantsLogX, type PointStyle,
} from "./transform";

const MARGIN = { top: 12, right: 18, bottom: 44, left: 58 };
const TOOLTIP_LINES = 8;

export interface CdfSeries {
  pointNo: number;
  label: string;
  style: PointStyle;
  cdf: PointSummary["cdf"];
  /** the point's percentiles as its statistics give them (interpolated), so the legend and the tables agree */
  percentiles?: { p50: number; p90: number; p99: number };
}

interface Props {
  series: CdfSeries[];
  /** the point drawn on top, thicker; the others lighter */
  selected: number | null;
  onSelect?: (pointNo: number) => void;
  width?: number;
  height?: number;
  /** what the x axis is: "RTT", or an open loop's "Latency from intended send" (figures/loop.tsx) */
  measure?: string;
}

/** The empirical CDF of each point's measured calls (Flent's latency CDF): x RTT, y the share of calls at or
 * below it; a "tail" y scale spaces 90, 99, 99.9 % evenly. Hover reads every point's share at an RTT. */
export function CdfChart({ series, selected, onSelect, width: fixedWidth, height = 300, measure = "RTT" }: Props) {
  const [ref, width] = useWidth<HTMLDivElement>(fixedWidth);
  const svgRef = useRef<SVGSVGElement | null>(null);
  const extent = useMemo(() => rttExtentUs(series.map((s) => ({ cdf: s.cdf, box: null }))), [series]);
  const [logX, setLogX] = useState(() => wantsLogX(extent));
  const [tail, setTail] = useState(false);
  const [hoverX, setHoverX] = useState<number | null>(null);
  const box = plotBox(width, height, MARGIN, 80, 60);
  const { innerW, innerH } = box;

  const x = useMemo(() => {
    const d = rttDomainUs(extent ?? [0, 1], logX && !!extent && extent[0] > 0);
    return (logX && d[0] > 0 ? scaleLog() : scaleLinear()).domain(d).range([0, innerW]);
  }, [extent, logX, innerW]);
  const y = useMemo(() => scaleLinear().domain([0, tail ? 4 : 1]).range([innerH, 0]), [tail, innerH]);
  const unit = rttAxisUnit(x.domain()[1]);
  const xTicks: Tick[] = ("base" in x ? logTicksUs(x.domain() as [number, number], Math.floor(innerW / 60)) : x.ticks(Math.max(2, Math.floor(innerW / 80))))
    .map((v) => ({ value: v, label: tickLabel(v, unit.perUs) }));
  const yTicks: Tick[] = tail ? TAIL_TICKS : [0, 0.25, 0.5, 0.75, 1].map((v) => ({ value: v, label: `${v * 100}` }));

  const paths = useMemo(() => {
    const draw = line<[number, number]>().x((d) => x(Math.max(d[0], x.domain()[0]))).y((d) => y(tail ? nines(d[1]) : d[1]));
    return series.map((s) => ({ s, d: draw(cdfSteps(s.cdf)) ?? "" }));
  }, [series, x, y, tail]);
  const order = [...paths].sort((a, b) => Number(a.s.pointNo === selected) - Number(b.s.pointNo === selected));
  const dim = selected !== null && series.length > 1;

  const onMove = (e: MouseEvent) => {
    const r = svgRef.current?.getBoundingClientRect();
    const px = e.clientX - (r?.left ?? 0) - MARGIN.left;
    setHoverX(px < 0 || px > innerW ? null : px);
  };
  const hoverNs = hoverX === null ? null : x.invert(hoverX) * 1e3;
  const hoverRows = hoverNs === null ? [] : [...series]
    .sort((a, b) => Number(b.pointNo === selected) - Number(a.pointNo === selected))
    .slice(0, TOOLTIP_LINES)
    .map((s) => ({ s, share: shareAtOrBelow(s.cdf, hoverNs) }));

  if (!extent) {
    return <div className="chart" data-testid="chart-cdf" ref={ref}><div className="chart-empty static">No measured calls to draw.</div></div>;
  }
  const sel = series.find((s) => s.pointNo === selected) ?? (series.length === 1 ? series[0] : undefined);
  return (
    <div className="chart" data-testid="chart-cdf" ref={ref}>
      <div className="chart-toolbar">
        <div className="legend">
          {sel ? (
            <span className="legend-item" data-testid="cdf-selected">
              <LineSwatch style={sel.style} /> {sel.label}: p50 {formatNs(sel.percentiles?.p50 ?? quantileFromCdf(sel.cdf, 0.5))} · p90{" "}
              {formatNs(sel.percentiles?.p90 ?? quantileFromCdf(sel.cdf, 0.9))} · p99 {formatNs(sel.percentiles?.p99 ?? quantileFromCdf(sel.cdf, 0.99))}
            </span>
          ) : (
            <span className="legend-item muted">{series.length} points; pick one to highlight it</span>
          )}
        </div>
        <div className="chart-controls">
          <LogToggle axis="x" checked={logX} onChange={setLogX} />
          <label className="checkbox small" title="y as −log10(1 − share): 90, 99, 99.9 % evenly spaced">
            <input type="checkbox" checked={tail} onChange={(e) => setTail(e.target.checked)} /> tail
          </label>
        </div>
      </div>
      {/* hover is read on the whole body, so the lines themselves stay clickable */}
      <div className="chart-body" onMouseMove={onMove} onMouseLeave={() => setHoverX(null)}>
        <PlotFrame label={`CDF of ${measure} per point`} svgRef={svgRef} {...box} xTicks={xTicks} yTicks={yTicks} x={x} y={y}
          xLabel={`${measure} (${unit.unit})`} yLabel={tail ? "Percentile (log of tail)" : "Calls at or below (%)"}>
          <g className="cdf-lines">
            {order.map(({ s, d }) => (
              <path key={s.pointNo} d={d} data-point={s.pointNo} className={`cdf-line${s.pointNo === selected ? " cdf-selected" : ""}`}
                fill="none" stroke={s.style.color} strokeDasharray={s.style.dash || undefined}
                strokeWidth={s.pointNo === selected ? 2.6 : 1.4} strokeOpacity={dim && s.pointNo !== selected ? 0.35 : 1}
                onClick={() => onSelect?.(s.pointNo)} style={{ cursor: onSelect ? "pointer" : undefined }} />
            ))}
          </g>
          {hoverX !== null && <line className="hover-rule" x1={hoverX} x2={hoverX} y1={0} y2={innerH} pointerEvents="none" />}
        </PlotFrame>
        {hoverNs !== null && hoverX !== null && (
          <Tooltip x={MARGIN.left + hoverX} y={MARGIN.top + 10} containerWidth={width}>
            <div className="tt-title">{measure} ≤ {formatNs(hoverNs)}</div>
            {hoverRows.map(({ s, share }) => (
              <div key={s.pointNo}><LineSwatch style={s.style} /> {s.label}: <b>{(share * 100).toFixed(share > 0.99 && share < 1 ? 2 : 1)} %</b></div>
            ))}
            {series.length > TOOLTIP_LINES && <div className="muted">and {series.length - TOOLTIP_LINES} more points</div>}
          </Tooltip>
        )}
      </div>
    </div>
  );
}

/** A short line in a point's colour and dash, for legends and tooltips. */
export function LineSwatch({ style }: { style: PointStyle }) {
  return (
    <svg width={22} height={8} aria-hidden="true" style={{ verticalAlign: "middle" }}>
      <line x1={1} x2={21} y1={4} y2={4} stroke={style.color} strokeWidth={2.4} strokeDasharray={style.dash || undefined} />
    </svg>
  );
}
