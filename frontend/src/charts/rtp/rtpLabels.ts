// Where the round trip path's segment labels go: beside their lane, near their segment's middle, never across the
// critical path's line (it hops lanes at every send and receive, right where a lane's labels sit) nor on each other.
// Pure geometry in px, so a test can check every box against every path segment.

export type Seg = [number, number, number, number]; // x0, y0, x1, y1

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface LabelWant {
  /** the lane's x and the segment's middle: where the label would like to be */
  ax: number;
  ay: number;
  width: number;
  height: number;
  /** 1: right of the lane, -1: left of it */
  side: 1 | -1;
}

export interface PlacedLabel {
  side: 1 | -1;
  /** the text's vertical centre */
  y: number;
  box: Box;
}

/** The gap between a lane and its labels, px. */
export const LABEL_OFFSET = 10;

/** A label's width at the chart's 11 px font: a fair upper estimate, so a box covers what is drawn. */
export function labelWidth(text: string): number {
  return Math.ceil(text.length * 6.3) + 2;
}

function boxAt(w: LabelWant, side: 1 | -1, y: number): Box {
  const x0 = side > 0 ? w.ax + LABEL_OFFSET : w.ax - LABEL_OFFSET - w.width;
  return { x0, y0: y - w.height / 2, x1: x0 + w.width, y1: y + w.height / 2 };
}

function inside(b: Box, x: number, y: number): boolean {
  return x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1;
}

/** Whether segments p-q and r-s cross or touch. */
function crosses(px: number, py: number, qx: number, qy: number, rx: number, ry: number, sx: number, sy: number): boolean {
  const o = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) => Math.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));
  const d1 = o(rx, ry, sx, sy, px, py);
  const d2 = o(rx, ry, sx, sy, qx, qy);
  const d3 = o(px, py, qx, qy, rx, ry);
  const d4 = o(px, py, qx, qy, sx, sy);
  if (d1 !== d2 && d3 !== d4) return true;
  const on = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) =>
    Math.min(ax, bx) <= cx && cx <= Math.max(ax, bx) && Math.min(ay, by) <= cy && cy <= Math.max(ay, by);
  return (d1 === 0 && on(rx, ry, sx, sy, px, py)) || (d2 === 0 && on(rx, ry, sx, sy, qx, qy)) ||
    (d3 === 0 && on(px, py, qx, qy, rx, ry)) || (d4 === 0 && on(px, py, qx, qy, sx, sy));
}

/** Whether a line segment touches a box (`pad` px around it: the path is drawn 3 px wide). */
export function segmentHitsBox([x0, y0, x1, y1]: Seg, b: Box, pad = 0): boolean {
  const r = { x0: b.x0 - pad, y0: b.y0 - pad, x1: b.x1 + pad, y1: b.y1 + pad };
  if (Math.max(x0, x1) < r.x0 || Math.min(x0, x1) > r.x1 || Math.max(y0, y1) < r.y0 || Math.min(y0, y1) > r.y1) return false;
  if (inside(r, x0, y0) || inside(r, x1, y1)) return true;
  const edges: Seg[] = [[r.x0, r.y0, r.x1, r.y0], [r.x1, r.y0, r.x1, r.y1], [r.x1, r.y1, r.x0, r.y1], [r.x0, r.y1, r.x0, r.y0]];
  return edges.some(([a, b2, c, d]) => crosses(x0, y0, x1, y1, a, b2, c, d));
}

export function boxesOverlap(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

export interface LabelArea {
  left: number;
  right: number;
  top: number;
}

/**
 * Places each label in the order of its segment's middle: the candidates are its lane's preferred side and the
 * other one, moved up or down in steps of a line; the cheapest wins: no crossing of the path (hard), no overlap
 * with a label placed before (hard), inside the chart's width (hard), then as few message arrows crossed, the
 * lane's labels in time order, and as little moved as it can. Labels may go below the time axis' end (the chart grows to hold them).
 */
export function placeLabels(wants: LabelWant[], path: Seg[], area: LabelArea, messages: Seg[] = [], step = 13): PlacedLabel[] {
  const order = wants.map((_, i) => i).sort((a, b) => wants[a].ay - wants[b].ay || a - b);
  const out = new Array<PlacedLabel>(wants.length);
  const placed: Box[] = [];
  const lastY = new Map<number, number>(); // per lane: the label placed before, so a lane's labels keep time order
  for (const i of order) {
    const w = wants[i];
    let best: { cost: number; p: PlacedLabel } | null = null;
    for (let k = 0; k <= 40; k++) {
      const dy = (k % 2 === 1 ? -1 : 1) * Math.ceil(k / 2) * step; // 0, −1, +1, −2, +2 … lines
      for (const side of [w.side, -w.side as 1 | -1]) {
        const y = w.ay + dy;
        const box = boxAt(w, side, y);
        let cost = Math.abs(dy) + (side === w.side ? 0 : 3 * step);
        if (box.x0 < area.left || box.x1 > area.right || box.y0 < area.top) cost += 1e6;
        if (path.some((s) => segmentHitsBox(s, box, 2))) cost += 1e6;
        if (placed.some((b) => boxesOverlap(b, box))) cost += 1e6;
        cost += 2 * step * messages.filter((s) => segmentHitsBox(s, box)).length;
        if (y < (lastY.get(w.ax) ?? -Infinity)) cost += 3 * step;
        if (!best || cost < best.cost) best = { cost, p: { side, y, box } };
      }
      if (best && best.cost <= Math.ceil((k + 1) / 2) * step) break; // nothing farther can be cheaper
    }
    out[i] = best!.p;
    placed.push(best!.p.box);
    lastY.set(w.ax, best!.p.y);
  }
  return out;
}
