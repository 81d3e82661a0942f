// Marks SeriesChart and TrendChart share: a value's interval as an error bar, and the layer that follows the reader's
// cursor (the rule at the active x, the transparent rect that takes the mouse; useXCursor holds the state).
import type { MouseEvent } from "react";

type YScale = ((v: number) => number) & { domain(): number[] };

/** An interval [lo, hi] at px, capped at both ends and clamped to the y axis (a top beyond the axis gets no cap). */
export function ErrorBar({ px, lo, hi, y, colour }: { px: number; lo: number; hi: number; y: YScale; colour: string }) {
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
