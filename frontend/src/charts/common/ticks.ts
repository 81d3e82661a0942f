// Axis ticks from a D3 scale, labelled by the chart's own unit formatter.
import type { Tick } from "./Axis";

/** Tick objects from a D3 scale (any scale exposing ticks/tickFormat). */
export function scaleTicks(
  scale: { ticks(count?: number): number[] },
  count: number,
  format: (v: number) => string,
): Tick[] {
  return scale.ticks(count).map((value) => ({ value, label: format(value) }));
}
