// Every point's RTT distribution as a Tukey box on one shared axis, a row each; hover for its numbers, click to select.
import { useEffect, useMemo, useRef, useState } from "react";
import { scaleLinear, scaleLog } from "d3-scale";
import type { BoxPlot } from "../../api/types";
import { formatCount, formatNs } from "../../format";
import { AxisBottom } from "../common/Axis";
import { Tooltip } from "../common/Tooltip";
import { useWidth } from "../common/useWidth";
import { LogToggle } from "../common/LogToggle";
import { boxUs, logTicksUs, rttAxisUnit, rttDomainUs, rttExtentUs, tickLabel, wantsLogX, type PointStyle } from "./transform";

const ROW_H = 24;
const FEW_ROW_H = 90; // a run of one to three points: taller boxes fill the panel
const CHAR_W = 6.2; // px of an 11 px label character, for the label column's width
const MARGIN = { top: 8, right: 18, bottom: 8 };
const AXIS_H = 44; // the RTT axis, under the rows and outside their scrolling

export interface BoxRow {
  pointNo: number;
  label: string;
  style: PointStyle;
  box: BoxPlot | null;
  /** measured calls the box describes */
  n: number;
}

interface Props {
  rows: BoxRow[];
  selected: number | null;
  onSelect?: (pointNo: number) => void;
  width?: number;
  /** taller than this the rows scroll (the selected one kept in view) */
  maxHeight?: number;
  /** what the axis is: "RTT", or an open loop's "Latency from intended send" (figures/loop.tsx) */
  measure?: string;
}

/** One Tukey box per point on a shared RTT axis (small multiples): box from q1 to q3, the median a thick line,
 * the mean a diamond, whiskers to the furthest calls within 1.5 IQR, the calls beyond them as rings. */
export function BoxPlotChart({ rows, selected, onSelect, width: fixedWidth, maxHeight = 520, measure = "RTT" }: Props) {
  const [ref, width] = useWidth<HTMLDivElement>(fixedWidth);
  const scroller = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const box = scroller.current;
    const i = rows.findIndex((r) => r.pointNo === selected);
    if (!box || i < 0) return;
    const h = rows.length <= 3 ? FEW_ROW_H : ROW_H;
    const top = MARGIN.top + i * h;
    if (top < box.scrollTop || top + h > box.scrollTop + box.clientHeight) box.scrollTop = Math.max(0, top - box.clientHeight / 2);
  }, [rows, selected]);
  const extent = useMemo(() => rttExtentUs(rows.map((r) => ({ cdf: { rtt_ns: [], p: [] }, box: r.box }))), [rows]);
  const [logX, setLogX] = useState(() => wantsLogX(extent));
  const [hover, setHover] = useState<number | null>(null);
  // the label column fits the longest label, up to 40% of the chart
  const longest = Math.max(8, ...rows.map((r) => r.label.length));
  const LABEL_W = Math.round(Math.min(width * 0.4, Math.max(90, longest * CHAR_W + 24)));
  const maxChars = Math.floor((LABEL_W - 12) / CHAR_W);
  const innerW = Math.max(80, width - LABEL_W - MARGIN.right);
  const rowH = rows.length <= 3 ? FEW_ROW_H : ROW_H;
  const bh = Math.round(rowH * 0.3); // half the box's height
  const innerH = rows.length * rowH;
  const height = innerH + MARGIN.top + MARGIN.bottom;
  const x = useMemo(() => {
    const d = rttDomainUs(extent ?? [0, 1], logX && !!extent && extent[0] > 0);
    return (logX && d[0] > 0 ? scaleLog() : scaleLinear()).domain(d).range([0, innerW]);
  }, [extent, logX, innerW]);
  const unit = rttAxisUnit(x.domain()[1]);
  const ticks = ("base" in x ? logTicksUs(x.domain() as [number, number], Math.floor(innerW / 60)) : x.ticks(Math.max(2, Math.floor(innerW / 80))))
    .map((v) => ({ value: v, label: tickLabel(v, unit.perUs) }));
  const clampX = (us: number) => x(Math.max(us, x.domain()[0]));

  if (!extent) {
    return <div className="chart" data-testid="chart-box" ref={ref}><div className="chart-empty static">No measured calls to draw.</div></div>;
  }
  const hovered = hover === null ? null : rows[hover];
  return (
    <div className="chart" data-testid="chart-box" ref={ref}>
      <div className="chart-toolbar">
        <div className="legend muted small">
          box q1–q3 · <b>|</b> median · ◇ mean · whiskers 1.5 IQR · ○ beyond
        </div>
        <div className="chart-controls">
          <LogToggle axis="x" checked={logX} onChange={setLogX} />
        </div>
      </div>
      <div className="chart-body box-scroll" ref={scroller} style={{ maxHeight }}>
        <svg width={width} height={height} role="img" aria-label={`Box plot of ${measure} per point`} className="chart-svg">
          <g transform={`translate(${LABEL_W},${MARGIN.top})`}>
            <g className="grid">
              {ticks.map((t) => <line key={t.value} x1={x(t.value)} x2={x(t.value)} y1={0} y2={innerH} />)}
            </g>
            {rows.map((r, i) => {
              const cy = i * rowH + rowH / 2;
              const b = r.box ? boxUs(r.box) : null;
              const on = r.pointNo === selected;
              return (
                <g key={r.pointNo} className={`box-row${on ? " box-selected" : ""}`} data-point={r.pointNo}
                  onMouseEnter={() => setHover(i)} onMouseLeave={() => setHover(null)}
                  onClick={() => onSelect?.(r.pointNo)} style={{ cursor: onSelect ? "pointer" : undefined }}>
                  <rect x={-LABEL_W} y={i * rowH} width={LABEL_W + innerW} height={rowH}
                    className={on ? "box-row-bg box-row-on" : "box-row-bg"} />
                  <text x={-8} y={cy} dy="0.32em" textAnchor="end" className="box-label">
                    {r.label.length > maxChars ? `${r.label.slice(0, maxChars - 1)}…` : r.label}
                  </text>
                  {b && (
                    <g stroke={r.style.color}>
                      <line x1={clampX(b.lo)} x2={clampX(b.q1)} y1={cy} y2={cy} strokeDasharray={r.style.dash || undefined} />
                      <line x1={clampX(b.q3)} x2={clampX(b.hi)} y1={cy} y2={cy} strokeDasharray={r.style.dash || undefined} />
                      <line x1={clampX(b.lo)} x2={clampX(b.lo)} y1={cy - bh / 2} y2={cy + bh / 2} />
                      <line x1={clampX(b.hi)} x2={clampX(b.hi)} y1={cy - bh / 2} y2={cy + bh / 2} />
                      <rect x={clampX(b.q1)} y={cy - bh} width={Math.max(1, clampX(b.q3) - clampX(b.q1))} height={2 * bh}
                        fill={r.style.color} fillOpacity={0.22} strokeWidth={on ? 2 : 1.2} />
                      <line x1={clampX(b.median)} x2={clampX(b.median)} y1={cy - bh} y2={cy + bh} strokeWidth={2.6} />
                      <path d={`M${clampX(b.mean)},${cy - 4}l4,4l-4,4l-4,-4z`} fill="#fff" strokeWidth={1.2} />
                      {b.outliers.map((o, k) => <circle key={k} cx={clampX(o)} cy={cy} r={2.2} fill="none" strokeOpacity={0.7} />)}
                    </g>
                  )}
                </g>
              );
            })}
          </g>
        </svg>
        {hovered && hover !== null && (
          <Tooltip x={LABEL_W + (hovered.box ? clampX(hovered.box.q3_ns / 1e3) : 0)} y={MARGIN.top + hover * rowH} containerWidth={width}>
            <div className="tt-title">{hovered.label}</div>
            {hovered.box ? (
              <>
                <div>{formatCount(hovered.n)} measured calls</div>
                <div>median <b>{formatNs(hovered.box.median_ns)}</b> · mean {formatNs(hovered.box.mean_ns)}</div>
                <div>q1–q3 {formatNs(hovered.box.q1_ns)} – {formatNs(hovered.box.q3_ns)}</div>
                <div>whiskers {formatNs(hovered.box.whisker_low_ns)} – {formatNs(hovered.box.whisker_high_ns)}</div>
                <div className="muted">
                  beyond: {formatCount(hovered.box.outliers_low)} below, {formatCount(hovered.box.outliers_high)} above
                </div>
              </>
            ) : (
              <div className="muted">no measured calls</div>
            )}
          </Tooltip>
        )}
      </div>
      <svg width={width} height={AXIS_H} className="chart-svg" aria-hidden="true">
        <g transform={`translate(${LABEL_W},0)`}>
          <AxisBottom ticks={ticks} position={(v) => x(v)} range={[0, innerW]} offset={0} label={`${measure} (${unit.unit})`} />
        </g>
      </svg>
    </div>
  );
}
