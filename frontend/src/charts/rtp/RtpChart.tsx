// Figure 5, the round trip path of one point: lanes across, time down, the critical path solid, off-path work dotted,
// messages as arrows.
import { line as d3line } from "d3-shape";
import { useState } from "react";
import type { RtpPoint, RtpSegment } from "../../api/analyses";
import { formatNs } from "../../format";
import { YTitleAbove } from "../common/Axis";
import { Tooltip } from "../common/Tooltip";
import { useWidth } from "../common/useWidth";
import { DEFAULT_LANES, offPathSegments, type PathVertex } from "./rtpLayout";
import { RTP_MARGIN, rtpGeometry } from "./rtpGeometry";

const HEIGHT = 480;
const M = RTP_MARGIN;

/** Figure 5: lanes across, time down; the critical path solid, work beside it dotted, messages as arrows. */
/** `height`: of the time axis (the report prints two to a page); labels that need more room still get it. */
export function RtpChart({ point, lanes, width: fixed, height = HEIGHT }: { point: RtpPoint; lanes?: string[]; width?: number; height?: number }) {
  const [ref, width] = useWidth<HTMLDivElement>(fixed, 800);
  const [hover, setHover] = useState<{ seg: RtpSegment; x: number; y: number } | null>(null);
  const laneNames = lanes && lanes.length ? lanes : DEFAULT_LANES;
  const { lx, y, path, labels, svgHeight: svgH } = rtpGeometry(point, laneNames, width, height);
  const d = d3line<PathVertex>().x((v) => lx(v.lane)).y((v) => y(v.t))(path) ?? "";
  const off = offPathSegments(point);
  const ticks = y.ticks(6);
  const show = (seg: RtpSegment, lane: string) => setHover({ seg, x: lx(lane), y: y((seg.mean_start_ns + seg.mean_end_ns) / 2) });

  return (
    <div ref={ref} style={{ position: "relative" }}>
      <svg width={width} height={svgH} role="img" data-testid="rtp-chart"
        aria-label={`Round trip path of point ${point.point_no}: measured ${formatNs(point.measured_rtt_ns)}, ${path.length} path vertices, ${point.messages.length} messages`}>
        <defs>
          <marker id="rtp-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto">
            <path d="M0,0 L10,5 L0,10 z" fill="#6b7280" />
          </marker>
        </defs>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={M.left} x2={width - M.right} y1={y(t)} y2={y(t)} className="grid-line" />
            <text x={M.left - 6} y={y(t) + 4} textAnchor="end" className="axis-label">{formatNs(t)}</text>
          </g>
        ))}
        <YTitleAbove x={12} plotTop={M.top}>time ↓</YTitleAbove>
        {laneNames.map((l) => (
          <g key={l}>
            <line x1={lx(l)} x2={lx(l)} y1={M.top - 6} y2={height - M.bottom} className="rtp-lane" />
            <text x={lx(l)} y={M.top - 14} textAnchor="middle" className="ladder-title">{l}</text>
          </g>
        ))}
        {point.messages.map((m, i) => (
          <line key={`m${i}`} x1={lx(m.from_lane)} y1={y(m.from_ns)} x2={lx(m.to_lane)} y2={y(m.to_ns)}
            className="rtp-message" markerEnd="url(#rtp-arrow)" data-testid="rtp-message">
            <title>{`${m.message}: ${m.from_lane} → ${m.to_lane}, ${formatNs(m.to_ns - m.from_ns)}${m.queued_share > 0 ? `, queued in ${Math.round(m.queued_share * 100)}% of calls (mean ${formatNs(m.mean_queued_ns)})` : ""}`}</title>
          </line>
        ))}
        {off.map((s, i) => (
          <line key={`o${i}`} x1={lx(s.lanes[0]) + 10} x2={lx(s.lanes[0]) + 10} y1={y(s.mean_start_ns)} y2={y(s.mean_end_ns)}
            className="rtp-off" data-testid="rtp-off" tabIndex={0} aria-label={`${s.name} beside the path: ${formatNs(s.mean_ns)}`}
            onMouseEnter={() => show(s, s.lanes[0])} onMouseLeave={() => setHover(null)} onFocus={() => show(s, s.lanes[0])} onBlur={() => setHover(null)} />
        ))}
        <path d={d} className="rtp-critical" data-testid="rtp-critical" fill="none" />
        {labels.map(({ seg: s, lane, ym, y: ly, side, text }, i) => (
          <g key={`s${i}`} tabIndex={0} role="button" aria-label={`${s.name} on the path: ${formatNs(s.mean_on_path_ns)}`} className="rtp-seg"
            onMouseEnter={() => show(s, lane)} onMouseLeave={() => setHover(null)} onFocus={() => show(s, lane)} onBlur={() => setHover(null)}>
            <circle cx={lx(lane)} cy={ym} r={4} className="rtp-seg-dot" />
            {ly !== ym && (
              <line x1={lx(lane)} y1={ym} x2={lx(lane) + side * 8} y2={ly} className="rtp-leader" />
            )}
            <text x={lx(lane) + side * 10} y={ly + 4} textAnchor={side > 0 ? "start" : "end"} className="rtp-seg-label">
              {text}
            </text>
          </g>
        ))}
      </svg>
      {hover && (
        <Tooltip x={hover.x} y={hover.y} containerWidth={width}>
          <div className="tt-title">{hover.seg.name} <span className="muted">({hover.seg.kind})</span></div>
          <div>mean {formatNs(hover.seg.mean_ns)} ({hover.seg.mean_ns.toFixed(1)} ns)</div>
          <div>on the path in {Math.round(hover.seg.on_path_share * 100)}% of calls, {formatNs(hover.seg.mean_on_path_ns)} per call</div>
          <div>from {formatNs(hover.seg.mean_start_ns)} to {formatNs(hover.seg.mean_end_ns)} after the call began</div>
          {hover.seg.parts.map((p) => (
            <div key={p.lane} className="muted">{p.lane}: {formatNs(p.mean_ns)} ({p.calls} calls)</div>
          ))}
        </Tooltip>
      )}
    </div>
  );
}
