// The Timeline tab's chart: every call's steps on a canvas in real time, aligned or per thread, with zoom, pan,
// filters, search, a minimap and the statistics of a selected range; it logs its frame times for the bench.
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { flushSync } from "react-dom";
import type { TimelineColumns } from "./wire";
import { formatCount, formatNs } from "../../format";
import { Tooltip } from "../common/Tooltip";
import { useWidth } from "../common/useWidth";
import { Minimap } from "./Minimap";
import { MARGIN, drawTimeline } from "./render";
import { legendGroups } from "./stepColours";
import { selectionStats } from "./selection";
import { buildThreadLayout, callOfSpan, callsInWindow, isThreadLayout, threadsInitialView, visibleArrows, type ThreadLayout } from "./threads";
import { SelectionPanel } from "./SelectionPanel";
import { TimelineToolbar, type Filters } from "./TimelineToolbar";
import {
  buildLayout,
  fitView,
  focusRow,
  initialView,
  laneOf,
  MIN_WINDOW_NS,
  matchingCodes,
  pan,
  parseSearch,
  RETRANSMIT_COLOUR,
  retransmissionsLabel,
  rowOfCall,
  settle,
  spanAt,
  zoomRows,
  zoomTime,
  type Layout,
  type View,
} from "./transform";

export interface TimelineChartProps {
  data: TimelineColumns;
  /** call to show and outline (deep link) */
  focusCall?: number | null;
  onSelectCall?: (callNo: number | null) => void;
  width?: number;
  height?: number;
}

/** Draw timings, read by the benchmark (bench/timeline_bench.mjs) and shown in the footer. */
interface FrameLog {
  frames: number[]; // canvas draw time of every frame (ms)
  zoomFrames: number[]; // whole frame of a wheel/drag update: React render + commit + draw (ms)
  firstDrawAt: number | null; // performance.now() of the first draw
}
declare global {
  interface Window {
    __perflabTimeline?: FrameLog;
  }
}

/** A bound typed in µs, or none when empty or not a number (the toolbar flags it). */
function usToNs(text: string): number | undefined {
  const v = Number(text);
  return text === "" || !Number.isFinite(v) ? undefined : v * 1e3;
}

/** Keeps the last 1,000 timings: enough for a benchmark, bounded for a long session. */
function record(list: number[], ms: number) {
  list.push(ms);
  if (list.length > 1000) list.shift();
}

/** A performance mark of the first render's phases (the bench's profile), once per page. */
function markOnce(name: string) {
  if (typeof performance !== "undefined" && performance.getEntriesByName?.(name).length === 0) performance.mark?.(name);
}

function frameLog(): FrameLog {
  return (window.__perflabTimeline ??= { frames: [], zoomFrames: [], firstDrawAt: null });
}

interface Hover {
  x: number;
  y: number;
  row: number;
  span: number;
}

export function TimelineChart({ data, focusCall = null, onSelectCall, width: fixedWidth, height = 460 }: TimelineChartProps) {
  const [wrapRef, width] = useWidth<HTMLDivElement>(fixedWidth);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [filters, setFilters] = useState<Filters>({
    mode: "real", order: "call", minUs: "", maxUs: "", minStepUs: "", search: "",
  });
  const minSpanNs = usToNs(filters.minStepUs) ?? 0;
  const [hidden, setHidden] = useState<Set<number>>(new Set());
  const layout: Layout = useMemo(
    () => {
      markOnce("timeline-layout-start");
      const range = { minRttNs: usToNs(filters.minUs), maxRttNs: usToNs(filters.maxUs) };
      if (filters.mode === "threads") return buildThreadLayout(data, range);
      return buildLayout(data, { mode: filters.mode, order: filters.mode === "aligned" ? filters.order : "call", ...range });
    },
    [data, filters.mode, filters.order, filters.minUs, filters.maxUs],
  );
  const threads = isThreadLayout(layout) ? layout : null;
  const opening = (l: Layout) => (isThreadLayout(l) ? threadsInitialView(l) : initialView(l));
  const [view, setView] = useState<View>(() => opening(layout));
  const [hover, setHover] = useState<Hover | null>(null);
  const [brush, setBrush] = useState<[number, number] | null>(null);
  const [lastFrameMs, setLastFrameMs] = useState<number | null>(null);
  const drag = useRef<{ kind: "pan" | "brush"; x: number; y: number; view: View; t: number } | null>(null);

  const hiddenMask = useMemo(() => {
    const m = new Uint8Array(layout.codes.length);
    layout.codes.forEach((c, i) => (m[i] = hidden.has(c.code) ? 1 : 0));
    return m;
  }, [layout, hidden]);
  const search = parseSearch(filters.search);
  // threads mode: the request and reply arrows of the calls in view (none when too many to read)
  const arrows = useMemo(() => (threads ? visibleArrows(threads, view.t0, view.t1) : undefined), [threads, view.t0, view.t1]);
  const dimmed = useMemo(() => {
    if (!search || !("step" in search)) return undefined;
    const match = new Set(matchingCodes(layout.codes, search.step));
    if (match.size === 0) return undefined;
    return Uint8Array.from(layout.codes, (_, i) => (match.has(i) ? 0 : 1));
  }, [layout, search && "step" in search ? search.step : null]); // eslint-disable-line react-hooks/exhaustive-deps

  // threads mode: rows are threads, a deep-linked call is found among the tracks' calls
  const focusRowIndex = focusCall === null || threads ? -1 : rowOfCall(layout, focusCall);
  const focusThreadCall = focusCall === null || !threads ? -1 : threads.threads.callNo.indexOf(focusCall);
  // a new layout (mode, filters, data) or a new deep-linked call resets the window: to the first few calls, whose
  // steps can be read (0 or Fit shows the whole run)
  useEffect(() => {
    if (threads && focusThreadCall >= 0) {
      const t = threads.threads;
      const rtt = Math.max(t.rtt[focusThreadCall], MIN_WINDOW_NS);
      setView(settle(layout, { t0: t.start[focusThreadCall] - rtt * 0.5, t1: t.start[focusThreadCall] + rtt * 1.5, r0: 0, r1: layout.rows }));
    } else setView(focusRowIndex >= 0 ? focusRow(layout, focusRowIndex) : opening(layout));
    setBrush(null);
  }, [layout, focusRowIndex, focusThreadCall]); // eslint-disable-line react-hooks/exhaustive-deps

  const plotW = Math.max(50, width - MARGIN.left - MARGIN.right);
  const plotH = Math.max(50, height - MARGIN.top - MARGIN.bottom);
  const dpr = typeof window !== "undefined" ? Math.min(2, window.devicePixelRatio || 1) : 1;

  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext?.("2d");
    if (!canvas || !ctx) return; // jsdom has no canvas
    markOnce("timeline-draw-start");
    const t = performance.now();
    canvas.width = Math.floor(width * dpr);
    canvas.height = Math.floor(height * dpr);
    drawTimeline(ctx, layout, view, {
      width,
      height,
      dpr,
      hidden: hiddenMask,
      dimmed,
      highlightRow: focusRowIndex >= 0 ? focusRowIndex : undefined,
      brush,
      minSpanNs,
      arrows,
    });
    const ms = performance.now() - t;
    const log = frameLog();
    record(log.frames, ms);
    if (log.firstDrawAt === null) {
      log.firstDrawAt = performance.now();
      performance.mark("timeline-first-draw");
    }
    canvas.dataset.drawn = String((Number(canvas.dataset.drawn) || 0) + 1);
    setLastFrameMs(ms);
  }, [layout, view, width, height, dpr, hiddenMask, dimmed, focusRowIndex, brush, minSpanNs, arrows]);

  const pending = useRef<View | null>(null);
  const schedule = (next: View) => {
    // wheel events come faster than frames: keep the latest, apply it once per animation frame
    const first = pending.current === null;
    pending.current = next;
    if (first) {
      requestAnimationFrame(() => {
        const next = pending.current;
        pending.current = null;
        if (!next) return;
        const t = performance.now();
        flushSync(() => setView(next)); // render and draw within this animation frame
        record(frameLog().zoomFrames, performance.now() - t);
      });
    }
  };
  const current = () => pending.current ?? view;

  const local = (e: { clientX: number; clientY: number }) => {
    const rect = canvasRef.current!.getBoundingClientRect();
    return { x: e.clientX - rect.left - MARGIN.left, y: e.clientY - rect.top - MARGIN.top };
  };
  const timeAt = (v: View, x: number) => v.t0 + (x / plotW) * (v.t1 - v.t0);
  const hitTest = (x: number, y: number): { row: number; span: number } => {
    if (x < 0 || y < 0 || x > plotW || y > plotH) return { row: -1, span: -1 };
    const rowPx = plotH / (view.r1 - view.r0);
    const rf = view.r0 + y / rowPx;
    const row = Math.floor(rf);
    const lanes = Math.max(1, ...layout.codes.map((c) => laneOf(c.side) + 1));
    const split = rowPx * dpr >= 3 * lanes;
    const lane = split ? Math.min(lanes - 1, Math.floor((rf - row) * lanes)) : undefined;
    return { row, span: spanAt(layout, row, timeAt(view, x), hiddenMask, lane, minSpanNs) };
  };

  // React's onWheel is passive: a native listener can stop the page from scrolling while zooming
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (e: WheelEvent) => {
      const { x, y } = local(e);
      if (x < 0 || x > plotW) return;
      e.preventDefault();
      const factor = Math.pow(1.0015, e.deltaY);
      const v = current();
      if (e.shiftKey && layout.mode === "aligned") schedule(zoomRows(layout, v, factor, Math.max(0, Math.min(1, y / plotH))));
      else schedule(zoomTime(layout, v, factor, Math.max(0, Math.min(1, x / plotW))));
    };
    canvas.addEventListener("wheel", onWheel, { passive: false });
    return () => canvas.removeEventListener("wheel", onWheel);
  });

  const onMouseDown = (e: MouseEvent) => {
    if (e.button !== 0) return;
    const { x, y } = local(e);
    const kind = e.shiftKey ? "brush" : "pan";
    drag.current = { kind, x, y, view, t: timeAt(view, x) };
    if (kind === "brush") setBrush([drag.current.t, drag.current.t]);
  };
  const onMouseMove = (e: MouseEvent) => {
    const { x, y } = local(e);
    const d = drag.current;
    if (d?.kind === "pan") {
      const dx = -(x - d.x) / plotW;
      const dy = -(y - d.y) / plotH;
      schedule(pan(layout, d.view, dx, layout.mode === "aligned" ? dy : 0));
      setHover(null);
      return;
    }
    if (d?.kind === "brush") {
      setBrush([d.t, timeAt(view, Math.max(0, Math.min(plotW, x)))]);
      return;
    }
    const hit = hitTest(x, y);
    setHover(hit.row >= 0 && hit.row < layout.rows ? { x: x + MARGIN.left, y: y + MARGIN.top, ...hit } : null);
  };
  const onMouseUp = (e: MouseEvent) => {
    const d = drag.current;
    drag.current = null;
    if (!d) return;
    const { x, y } = local(e);
    const moved = Math.abs(x - d.x) + Math.abs(y - d.y) > 3;
    if (d.kind === "brush" && !moved) setBrush(null);
    if (d.kind === "pan" && !moved) {
      const hit = hitTest(x, y);
      if (threads) {
        const k = callOfSpan(threads, hit.span);
        if (k >= 0) onSelectCall?.(threads.threads.callNo[k]);
      } else if (hit.row >= 0 && hit.row < layout.rows) onSelectCall?.(layout.rowCall[hit.row]);
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const v = view;
    const steps: Record<string, () => View> = {
      "+": () => zoomTime(layout, v, 0.7),
      "=": () => zoomTime(layout, v, 0.7),
      "-": () => zoomTime(layout, v, 1 / 0.7),
      ArrowLeft: () => pan(layout, v, -0.2, 0),
      ArrowRight: () => pan(layout, v, 0.2, 0),
      ArrowUp: () => (layout.mode === "aligned" ? pan(layout, v, 0, -0.2) : pan(layout, v, -0.2, 0)),
      ArrowDown: () => (layout.mode === "aligned" ? pan(layout, v, 0, 0.2) : pan(layout, v, 0.2, 0)),
      "0": () => fitView(layout),
      Home: () => fitView(layout),
    };
    if (e.key === "Escape") {
      setBrush(null);
      return;
    }
    const f = steps[e.key];
    if (f) {
      e.preventDefault();
      setView(settle(layout, f()));
    }
  };

  const onSearch = () => {
    if (search && "call" in search) {
      const row = rowOfCall(layout, search.call);
      if (row >= 0) onSelectCall?.(search.call);
    }
  };
  const searchMiss =
    search && "call" in search
      ? rowOfCall(layout, search.call) < 0
        ? `call #${search.call} is not among the ${formatCount(layout.rows)} calls shown`
        : null
      : search && "step" in search && !dimmed
        ? `no step named like "${search.step}"`
        : null;

  // the selected range's calls and steps (Perfetto's area selection): once it is wider than a pixel
  const selection = useMemo(
    () => (brush && Math.abs(brush[1] - brush[0]) > (view.t1 - view.t0) / plotW ? selectionStats(layout, brush[0], brush[1], hiddenMask) : null),
    [brush, layout, hiddenMask], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const visibleRows = Math.max(0, Math.min(layout.rows, Math.ceil(view.r1)) - Math.max(0, Math.floor(view.r0)));
  const tip = hover ? (threads ? <ThreadTip layout={threads} hover={hover} /> : <HoverTip layout={layout} hover={hover} />) : null;

  return (
    <div className="timeline" data-testid="timeline">
      <TimelineToolbar
        filters={filters}
        onFilters={setFilters}
        codes={layout.codes}
        hidden={hidden}
        onToggle={(code) =>
          setHidden((h) => {
            const next = new Set(h);
            if (next.has(code)) next.delete(code);
            else next.add(code);
            return next;
          })
        }
        onSearch={onSearch}
        searchMiss={searchMiss}
        onZoom={(f) => setView(zoomTime(layout, view, f))}
        onFit={() => setView(fitView(layout))}
      />
      <div className="timeline-canvas-wrap" ref={wrapRef} style={{ height }}>
        <canvas
          ref={canvasRef}
          className="timeline-canvas"
          data-testid="timeline-canvas"
          style={{ width, height }}
          tabIndex={0}
          role="img"
          aria-label={`Timeline of ${threads ? `${formatCount(threads.threads.callNo.length)} calls on ${formatCount(layout.rows)} thread tracks` : `${formatCount(layout.rows)} calls`} and ${formatCount(layout.spans)} steps. Wheel or + and - zoom, drag or arrows pan, shift-drag selects a range, 0 fits.`}
          onMouseDown={onMouseDown}
          onMouseMove={onMouseMove}
          onMouseUp={onMouseUp}
          onMouseLeave={() => {
            drag.current = null;
            setHover(null);
          }}
          onKeyDown={onKeyDown}
        />
        {tip && (
          <Tooltip x={hover!.x} y={hover!.y} containerWidth={width}>
            {tip}
          </Tooltip>
        )}
      </div>
      {!threads && <Minimap layout={layout} view={view} onMove={(v) => setView(v)} width={width} />}
      <div className="timeline-footer muted small">
        <span data-testid="timeline-window">
          window {formatNs(view.t1 - view.t0)} ·{" "}
          {threads
            ? `${formatCount(layout.rows)} thread${layout.rows === 1 ? "" : "s"} · calls ${formatCount(callsInWindow(threads, view.t0, view.t1))} of ${formatCount(threads.threads.callNo.length)} in the window${arrows?.length ? "" : " (arrows when 60 or fewer)"}`
            : `calls ${formatCount(visibleRows)} of ${formatCount(layout.rows)} shown`} ·{" "}
          {formatCount(layout.spans)} steps
        </span>
        {brush && (
          <span className="timeline-brush" data-testid="timeline-brush">
            measured Δt = {formatNs(Math.abs(brush[1] - brush[0]))} (from {formatCount(Math.min(...brush))} ns to{" "}
            {formatCount(Math.max(...brush))} ns {layout.mode === "aligned" ? "after each call's start" : "after the first call's start"})
          </span>
        )}
        <span className="spacer" />
        {lastFrameMs !== null && <span title="time to draw the last frame">frame {lastFrameMs.toFixed(1)} ms</span>}
      </div>
      {selection && <SelectionPanel stats={selection} aligned={layout.mode === "aligned"} />}
      <div className="legend timeline-legend">
        {legendGroups(layout.codes).map((g) => (
          <span key={g.key} className="legend-group" data-testid="timeline-legend-group">
            <span className="legend-group-label">{g.label}</span>
            {g.steps.map((c) => (
              <span key={c.code} className="legend-item" title={layout.codes.find((x) => x.code === c.code)?.paper ? `paper ${layout.codes.find((x) => x.code === c.code)?.paper}` : undefined}>
                <span className="swatch" style={{ background: c.colour }} /> {c.name}
              </span>
            ))}
          </span>
        ))}
        {layout.mode !== "threads" && layout.rowRetransmits.some((n) => n > 0) && (
          <span className="legend-item" data-testid="timeline-retransmit-legend">
            <span className="swatch" style={{ background: RETRANSMIT_COLOUR }} /> ◀ call with retransmissions (a packet lost on the link)
          </span>
        )}
        <span className="muted small">
          wheel / + − zoom · drag / arrows pan · shift-drag selects a range (its calls and steps) · click a row to link to its call · 0 fits
        </span>
      </div>
    </div>
  );
}

/** Threads mode: the thread, and the call and step under the pointer. */
function ThreadTip({ layout, hover }: { layout: ThreadLayout; hover: Hover }) {
  const k = callOfSpan(layout, hover.span);
  const head = <div className="tt-call">thread {layout.rowCall[hover.row]}</div>;
  if (k < 0) return head;
  const t = layout.threads;
  const j = hover.span;
  const c = layout.codes[layout.codeIdx[j]];
  return (
    <>
      {head}
      <div className="tt-call">call #{t.callNo[k]} · RTT {formatNs(t.rtt[k])} ({formatCount(t.rtt[k])} ns)</div>
      <div><strong>{c.name}</strong> ({c.side}{c.paper ? `, paper ${c.paper}` : ""}) {formatNs(layout.x1[j] - layout.x0[j])}</div>
      <div>starts {formatNs(layout.x0[j] - t.start[k])} after the call's start</div>
      {!Number.isNaN(t.arriveNs[k]) && <div className="muted">request reached the server after {formatNs(t.arriveNs[k] - t.start[k])}, the reply left {formatNs(t.start[k] + t.rtt[k] - t.departNs[k])} before the end</div>}
    </>
  );
}

function HoverTip({ layout, hover }: { layout: Layout; hover: Hover }) {
  const r = hover.row;
  const callStart = layout.mode === "aligned" ? 0 : layout.rowStartNs[r];
  const head = (
    <div className="tt-call">
      call #{layout.rowCall[r]} · RTT {formatNs(layout.rowRttNs[r])} ({formatCount(layout.rowRttNs[r])} ns)
    </div>
  );
  const retx = retransmissionsLabel(layout.rowRetransmits[r]);
  const retxLine = retx && <div className="tt-retransmits" data-testid="tt-retransmits">{retx}</div>;
  if (hover.span < 0) return <>{head}{retxLine}</>;
  const j = hover.span;
  const c = layout.codes[layout.codeIdx[j]];
  const dur = layout.x1[j] - layout.x0[j];
  return (
    <>
      {head}
      {retxLine}
      <div>
        <strong>{c.name}</strong> (code {c.code}, {c.side}
        {c.paper ? `, paper ${c.paper}` : ""})
      </div>
      <div>
        duration {formatNs(dur)} ({formatCount(dur)} ns)
      </div>
      <div>
        starts {formatNs(layout.x0[j] - callStart)} after the call's start
      </div>
    </>
  );
}
