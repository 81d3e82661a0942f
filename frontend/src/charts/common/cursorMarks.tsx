// What SeriesChart and TrendChart share: a value's interval as an error bar, the layer that follows the reader's
// cursor (the rule at the active x, the transparent rect that takes the mouse; useXCursor holds the state), and the
// tooltip's line for one series at that x.
import type { MouseEvent } from "react";

type YScale = ((v: number) => number) & { domain(): number[] };

/** An interval [lo, hi] at px, capped at both ends and clamped to the y axis (a top beyond the axis gets no cap);
 * nothing for a value without one. */
export function ErrorBar({ px, lo, hi, y, colour }: { px: number; lo?: number; hi?: number; y: YScale; colour: string }) {
  if (lo === undefined || hi === undefined) return null;
  const [bottom, top] = y.domain();
  const clamp = (v: number) => y(Math.min(Math.max(v, bottom), top));
  return (
    <g stroke={colour} strokeWidth={1.2} className="error-bar">
      <line x1={px} x2={px} y1={clamp(hi)} y2={clamp(lo)} />
      {hi <= top && <line x1={px - 4} x2={px + 4} y1={y(hi)} y2={y(hi)} />}
      <line x1={px - 4} x2={px + 4} y1={clamp(lo)} y2={clamp(lo)} />
    </g>
  );
}

/** The rule at the active x (if any) and the rect over the plot area that moves and clears it. */
export function CursorLayer({ activePx, innerW, innerH, onMove, onLeave }: {
  activePx: number | null;
  innerW: number;
  innerH: number;
  onMove: (e: MouseEvent<SVGRectElement>) => void;
  onLeave: () => void;
}) {
  return (
    <>
      {activePx !== null && <line className="hover-rule" x1={activePx} x2={activePx} y1={0} y2={innerH} stroke="#57606a" strokeWidth={1} />}
      <rect className="overlay" width={innerW} height={innerH} fill="transparent" onMouseMove={onMove} onMouseLeave={onLeave} />
    </>
  );
}

/** A series' name, value and interval (when it has one), in its colour's dot. */
export function TooltipRow({ colour, label, value, lo, hi, format }: {
  colour: string;
  label: string;
  value: number;
  lo?: number;
  hi?: number;
  format: (v: number) => string;
}) {
  return (
    <div data-testid="tooltip-row">
      <span style={{ color: colour }}>●</span> {label}: <b>{format(value)}</b>
      {lo !== undefined && hi !== undefined && <span className="muted"> ({format(lo)} – {format(hi)})</span>}
    </div>
  );
}
