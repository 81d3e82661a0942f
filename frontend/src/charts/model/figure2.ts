// The case study's Figure 2 as small multiples: RTT against think time, one panel per call kind × cache policy,
// one colour per thread count; measured means as markers with their 95% interval, the model as a line over its
// band. Panels of one call kind share their axes so `single`'s rise beside `per-thread`'s fall reads at a glance.
// D3 computes scales and path strings here; the component only draws them.
import { extent } from "d3-array";
import { scaleLinear, scaleLog } from "d3-scale";
import { area, line } from "d3-shape";
import type { Tick } from "../common/Axis";
import { groups, policies, type PolicyRow } from "./policy";
import { packetsPerCall, whatifKey, type Packetisation } from "./table2";
import { lineStyle } from "../common/seriesStyle";
import { applies, flagged } from "./solvers";

export const PANEL_MARGIN = { top: 8, right: 12, bottom: 40, left: 56 };

export interface F2Marker {
  key: string;
  cx: number;
  cy: number;
  /** the 95% interval's ends in px, when the row has one */
  ciTop: number | null;
  ciBottom: number | null;
  flagged: boolean;
  /** false where the model does not apply: drawn hollow, never flagged */
  applies: boolean;
  row: PolicyRow;
}

export interface F2Series {
  threads: number;
  color: string;
  /** the model line's svg dash pattern ("" solid): thread counts differ in dash as well as colour */
  dash: string;
  model: string; // path
  band: string | null; // path of the model's band, when every point of the line has one
  whatif: string | null; // path of the what-if model
  /** the asymptotic bounds no closed system crosses (Lazowska et al., ch. 5): the lower one wherever every point
   * of the line has bounds, the upper one only where it fits the axes the data set (it would flatten them) */
  lower: string | null;
  upper: string | null;
  markers: F2Marker[];
}

export interface F2Panel {
  id: string;
  group: string;
  policy: string;
  title: string;
  innerW: number;
  innerH: number;
  x: (think: number) => number;
  y: (rtt: number) => number;
  xTicks: Tick[];
  yTicks: Tick[];
  series: F2Series[];
  /** the RTT axis's unit: µs when every value drawn is below 1 ms */
  yUnit: "ms" | "µs";
  /** measured RTT at the smallest think > 0 above the one at think 0, for some thread count > 1 (the anomaly's shape) */
  rises: boolean;
}

export interface F2Options {
  panelW: number;
  panelH: number;
  logY?: boolean;
  whatif?: Record<string, number> | null;
  packetisation?: Packetisation | null;
}

const fmt = (v: number) => String(Number(v.toPrecision(3)));

/** Panels in reading order: call kinds top to bottom, policies left to right (the default first). */
export function figure2(rows: PolicyRow[], opts: F2Options): F2Panel[] {
  const innerW = Math.max(60, opts.panelW - PANEL_MARGIN.left - PANEL_MARGIN.right);
  const innerH = Math.max(60, opts.panelH - PANEL_MARGIN.top - PANEL_MARGIN.bottom);
  const out: F2Panel[] = [];
  // a thread count keeps its colour in every panel
  const allThreads = [...new Set(rows.map((r) => r.threads))].sort((a, b) => a - b);
  for (const group of groups(rows)) {
    const mine = rows.filter((r) => r.group === group);
    if (new Set(mine.map((r) => r.think)).size < 2) continue; // one think time: no line to draw
    const pols = policies(mine);
    const threads = [...new Set(mine.map((r) => r.threads))].sort((a, b) => a - b);
    // one pair of axes per call kind: everything any panel of it draws
    const ys = mine.flatMap((r) => [r.model, r.measured, ...(r.measured_ci95 ?? []), ...(r.model_band ?? []), ...(r.bounds ? [r.bounds.lower] : []),
      ...(opts.whatif?.[whatifKey(group, r.key)] !== undefined ? [opts.whatif[whatifKey(group, r.key)]] : [])]).filter((v) => Number.isFinite(v) && v > 0);
    const [xlo, xhi] = extent(mine, (r) => r.think) as [number, number];
    const x = scaleLinear().domain([xlo, xhi > xlo ? xhi : xlo + 1]).range([0, innerW]);
    const [ylo, yhi] = extent(ys) as [number, number];
    const pad = (yhi - ylo) * 0.08 || ylo * 0.1 || 1;
    const y = opts.logY && ylo > 0
      ? scaleLog().domain([ylo / 1.15, yhi * 1.15]).range([innerH, 0]) // not nice(): it would pad to whole decades
      : scaleLinear().domain([Math.max(0, ylo - pad), yhi + pad]).range([innerH, 0]).nice();
    const xTicks = x.ticks(Math.max(2, Math.floor(innerW / 50))).map((v) => ({ value: v, label: fmt(v) }));
    const yUnit = yhi < 1 ? "µs" : "ms";
    const yTicks = y.ticks(Math.max(2, Math.floor(innerH / 36))).map((v) => ({ value: v, label: fmt(yUnit === "µs" ? v * 1000 : v) }));
    // a log axis keeps 1-2-5 per decade (d3 gives every integer mantissa)
    const mantissa = (v: number) => Math.round(v / 10 ** Math.floor(Math.log10(v) + 1e-9));
    const onLog = (ms: number[]) => yTicks.filter((t) => ms.includes(mantissa(t.value)));
    const yTicksShown = !opts.logY ? yTicks : onLog([1, 2, 5]).length > 7 ? onLog([1]) : onLog([1, 2, 5]);
    const path = line<[number, number]>().x((d) => x(d[0])).y((d) => y(d[1]));
    const bandPath = area<[number, number, number]>().x((d) => x(d[0])).y0((d) => y(d[1])).y1((d) => y(d[2]));
    const packets = packetsPerCall(mine, group, opts.packetisation);
    for (const policy of pols) {
      const series: F2Series[] = [];
      for (const t of threads) {
        const byThink = new Map<number, PolicyRow>();
        for (const r of mine) if (r.policy === policy && r.threads === t && !byThink.has(r.think)) byThink.set(r.think, r);
        const rs = [...byThink.values()].sort((a, b) => a.think - b.think);
        if (!rs.length) continue;
        const bands = rs.every((r) => r.model_band) ? rs.map((r) => [r.think, Math.min(...r.model_band!), Math.max(...r.model_band!)] as [number, number, number]) : null;
        const bounded = rs.every((r) => r.bounds);
        const uppers = bounded ? rs.map((r) => r.bounds!.upper) : [];
        const wk = (r: PolicyRow) => whatifKey(group, r.key);
        const wi = opts.whatif ? rs.filter((r) => opts.whatif![wk(r)] !== undefined).map((r) => [r.think, opts.whatif![wk(r)]] as [number, number]) : [];
        series.push({
          threads: t, ...lineStyle(allThreads.indexOf(t)),
          model: path(rs.map((r) => [r.think, r.model])) ?? "",
          band: bands ? bandPath(bands) : null,
          whatif: wi.length ? path(wi) : null,
          lower: bounded ? path(rs.map((r) => [r.think, r.bounds!.lower])) : null,
          upper: bounded && Math.max(...uppers) <= y.domain()[1] ? path(rs.map((r) => [r.think, r.bounds!.upper])) : null,
          markers: rs.map((r) => ({
            key: r.key, cx: x(r.think), cy: y(r.measured), flagged: flagged(r), applies: applies(r), row: r,
            ciTop: r.measured_ci95 ? y(Math.max(...r.measured_ci95)) : null,
            ciBottom: r.measured_ci95 ? y(Math.max(y.domain()[0], Math.min(...r.measured_ci95))) : null,
          })),
        });
      }
      // Figure 2's anomaly: with think time the RTT rises above the back-to-back one, beyond both 95% intervals
      // where the rows have them (noise alone would tag half the panels), and the model flags it (a rise the
      // model predicts or tolerates, e.g. a host waking slower when idle, is not the anomaly)
      const rises = series.some((s) => s.threads > 1 && s.markers.length > 1 && s.markers[0].row.think === 0 &&
        clearlyAbove(s.markers[1].row, s.markers[0].row) && (!s.markers[1].row.measured_ci95 || s.markers[1].flagged));
      out.push({ id: `${group}|${policy}`, group, policy, innerW, innerH, x, y, xTicks, yTicks: yTicksShown, yUnit, series, rises,
        title: `${packets ? `${packets}-packet calls (${group})` : `${group} calls`}, cache ${policy}` });
    }
  }
  return out;
}

function clearlyAbove(a: PolicyRow, b: PolicyRow): boolean {
  if (a.measured_ci95 && b.measured_ci95) return Math.min(...a.measured_ci95) > Math.max(...b.measured_ci95);
  return a.measured > b.measured;
}

/** Thread counts drawn, with their colours and dashes, for one legend under all panels. */
export function threadLegend(panels: F2Panel[]): { threads: number; color: string; dash: string }[] {
  const seen = new Map<number, { color: string; dash: string }>();
  for (const p of panels) for (const s of p.series) if (!seen.has(s.threads)) seen.set(s.threads, { color: s.color, dash: s.dash });
  return [...seen].sort((a, b) => a[0] - b[0]).map(([threads, st]) => ({ threads, ...st }));
}
