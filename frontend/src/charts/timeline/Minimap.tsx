// The timeline's overview strip: every call's RTT as bars on a canvas, the window boxed; click or drag to move it.
import { useLayoutEffect, useMemo, useRef, type MouseEvent } from "react";
import { formatNs } from "../../format";
import { MARGIN } from "./render";
import { bucketRows, focusRow, settle, type Layout, type View } from "./transform";

const HEIGHT = 44;

/** The whole range of calls as bars (max RTT per bucket of calls, mean darker), the current window boxed.
 * Click or drag to move the window there. */
export function Minimap({ layout, view, onMove, width }: { layout: Layout; view: View; onMove: (v: View) => void; width: number }) {
  const ref = useRef<HTMLCanvasElement | null>(null);
  const plotW = Math.max(50, width - MARGIN.left - MARGIN.right);
  const n = Math.max(1, Math.floor(plotW / 2));
  const buckets = useMemo(() => bucketRows(layout, n), [layout, n]);
  const peak = useMemo(() => buckets.max.reduce((a, b) => Math.max(a, b), 0), [buckets]);

  useLayoutEffect(() => {
    const ctx = ref.current?.getContext?.("2d");
    if (!ctx || !ref.current) return;
    ref.current.width = width;
    ref.current.height = HEIGHT;
    ctx.clearRect(0, 0, width, HEIGHT);
    ctx.fillStyle = "#f1f3f5";
    ctx.fillRect(MARGIN.left, 0, plotW, HEIGHT);
    const bw = plotW / n;
    for (let b = 0; b < n; b++) {
      if (!buckets.count[b] || peak <= 0) continue;
      const hMax = (buckets.max[b] / peak) * (HEIGHT - 4);
      const hMean = (buckets.mean[b] / peak) * (HEIGHT - 4);
      ctx.fillStyle = "#9ec5fe";
      ctx.fillRect(MARGIN.left + b * bw, HEIGHT - hMax, Math.max(1, bw), hMax);
      ctx.fillStyle = "#3d8bfd";
      ctx.fillRect(MARGIN.left + b * bw, HEIGHT - hMean, Math.max(1, bw), hMean);
    }
    const rows = Math.max(layout.rows, 1);
    const xa = MARGIN.left + (Math.max(0, view.r0) / rows) * plotW;
    const xb = MARGIN.left + (Math.min(rows, view.r1) / rows) * plotW;
    ctx.strokeStyle = "#d63384";
    ctx.lineWidth = 2;
    ctx.strokeRect(xa, 1, Math.max(3, xb - xa), HEIGHT - 2);
    ctx.fillStyle = "#495057";
    ctx.font = "10px Inter, sans-serif";
    ctx.textAlign = "right";
    ctx.textBaseline = "top";
    ctx.fillText(formatNs(peak), MARGIN.left - 6, 2);
    ctx.fillText("0", MARGIN.left - 6, HEIGHT - 12);
  }, [buckets, peak, view, layout.rows, width, plotW, n]);

  const moveTo = (e: MouseEvent) => {
    const rect = ref.current!.getBoundingClientRect();
    const f = (e.clientX - rect.left - MARGIN.left) / plotW;
    if (f < 0 || f > 1 || layout.rows === 0) return;
    const row = Math.min(layout.rows - 1, Math.floor(f * layout.rows));
    if (layout.mode === "real" && view.r1 - view.r0 < 25) {
      onMove(focusRow(layout, row));
      return;
    }
    const half = (view.r1 - view.r0) / 2;
    if (layout.mode === "real") {
      const dt = layout.rowStartNs[row] - (view.t0 + view.t1) / 2;
      onMove(settle(layout, { ...view, t0: view.t0 + dt, t1: view.t1 + dt }));
    } else {
      onMove(settle(layout, { ...view, r0: row - half, r1: row + half }));
    }
  };

  return (
    <canvas
      ref={ref}
      className="timeline-minimap"
      data-testid="timeline-minimap"
      style={{ width, height: HEIGHT }}
      title="every call's RTT: max per bucket light, mean dark; click or drag to move the window"
      aria-label="Minimap: every call's RTT (max and mean per bucket); the box is the window shown above"
      role="img"
      onMouseDown={moveTo}
      onMouseMove={(e) => e.buttons === 1 && moveTo(e)}
    />
  );
}
