// What the Throughput tab and the report say under the chart and put in its table: the measured rate beside the run's
// one stored model (the Model tab's, same RTT at the same point), so no page draws a second model of its own.
import { SOLVER_NAMES, type Solver } from "../model/solvers";
import { inUnit } from "../model/table2";
import { formatCount, formatNs } from "../../format";
import type { PointParams } from "../../figures/figurePoints";
import { pointNamer } from "../../figures/pointWords";
import { knee, type ModelThroughput, type ThroughputSeries } from "./transform";

const num = (v: number, d = 1) => v.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });

export const THROUGHPUT_COLUMNS = ["size", "threads", "calls", "time", "calls/s", "model RTT", "model calls/s", "Mbit/s"];

/** One table row per size and thread count: the model's RTT as the Model tab prints it, and its calls/s. */
export function throughputRows(series: ThroughputSeries[], model: Map<number, ModelThroughput>) {
  return series.flatMap((s) => s.rows.map((r) => {
    const m = model.get(r.point_no);
    return {
      key: `${s.request_bytes}-${r.threads}`, point_no: r.point_no, solver: m?.solver ?? null,
      cells: [`${formatCount(r.request_bytes)} B`, String(r.threads), formatCount(r.calls), formatNs(r.elapsed_s * 1e9),
        formatCount(r.calls_per_s), m ? `${inUnit(m.model_ms, 1)} ms` : "—", m ? formatCount(m.calls_per_s) : "—", num(r.mbit_per_s, 2)],
    };
  }));
}

/** The paragraph under the charts: how the rates are counted, where each size saturates, and which model is dashed. */
export function throughputNote(series: ThroughputSeries[], model: Map<number, ModelThroughput>, modelReason: string | null,
  params: PointParams[] = []): string {
  const knees = series.map((s) => {
    const k = knee(s.rows);
    if (k === null) return "";
    const at = s.rows.find((r) => r.threads >= k);
    const b = at ? model.get(at.point_no)?.bottleneck : null;
    return ` ${formatCount(s.request_bytes)} B: one more thread than ${k} adds under 10% of one thread's rate (saturation${b ? `; the model's bottleneck there: ${b}` : ""}).`;
  }).join("");
  const solvers = [...new Set([...model.values()].map((m) => m.solver).filter((x): x is string => !!x))]
    .map((x) => SOLVER_NAMES[x as Solver] ?? x);
  const dashed = model.size > 0
    ? ` Dashed: the run's model, the Model tab's (${solvers.join(", ") || "its solver"} per point, as Table 2 says), as calls/s = threads ÷ model RTT.`
    : ` No model overlay: ${modelReason ?? "the run has no model"}.`;
  return `${drawnWords(series, params)}Calls/s = completed calls ÷ (last reply − first request) of the point; Mbit/s counts request + reply payload.${knees}${dashed}`;
}

/** Which of a sweep's points the curves are, when the run has others: "Drawn: the 6 points with no think · per-thread
 * cache, one per size and thread count; the run's other 42 points differ in think time or another setting." */
function drawnWords(series: ThroughputSeries[], params: PointParams[]): string {
  const drawn = series.flatMap((s) => s.rows);
  const others = params.length - drawn.length;
  if (others <= 0 || drawn.length === 0) return "";
  const held = pointNamer(params)(drawn[0].point_no).split(" · ").filter((w) => !/ B$|threads?$/.test(w)).join(" · ");
  return `Drawn: the ${drawn.length} points with ${held || "no think time"}, one per size and thread count; the run's other ` +
    `${others} ${others === 1 ? "point differs" : "points differ"} in think time or another setting (Model tab). `;
}
