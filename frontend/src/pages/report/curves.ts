// Series of the RTT-vs-size and throughput figures, as the run page's tabs draw them, for the report and for the
// comparison report's overlays (two runs on one chart: run A solid, run B dashed).
import type { EcsThroughput } from "../../api/figures";
import type { SizeRow } from "../../charts/rttSize/transform";
import type { ModelThroughput, ThroughputSeries } from "../../charts/throughput/transform";
import { formatCount } from "../../format";
import { SERIES_COLORS } from "../../charts/common/seriesStyle";

// two runs overlaid: A blue and solid, B vermillion and dashed (apart in colour, for colour-blind readers, and in grey scale)
export const RUN_A_COLOR = SERIES_COLORS[0];
export const RUN_B_COLOR = SERIES_COLORS[5];

export interface CurvePoint {
  x: number;
  y: number;
  lo?: number;
  hi?: number;
}

export interface Curve {
  id: string;
  label: string;
  color: string;
  points: CurvePoint[];
  dash?: "dashed" | "dotted";
  dotsOnly?: boolean;
}

const us = (ns: number) => ns / 1e3;

/** The RTT-vs-size tab's series (mean ± 95% CI of later calls, first calls, unit-cost model), in µs. */
export function rttSizeCurves(rows: SizeRow[], withModel: boolean): Curve[] {
  return [
    { id: "subsequent", label: "subsequent calls (mean, 95% CI)", color: SERIES_COLORS[0], points: rows.map((r) => ({ x: r.request_bytes, y: us(r.mean_ns), lo: us(r.ci_low_ns), hi: us(r.ci_high_ns) })) },
    { id: "first", label: "first call (new handle)", color: SERIES_COLORS[1], dotsOnly: true, points: rows.filter((r) => r.first_ns !== null).map((r) => ({ x: r.request_bytes, y: us(r.first_ns!) })) },
    ...(withModel ? [{ id: "unit-cost", label: "unit-cost model", color: SERIES_COLORS[3], dash: "dashed" as const, points: rows.filter((r) => r.predicted_ns !== null).map((r) => ({ x: r.request_bytes, y: us(r.predicted_ns!) })) }] : []),
  ];
}

/** Two runs' mean RTT per size on one chart: A solid blue, B dashed vermillion, each with its 95% CI. */
export function rttSizeOverlay(a: SizeRow[], b: SizeRow[], ids: [number, number]): Curve[] {
  const line = (rows: SizeRow[], who: string, id: number, color: string, dash?: "dashed"): Curve => ({
    id: `run-${who}`, label: `run ${who} #${id} (mean, 95% CI)`, color, dash,
    points: rows.map((r) => ({ x: r.request_bytes, y: us(r.mean_ns), lo: us(r.ci_low_ns), hi: us(r.ci_high_ns) })),
  });
  return [line(a, "A", ids[0], RUN_A_COLOR), line(b, "B", ids[1], RUN_B_COLOR, "dashed")];
}

export type ThroughputField = "calls_per_s" | "mbit_per_s";

/** The throughput tab's series for one field: per request size the measured curve, and the run's stored model at the
 * same points (dashed) where it has one. */
export function throughputCurves(series: ThroughputSeries[], model: Map<number, ModelThroughput>, field: ThroughputField, colors: string[]): Curve[] {
  return series.flatMap((s, i) => {
    const color = colors[i % colors.length];
    const measured: Curve = { id: `${field}-${s.request_bytes}`, label: `${formatCount(s.request_bytes)} B measured`, color, points: s.rows.map((r) => ({ x: r.threads, y: r[field] })) };
    const at = s.rows.flatMap((r) => { const m = model.get(r.point_no); return m ? [{ r, m }] : []; });
    if (!at.length) return [measured];
    // Mbit/s of the model: its calls/s times the point's measured payload per call
    const perCall = (r: ThroughputSeries["rows"][number]) => (r.calls_per_s > 0 ? r.mbit_per_s / r.calls_per_s : 0);
    return [measured, { id: `model-${field}-${s.request_bytes}`, label: `${formatCount(s.request_bytes)} B model`, color, dash: "dashed" as const,
      points: at.map(({ r, m }) => ({ x: r.threads, y: field === "calls_per_s" ? m.calls_per_s : m.calls_per_s * perCall(r) })) }];
  });
}

/** Two runs' measured throughput per request size on one chart: run A solid, run B dashed, one colour per size. */
export function throughputOverlay(a: ThroughputSeries[], b: ThroughputSeries[], field: ThroughputField, ids: [number, number], colors: string[]): Curve[] {
  const sizes = [...new Set([...a, ...b].map((s) => s.request_bytes))].sort((x, y) => x - y);
  const line = (s: ThroughputSeries, who: string, id: number, dash?: "dashed"): Curve => ({
    id: `${who}-${s.request_bytes}`, label: `run ${who} #${id}, ${formatCount(s.request_bytes)} B`, dash,
    color: colors[sizes.indexOf(s.request_bytes) % colors.length],
    points: s.rows.map((r: EcsThroughput) => ({ x: r.threads, y: r[field] })),
  });
  return [...a.map((s) => line(s, "A", ids[0])), ...b.map((s) => line(s, "B", ids[1], "dashed"))];
}
