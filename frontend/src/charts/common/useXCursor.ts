// The x value a reader points at in a chart of discrete x values: the nearest one under the mouse, stepped with the
// arrow keys, cleared by Escape (shared by SeriesChart and TrendChart).
import { useState, type KeyboardEvent, type MouseEvent } from "react";

export function useXCursor(xs: number[], invert: (px: number) => number) {
  const [active, setActive] = useState<number | null>(null);
  const nearest = (px: number) => {
    if (!xs.length) return null;
    const v = invert(px);
    return xs.reduce((best, c) => (Math.abs(c - v) < Math.abs(best - v) ? c : best), xs[0]);
  };
  const onMove = (e: MouseEvent<SVGRectElement>) => setActive(nearest(e.clientX - e.currentTarget.getBoundingClientRect().left));
  const onKey = (e: KeyboardEvent) => {
    if (!xs.length) return;
    const i = active === null ? -1 : xs.indexOf(active);
    if (e.key === "ArrowRight") setActive(xs[Math.min(xs.length - 1, i + 1)]);
    else if (e.key === "ArrowLeft") setActive(xs[Math.max(0, i <= 0 ? 0 : i - 1)]);
    else if (e.key === "Escape") setActive(null);
    else return;
    e.preventDefault();
  };
  return { active, setActive, onMove, onKey };
}
