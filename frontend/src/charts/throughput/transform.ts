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

export interface Demand {
  device: string;
  kind: "queue" | "delay";
  total_ns: number;
  phase2_ns: number;
}

/**
 * The body of POST /api/models/mva/sweep for one request size: the devices measured at its one-thread point
 * (the `demands` kind, ns) as a single-class network, solved at each thread count without think time.
 */
export function sweepBody(demands: Demand[], threads: number[]) {
  return {
    stations: demands.map((d) => ({ name: d.device, kind: d.kind, demands: [d.total_ns], phase2: [d.phase2_ns] })),
    classes: [{ name: "caller", population: 1, think: 0 }],
    threads: [...new Set(threads)].sort((a, b) => a - b),
    thinks: [0],
    method: "exact" as const,
  };
}

export interface MvaThroughput {
  threads: number;
  calls_per_s: number;
  bottleneck: string | null; // null: the network has no queueing station
}

/** Sweep rows (throughput per ns, since demands are in ns) as calls/s per thread count. */
export function mvaThroughput(rows: { threads: number; throughput: number; bottleneck: string | null }[]): MvaThroughput[] {
  return rows.map((r) => ({ threads: r.threads, calls_per_s: r.throughput * 1e9, bottleneck: r.bottleneck }))
    .sort((a, b) => a.threads - b.threads);
}
