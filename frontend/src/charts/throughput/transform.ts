// Throughput vs caller threads (DCE RPC paper, Table 1 and Figure 4): calls/s and Mbit/s per thread count, one
// series per request size, from the `ecs` kind's per-point throughput.
import type { EcsThroughput } from "../../api/figures";
import type { PointParams } from "../rttSize/transform";

export interface ThroughputSeries {
  request_bytes: number;
  rows: EcsThroughput[]; // by threads ascending
}

export interface ThroughputData {
  series: ThroughputSeries[];
  reason: string | null;
}

/** Points without think time, grouped by request size; one row per thread count (the lowest point_no wins). */
export function throughputSeries(rows: EcsThroughput[], params: PointParams[]): ThroughputData {
  const think = new Map(params.map((p) => [p.point_no, p.think_time_us ?? 0]));
  const bySize = new Map<number, Map<number, EcsThroughput>>();
  for (const r of [...rows].sort((a, b) => a.point_no - b.point_no)) {
    if ((think.get(r.point_no) ?? 0) !== 0) continue;
    const m = bySize.get(r.request_bytes) ?? new Map<number, EcsThroughput>();
    if (!m.has(r.threads)) m.set(r.threads, r);
    bySize.set(r.request_bytes, m);
  }
  const series = [...bySize.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([request_bytes, m]) => ({ request_bytes, rows: [...m.values()].sort((a, b) => a.threads - b.threads) }));
  const threads = new Set(series.flatMap((s) => s.rows.map((r) => r.threads)));
  const reason =
    series.length === 0
      ? "no point without think time has two or more complete calls"
      : threads.size < 2
        ? `one thread count only (${[...threads][0]}): sweep threads to draw this`
        : null;
  return { series, reason };
}

/** Calls/s gained per added thread, relative to one thread's rate: where it falls under 10%, the server saturates. */
export function knee(rows: EcsThroughput[]): number | null {
  if (rows.length < 2) return null;
  const base = rows[0].calls_per_s;
  for (let i = 1; i < rows.length; i++) {
    const gain = (rows[i].calls_per_s - rows[i - 1].calls_per_s) / (rows[i].threads - rows[i - 1].threads);
    if (gain < 0.1 * base) return rows[i - 1].threads;
  }
  return null;
}

/** The run's stored model (the Model tab's, analysis kind model_vs_measured) at one point, as throughput. */
export interface ModelThroughput {
  point_no: number;
  threads: number;
  model_ms: number; // the Model tab's "Model RTT"
  calls_per_s: number;
  solver: string | null;
  bottleneck: string | null;
}

interface StoredModelRow {
  point_no?: number;
  threads: number;
  think: number; // ms
  model: number; // ms
  solver?: string | null;
  bounds?: { bottleneck?: string | null } | null;
}

/** The stored model's throughput per point (Little's law for a closed network: N callers, each waiting the model's
 * RTT and thinking Z between calls, complete N / (R + Z) calls per unit of time), keyed by point_no. One model per
 * run: the Throughput tab and the report read it rather than solving one of their own. */
export function modelThroughput(rows: StoredModelRow[]): Map<number, ModelThroughput> {
  const out = new Map<number, ModelThroughput>();
  for (const r of rows) {
    if (r.point_no === undefined || !(r.model > 0)) continue;
    out.set(r.point_no, { point_no: r.point_no, threads: r.threads, model_ms: r.model, solver: r.solver ?? null,
      calls_per_s: (r.threads / (r.model + r.think)) * 1000, bottleneck: r.bounds?.bottleneck ?? null });
  }
  return out;
}
