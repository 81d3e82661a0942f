// The timeline's level of detail: skipping what cannot show must leave the same pixels inked as painting every
// span would, each in the colour of a span that covers it (checked against a plain painter, zoomed out and in).
import { describe, expect, it } from "vitest";
import { MARGIN, drawTimeline, stepColour, viewGeometry } from "./render";
import { syntheticTimeline } from "./syntheticTimeline";
import { buildThreadLayout } from "./threads";
import { buildLayout, fitView, settle, type Layout, type View } from "./transform";

const WIDTH = 400;
const HEIGHT = 150;

/** A 2D context that keeps the span pixels (putImageData) and ignores the text and strokes drawn over them. */
function fakeContext() {
  const put: { img: ImageData | null } = { img: null };
  const ctx = new Proxy({} as Record<string | symbol, unknown>, {
    get(_, key) {
      if (key === "createImageData") return (w: number, h: number) => ({ width: w, height: h, data: new Uint8ClampedArray(w * h * 4) });
      if (key === "putImageData") return (img: ImageData) => (put.img = img);
      if (key === "measureText") return () => ({ width: 10 });
      if (key === "canvas") return { width: WIDTH, height: HEIGHT };
      return () => undefined;
    },
    set: () => true,
  });
  return { ctx: ctx as unknown as CanvasRenderingContext2D, put };
}

function rgba(hex: string): number {
  const v = parseInt(hex.slice(1), 16);
  return ((255 << 24) | ((v & 255) << 16) | (((v >> 8) & 255) << 8) | ((v >> 16) & 255)) >>> 0;
}

/** Every span painted in full, no skipping: for each pixel, the colours of the spans that cover it. */
function plainCoverage(layout: Layout, v: View, W: number, H: number): Set<number>[] {
  const cover: Set<number>[] = Array.from({ length: W * H }, () => new Set());
  const { sx, rowH, split, laneH } = viewGeometry(layout, v, W, H);
  for (let r = Math.max(0, Math.floor(v.r0)); r < Math.min(layout.rows, Math.ceil(v.r1)); r++) {
    for (let j = layout.spanStart[r]; j < layout.spanStart[r + 1]; j++) {
      const xa = (layout.x0[j] - v.t0) * sx;
      const xb = (layout.x1[j] - v.t0) * sx;
      if (xb < 0 || xa >= W) continue;
      const pa = Math.max(0, Math.floor(xa));
      const pb = Math.max(pa + 1, Math.min(W, Math.ceil(xb)));
      const top = (r - v.r0) * rowH + (split ? layout.lane[j] * laneH : 0);
      const ya = Math.max(0, Math.floor(top));
      const yb = Math.min(H, Math.max(Math.floor(top) + 1, Math.floor(top + laneH)));
      const c = rgba(stepColour(layout.codes[layout.codeIdx[j]].code));
      for (let y = ya; y < yb; y++) for (let x = pa; x < pb; x++) cover[y * W + x].add(c);
    }
  }
  return cover;
}

function check(layout: Layout, v: View) {
  const { ctx, put } = fakeContext();
  const hidden = new Uint8Array(layout.codes.length);
  drawTimeline(ctx, layout, v, { width: WIDTH, height: HEIGHT, dpr: 1, hidden });
  const img = put.img!;
  const px = new Uint32Array(img.data.buffer);
  const cover = plainCoverage(layout, v, img.width, img.height);
  let inked = 0;
  const wrong: string[] = [];
  for (let i = 0; i < px.length; i++) {
    const want = cover[i];
    if (want.size === 0 && px[i] !== 0xffffffff) wrong.push(`pixel ${i} inked where no span is`);
    if (want.size > 0 && !want.has(px[i])) wrong.push(`pixel ${i} is ${px[i].toString(16)}, not a colour of its spans`);
    if (want.size > 0) inked++;
    if (wrong.length > 3) break;
  }
  expect(wrong).toEqual([]);
  expect(inked).toBeGreaterThan(0);
}

describe("timeline level of detail", () => {
  const data = syntheticTimeline(6000);
  const plotW = WIDTH - MARGIN.left - MARGIN.right;

  it("inks exactly the pixels of the spans, zoomed out (rows thinner than a pixel) and in", () => {
    for (const mode of ["real", "aligned"] as const) {
      const layout = buildLayout(data, { mode });
      check(layout, fitView(layout));
      // a few hundred calls (rows a pixel or so tall), then ten (lanes split), in the middle of the run
      const t0 = mode === "real" ? layout.rowStartNs[2000] : 0;
      check(layout, settle(layout, { t0, t1: t0 + ((layout.extent[1] - layout.extent[0]) / plotW) * 40, r0: 2000, r1: 2100 }));
      check(layout, settle(layout, { t0, t1: t0 + (mode === "real" ? 10_000 : 2_500), r0: 2000, r1: 2010 }));
    }
  });

  it("inks exactly the pixels of a thread's track of many spans, whole and a window of it", () => {
    // the server's step in one call of 40: a block of spans may hold the only one of its column
    const keep = data.steps.code.map((c, i) => c !== 102 || data.steps.call_no[i] % 40 === 0);
    const pick = (xs: number[]) => xs.filter((_, i) => keep[i]);
    const sparse = { ...data, steps: { call_no: pick(data.steps.call_no), code: pick(data.steps.code), start_ns: pick(data.steps.start_ns), end_ns: pick(data.steps.end_ns) } };
    const layout = buildThreadLayout(sparse, {});
    check(layout, fitView(layout));
    check(layout, settle(layout, { t0: 2_000_000, t1: 2_050_000, r0: 0, r1: layout.rows }));
  });
});
