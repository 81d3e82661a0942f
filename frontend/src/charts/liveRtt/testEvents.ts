// The `calls` event the live RTT tests feed the chart: one point's batch of calls with its summary, as the backend
// sends it (services/live_calls.py), every number derived from the RTTs given.
import type { CallsEvent } from "./transform";

/** Event `id`: point `point`'s calls [from, from + rtts.length), `spacingNs` apart, with these RTTs. */
export function callsEvent(id: number, point: number, from: number, rtts: number[], warmup = 0, spacingNs = 1e6): CallsEvent {
  const calls = rtts.map((_, i) => from + i);
  const sorted = rtts.slice().sort((a, b) => a - b);
  return {
    id,
    unit: "ns",
    points: [
      {
        point_no: point, count: rtts.length, warmup, errors: 0, first_call: from, last_call: from + rtts.length - 1,
        mean_ns: rtts.reduce((a, b) => a + b, 0) / rtts.length, median_ns: sorted[Math.floor(sorted.length / 2)],
        p99_ns: sorted[sorted.length - 1], min_ns: sorted[0], max_ns: sorted[sorted.length - 1],
        end_ns: (from + rtts.length) * spacingNs,
        samples: { call_no: calls, t_ns: calls.map((c) => c * spacingNs), rtt_ns: rtts },
      },
    ],
  };
}
