// Draws the timeline on a canvas. Spans are written straight into a pixel buffer (one Uint32Array.fill per pixel
// row of a span) and put once, and what cannot show is skipped (level of detail, below): that keeps a frame of a
// million spans short, where one fillRect per span would not. Axis text and overlays are drawn with the 2D context
// on top.
import { scaleLinear } from "d3-scale";
import { laneOf, RETRANSMIT_COLOUR, type Layout, type View } from "./transform";

export const MARGIN = { top: 26, right: 10, bottom: 4, left: 64 };

/** Step colours by side and segment (stepColours.ts). */
export { stepColour } from "./stepColours";
import { stepColour } from "./stepColours";

function rgba32(hex: string, fade = 0): number {
  const v = parseInt(hex.slice(1), 16);
  let r = (v >> 16) & 255;
  let g = (v >> 8) & 255;
  let b = v & 255;
  r = Math.round(r + (255 - r) * fade);
  g = Math.round(g + (255 - g) * fade);
  b = Math.round(b + (255 - b) * fade);
  return ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0; // little-endian RGBA in memory
}

/** Time unit for the axis: the largest whose window reads as a number over 10. */
export function timeUnit(windowNs: number): { unit: string; div: number } {
  if (windowNs < 20_000) return { unit: "ns", div: 1 };
  if (windowNs < 20_000_000) return { unit: "µs", div: 1e3 };
  if (windowNs < 20_000_000_000) return { unit: "ms", div: 1e6 };
  return { unit: "s", div: 1e9 };
}

/** Tick positions and labels for [t0, t1] ns. When the window is tiny next to its distance from zero (a few µs,
 * 50 ms into a run) the labels count from an anchor ("+2 µs" after "54.706 ms") instead of printing 8 digits. */
export function axisTicks(t0: number, t1: number, count: number): { ticks: { ns: number; label: string }[]; anchor: string | null } {
  const { unit, div } = timeUnit(t1 - t0);
  const far = Math.max(Math.abs(t0), Math.abs(t1)) > 1000 * (t1 - t0);
  const values = scaleLinear().domain([t0 / div, t1 / div]).ticks(count);
  if (!far) {
    const fmt = scaleLinear().domain([t0 / div, t1 / div]).tickFormat(count);
    return { ticks: values.map((v) => ({ ns: v * div, label: `${fmt(v)} ${unit}` })), anchor: null };
  }
  const base = values.length ? values[0] : t0 / div;
  const step = values.length > 1 ? values[1] - values[0] : 1;
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  const anchorNs = base * div;
  const abs = Math.abs(anchorNs);
  const a = abs < 1e3 ? { unit: "ns", div: 1 } : abs < 1e6 ? { unit: "µs", div: 1e3 } : abs < 1e9 ? { unit: "ms", div: 1e6 } : { unit: "s", div: 1e9 };
  const anchorDigits = Math.max(0, -Math.floor(Math.log10((step * div) / a.div) + 1e-9));
  return {
    ticks: values.map((v) => ({ ns: v * div, label: v === base ? "+0" : `+${(v - base).toFixed(decimals)} ${unit}` })),
    anchor: `${(anchorNs / a.div).toFixed(Math.min(9, anchorDigits))} ${a.unit}`,
  };
}

export interface DrawOptions {
  width: number; // CSS px of the whole canvas
  height: number;
  dpr: number;
  hidden: Uint8Array; // by code index: 1 = not drawn
  dimmed?: Uint8Array; // by code index: 1 = drawn faded (search matches the others)
  highlightRow?: number;
  minSpanNs?: number; // steps shorter than this are not drawn (filter by step duration)
  brush?: [number, number] | null; // ns
  /** threads mode: request and reply arrows between a track's client and server lanes (threads.visibleArrows) */
  arrows?: { row: number; from: number; to: number; back: boolean }[];
}

/** An arrow from (xa, ya) to (xb, yb) with a small head at its end. */
function arrow(ctx: CanvasRenderingContext2D, xa: number, ya: number, xb: number, yb: number) {
  const a = Math.atan2(yb - ya, xb - xa);
  ctx.beginPath();
  ctx.moveTo(xa, ya);
  ctx.lineTo(xb, yb);
  ctx.moveTo(xb, yb);
  ctx.lineTo(xb - 6 * Math.cos(a - 0.4), yb - 6 * Math.sin(a - 0.4));
  ctx.moveTo(xb, yb);
  ctx.lineTo(xb - 6 * Math.cos(a + 0.4), yb - 6 * Math.sin(a + 0.4));
  ctx.stroke();
}

let cached: ImageData | null = null;
const WHITE = rgba32("#ffffff");

/** Per row, bounds that let a frame skip what cannot show: each span's running maximum end and running minimum
 * start from the row's end (both monotone within a row, so binary searches find the spans that can touch a time
 * window even when a row's spans are not in start order: a thread's track holds a million), and each row's
 * earliest start and latest end. Built once per layout. */
interface RowCull {
  rowLo: Float64Array;
  rowHi: Float64Array;
}
interface SpanCull {
  /** earliest start and latest end of each block of BLOCK consecutive spans (index j >> BLOCK_SHIFT) */
  blockLo: Float64Array;
  blockHi: Float64Array;
  endMax: Float64Array;
  startMinAfter: Float64Array;
}
/** Built on the first frame that needs them (zoomed out, or a row of many spans): not on the first render's. */
const rowCulls = new WeakMap<Layout, RowCull>();
const spanCulls = new WeakMap<Layout, SpanCull>();
/** Rows with more spans than this are culled by binary search; shorter ones are read straight through. */
const SEARCH_SPANS = 32;
const BLOCK_SHIFT = 4;
const BLOCK = 1 << BLOCK_SHIFT;

function rowCullOf(layout: Layout): RowCull {
  let c = rowCulls.get(layout);
  if (c) return c;
  const { x0, x1, spanStart, rows } = layout;
  const rowLo = new Float64Array(rows);
  const rowHi = new Float64Array(rows);
  for (let r = 0; r < rows; r++) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let j = spanStart[r]; j < spanStart[r + 1]; j++) {
      if (x0[j] < lo) lo = x0[j];
      if (x1[j] > hi) hi = x1[j];
    }
    rowLo[r] = lo;
    rowHi[r] = hi;
  }
  c = { rowLo, rowHi };
  rowCulls.set(layout, c);
  return c;
}

function spanCullOf(layout: Layout): SpanCull {
  let c = spanCulls.get(layout);
  if (c) return c;
  const { x0, x1, spanStart, rows } = layout;
  const endMax = new Float64Array(layout.spans);
  const startMinAfter = new Float64Array(layout.spans);
  for (let r = 0; r < rows; r++) {
    const a = spanStart[r];
    const b = spanStart[r + 1];
    let hi = -Infinity;
    for (let j = a; j < b; j++) endMax[j] = hi = x1[j] > hi ? x1[j] : hi;
    let lo = Infinity;
    for (let j = b - 1; j >= a; j--) startMinAfter[j] = lo = x0[j] < lo ? x0[j] : lo;
  }
  const blocks = (layout.spans + BLOCK - 1) >> BLOCK_SHIFT;
  const blockLo = new Float64Array(blocks).fill(Infinity);
  const blockHi = new Float64Array(blocks).fill(-Infinity);
  for (let j = 0; j < layout.spans; j++) {
    const k = j >> BLOCK_SHIFT;
    if (x0[j] < blockLo[k]) blockLo[k] = x0[j];
    if (x1[j] > blockHi[k]) blockHi[k] = x1[j];
  }
  c = { blockLo, blockHi, endMax, startMinAfter };
  spanCulls.set(layout, c);
  return c;
}

/** First index in [lo, hi) whose value is > x (the array is non-decreasing there). */
function firstAbove(arr: Float64Array, x: number, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (arr[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where the view falls on a W×H pixel plot: pixels per ns, per row, and the lanes a tall enough row splits into
 * (one per side, below a gap between rows). */
export function viewGeometry(layout: Layout, v: View, W: number, H: number) {
  const lanes = Math.max(1, ...layout.codes.map((c) => laneOf(c.side) + 1));
  const sx = W / (v.t1 - v.t0);
  const rowH = H / (v.r1 - v.r0);
  const split = rowH >= 3 * lanes;
  const gap = rowH >= 8 ? Math.max(1, Math.floor(rowH * 0.15)) : 0;
  return { lanes, sx, rowH, split, laneH: split ? (rowH - gap) / lanes : rowH };
}

export function drawTimeline(ctx: CanvasRenderingContext2D, layout: Layout, v: View, o: DrawOptions): void {
  const dpr = o.dpr;
  const W = Math.max(1, Math.floor((o.width - MARGIN.left - MARGIN.right) * dpr));
  const H = Math.max(1, Math.floor((o.height - MARGIN.top - MARGIN.bottom) * dpr));
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  if (!cached || cached.width !== W || cached.height !== H) cached = ctx.createImageData(W, H);
  const buf = new Uint32Array(cached.data.buffer);
  buf.fill(WHITE);

  const colours = layout.codes.map((c, i) => rgba32(stepColour(c.code), o.dimmed?.[i] ? 0.8 : 0));
  const { lanes, sx, rowH, split, laneH } = viewGeometry(layout, v, W, H);
  const ra = Math.max(0, Math.floor(v.r0));
  const rb = Math.min(layout.rows, Math.ceil(v.r1));
  const { x0, x1, codeIdx, lane, spanStart } = layout;
  const minSpan = o.minSpanNs ?? 0;
  // Level of detail, what KUtrace's and Perfetto's viewers do with millions of spans: a pixel shows the first span
  // that paints it. A row thinner than a pixel whose whole call falls in one pixel already painted is skipped
  // without reading its spans (zoomed out, hundreds of calls share each pixel); a one-pixel span on a painted
  // pixel is skipped; a row of many spans (a thread's track) reads only those that can touch the window.
  const searchRows = layout.spans > SEARCH_SPANS * layout.rows;
  const thin = rowH < 1;
  const rowCull = thin ? rowCullOf(layout) : null;
  const cull = searchRows ? spanCullOf(layout) : null;
  const tEnd = v.t0 + W / sx;
  // rows thinner than a pixel share pixel rows: per pixel row, the run of columns [runLo, runHi) painted so far
  // (one run, grown while spans touch it): a span inside it is skipped, one reaching past it paints only the rest
  let runY = -1;
  let runLo = 0;
  let runHi = 0;
  for (let r = ra; r < rb; r++) {
    const rowTop = (r - v.r0) * rowH;
    if (thin) {
      const y = Math.min(H - 1, Math.max(0, Math.floor(rowTop)));
      if (y !== runY) [runY, runLo, runHi] = [y, 0, 0];
      const ca = Math.floor((rowCull!.rowLo[r] - v.t0) * sx);
      if (ca === Math.floor((rowCull!.rowHi[r] - v.t0) * sx) && ca >= 0 && ca < W && buf[y * W + ca] !== WHITE) continue;
    }
    let ja = spanStart[r];
    let jb = spanStart[r + 1];
    if (cull && jb - ja > SEARCH_SPANS) {
      ja = firstAbove(cull.endMax, v.t0 - 1e-9, ja, jb); // spans before end before the window
      jb = firstAbove(cull.startMinAfter, tEnd, ja, jb); // spans from here on start after it
    }
    // the lanes' top pixel rows: a block of spans all inside one column painted in every lane is skipped whole
    // (a zoomed-out track of a million spans reads a sixteenth of them)
    let bandsTop = -1;
    let bandsStep = 0;
    if (cull && jb - ja > SEARCH_SPANS) {
      bandsTop = Math.min(H - 1, Math.max(0, Math.floor(rowTop)));
      bandsStep = split ? laneH : 0;
    }
    for (let j = ja; j < jb; j++) {
      if (bandsTop >= 0 && (j & (BLOCK - 1)) === 0) {
        const k = j >> BLOCK_SHIFT;
        const ca = Math.floor((cull!.blockLo[k] - v.t0) * sx);
        if (ca >= 0 && ca < W && ca === Math.floor((cull!.blockHi[k] - v.t0) * sx)) {
          let painted = true;
          for (let l = 0; l < (split ? lanes : 1) && painted; l++) {
            const y = Math.min(H - 1, Math.max(0, Math.floor(rowTop + l * bandsStep)));
            painted = buf[y * W + ca] !== WHITE;
          }
          if (painted) {
            j += BLOCK - 1;
            continue;
          }
        }
      }
      const ci = codeIdx[j];
      if (o.hidden[ci] || x1[j] - x0[j] < minSpan) continue;
      const xa = (x0[j] - v.t0) * sx;
      const xb = (x1[j] - v.t0) * sx;
      if (xb < 0 || xa >= W) continue;
      const pa = xa < 0 ? 0 : Math.floor(xa);
      let pb = xb > W ? W : Math.ceil(xb);
      if (pb <= pa) pb = pa + 1;
      const top = split ? rowTop + lane[j] * laneH : rowTop;
      let ya = Math.floor(top);
      let yb = Math.floor(top + laneH);
      if (yb <= ya) yb = ya + 1;
      if (ya < 0) ya = 0;
      if (yb > H) yb = H;
      const c = colours[ci];
      if (thin) {
        // one pixel row (ya): paint only what the run does not cover yet
        const row = ya * W;
        if (pa >= runLo && pb <= runHi) continue;
        if (pb < runLo || pa > runHi) {
          buf.fill(c, row + pa, row + pb);
          if (pb - pa > runHi - runLo) [runLo, runHi] = [pa, pb];
        } else {
          if (pa < runLo) buf.fill(c, row + pa, row + runLo);
          if (pb > runHi) buf.fill(c, row + runHi, row + pb);
          runLo = Math.min(runLo, pa);
          runHi = Math.max(runHi, pb);
        }
      } else if (pb - pa === 1) {
        if (buf[ya * W + pa] !== WHITE) continue;
        for (let y = ya; y < yb; y++) buf[y * W + pa] = c;
      } else for (let y = ya; y < yb; y++) buf.fill(c, y * W + pa, y * W + pb);
    }
  }
  ctx.putImageData(cached, Math.round(MARGIN.left * dpr), Math.round(MARGIN.top * dpr));

  ctx.scale(dpr, dpr);
  const plotW = W / dpr;
  const plotH = H / dpr;
  const rowPx = plotH / (v.r1 - v.r0);
  const toX = (t: number) => MARGIN.left + ((t - v.t0) / (v.t1 - v.t0)) * plotW;
  const toY = (r: number) => MARGIN.top + (r - v.r0) * rowPx;

  if (o.arrows?.length) {
    // client lane (0) to server lane (1): their middles when the lanes are split, the row's top and bottom if not
    const laneMid = (r: number, l: number) => (split ? toY(r) + ((l + 0.5) * laneH) / dpr : toY(r) + (l === 0 ? 1 : rowPx - 1));
    ctx.strokeStyle = "#343a40";
    ctx.lineWidth = 1;
    for (const a of o.arrows) {
      if (a.row < ra || a.row >= rb) continue;
      const [la, lb] = a.back ? [1, 0] : [0, 1];
      arrow(ctx, toX(a.from), laneMid(a.row, la), toX(a.to), laneMid(a.row, lb));
    }
  }
  if (o.highlightRow !== undefined && o.highlightRow >= ra && o.highlightRow < rb) {
    ctx.strokeStyle = "#d63384";
    ctx.lineWidth = 2;
    ctx.strokeRect(MARGIN.left + 1, toY(o.highlightRow), plotW - 2, Math.max(2, rowPx));
  }
  if (o.brush) {
    const [a, b] = o.brush[0] <= o.brush[1] ? o.brush : [o.brush[1], o.brush[0]];
    ctx.fillStyle = "rgba(61, 139, 253, 0.15)";
    ctx.strokeStyle = "#3d8bfd";
    ctx.lineWidth = 1;
    const xa = Math.max(MARGIN.left, toX(a));
    const xb = Math.min(MARGIN.left + plotW, toX(b));
    ctx.fillRect(xa, MARGIN.top, Math.max(1, xb - xa), plotH);
    ctx.strokeRect(xa + 0.5, MARGIN.top + 0.5, Math.max(1, xb - xa), plotH - 1);
  }

  // time axis on top, in the unit that suits the window; far from zero the ticks count from an anchor
  const ticks = axisTicks(v.t0, v.t1, Math.max(2, Math.floor(plotW / 110)));
  ctx.fillStyle = "#495057";
  ctx.strokeStyle = "#ced4da";
  ctx.font = "11px Inter, sans-serif";
  ctx.textBaseline = "alphabetic";
  ctx.textAlign = "center";
  for (const tk of ticks.ticks) {
    const x = toX(tk.ns);
    if (x + ctx.measureText(tk.label).width / 2 > o.width - 2) continue; // would be cut at the edge
    ctx.beginPath();
    ctx.moveTo(x + 0.5, MARGIN.top - 5);
    ctx.lineTo(x + 0.5, MARGIN.top);
    ctx.stroke();
    ctx.fillText(tk.label, x, MARGIN.top - 8);
  }
  if (ticks.anchor) {
    ctx.textAlign = "right";
    ctx.fillText(ticks.anchor, MARGIN.left - 6, MARGIN.top - 8);
  }
  ctx.strokeRect(MARGIN.left + 0.5, MARGIN.top + 0.5, plotW - 1, plotH - 1);

  // call numbers (threads in threads mode) on the left when the rows are tall enough to read them
  ctx.textAlign = "right";
  ctx.textBaseline = "middle";
  ctx.fillStyle = "#495057";
  const rowName = (r: number) => (layout.mode === "threads" ? `thread ${layout.rowCall[r]}` : `#${layout.rowCall[r]}`);
  if (rowPx >= 11) {
    for (let r = ra; r < rb; r++) ctx.fillText(rowName(r), MARGIN.left - 6, toY(r) + rowPx / 2);
  } else if (rb > ra) {
    ctx.fillText(rowName(ra), MARGIN.left - 6, MARGIN.top + 6);
    ctx.fillText(rowName(rb - 1), MARGIN.left - 6, MARGIN.top + plotH - 6);
  }

  // calls that retransmitted (the link lost a packet): a mark in the margin left of the row, beside its number
  if (layout.mode !== "threads") {
    ctx.fillStyle = RETRANSMIT_COLOUR;
    const h = Math.max(3, Math.min(5, rowPx)); // between the call numbers (right edge at left − 6) and the plot
    for (let r = ra; r < rb; r++) {
      if (!layout.rowRetransmits[r]) continue;
      const y = toY(r) + rowPx / 2;
      ctx.beginPath();
      ctx.moveTo(MARGIN.left - 1, y);
      ctx.lineTo(MARGIN.left - 1 - h, y - h / 2);
      ctx.lineTo(MARGIN.left - 1 - h, y + h / 2);
      ctx.closePath();
      ctx.fill();
    }
  }

  // step names inside spans wide enough to hold them
  if (rowPx >= 14) {
    ctx.textAlign = "left";
    ctx.font = "10px Inter, sans-serif";
    for (let r = ra; r < rb; r++) {
      let ja = spanStart[r];
      let jb = spanStart[r + 1];
      if (cull && jb - ja > SEARCH_SPANS) {
        ja = firstAbove(cull.endMax, v.t0 - 1e-9, ja, jb);
        jb = firstAbove(cull.startMinAfter, tEnd, ja, jb);
      }
      for (let j = ja; j < jb; j++) {
        const ci = codeIdx[j];
        if (o.hidden[ci] || x1[j] - x0[j] < minSpan) continue;
        const xa = Math.max(MARGIN.left, toX(x0[j]));
        const xb = Math.min(MARGIN.left + plotW, toX(x1[j]));
        if (xb - xa < 46) continue;
        const laneTop = split ? toY(r) + (lane[j] * laneH) / dpr : toY(r);
        ctx.fillStyle = codeIdx[j] !== undefined && /wait/.test(layout.codes[ci].name) ? "#495057" : "#ffffff";
        ctx.fillText(layout.codes[ci].name, xa + 3, laneTop + laneH / dpr / 2, xb - xa - 6);
      }
    }
  }
}
