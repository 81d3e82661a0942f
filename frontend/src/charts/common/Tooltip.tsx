// The charts' hover box: placed beside the pointer, flipped to its left near the chart's right edge.
import type { ReactNode } from "react";

interface TooltipProps {
  /** position in px relative to the chart container */
  x: number;
  y: number;
  containerWidth: number;
  children: ReactNode;
}

/** Absolutely positioned HTML tooltip that flips to the left near the right edge. */
export function Tooltip({ x, y, containerWidth, children }: TooltipProps) {
  const flip = x > containerWidth - 200;
  return (
    <div
      className="chart-tooltip"
      role="tooltip"
      style={{
        left: flip ? undefined : x + 14,
        right: flip ? containerWidth - x + 14 : undefined,
        top: Math.max(0, y - 12),
      }}
    >
      {children}
    </div>
  );
}
