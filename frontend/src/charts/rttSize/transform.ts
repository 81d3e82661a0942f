// RTT vs request size (DCE RPC paper, Figure 3): per size the mean RTT of subsequent calls with its 95% CI, the
// cold first calls apart, the unit-cost model's prediction and the packet model's boundaries.
import type { PacketCount, PacketJump, Packets, StepStatsPoint, Unavailable, UnitCost } from "../../api/figures";

export interface PointParams {
  point_no: number;
  request_bytes?: number;
  threads?: number;
  think_time_us?: number;
}

export interface SizeRow {
  request_bytes: number;
  point_no: number;
  calls: number;
  mean_ns: number;
  ci_low_ns: number;
  ci_high_ns: number;
  median_ns: number;
  p99_ns: number;
  first_ns: number | null;
  predicted_ns: number | null;
  percent_error: number | null;
}

export interface RttSizeData {
  rows: SizeRow[];
  /** why the figure cannot be drawn, or null */
  reason: string | null;
}

/** Which points the figure draws when the run has more than one per size: "Drawn: the 2 points with 1 thread · no
 * think · per-thread cache, one per size; the run's other 46 points differ in threads, think time or cache." null
 * when every point is drawn. nameOf: the run's point names (pointNamer). */
export function drawnNote(rows: SizeRow[], params: PointParams[], nameOf: (pointNo: number) => string): string | null {
  const others = params.length - rows.length;
  if (others <= 0 || rows.length === 0) return null;
  const held = nameOf(rows[0].point_no).split(" · ").filter((w) => !/ B$/.test(w)).join(" · ");
  return `Drawn: the ${rows.length} points with ${held}, one per size (the one-caller curve); the run's other ${others} ` +
    `${others === 1 ? "point differs" : "points differ"} in another setting: their RTT on size, one fit per group, is on the Statistics tab.`;
}

/**
 * One row per request size from the points with the fewest threads and no think time (a sweep that also varies
 * threads keeps the figure's one-caller curve). A size with several such points keeps the lowest point_no.
 */
export function sizeRows(points: StepStatsPoint[], params: PointParams[], unitCost: UnitCost | null): RttSizeData {
  const byNo = new Map(params.map((p) => [p.point_no, p]));
  const minThreads = Math.min(...params.map((p) => p.threads ?? 1));
  const bySize = new Map<number, SizeRow>();
  for (const s of [...points].sort((a, b) => a.point_no - b.point_no)) {
    const p = byNo.get(s.point_no);
    if (!p || (p.threads ?? 1) !== minThreads || (p.think_time_us ?? 0) !== 0 || !s.rtt || s.calls === 0) continue;
    const size = p.request_bytes ?? 0;
    if (bySize.has(size)) continue;
    const predicted = unitCost?.rows.find((r) => r.request_bytes === size) ?? null;
    bySize.set(size, {
      request_bytes: size,
      point_no: s.point_no,
      calls: s.calls,
      mean_ns: s.rtt.mean_ns,
      ci_low_ns: s.rtt.ci95_low_ns, // the backend's bootstrap interval, the same every view shows
      ci_high_ns: s.rtt.ci95_high_ns,
      median_ns: s.rtt.median_ns,
      p99_ns: s.rtt.p99_ns,
      first_ns: s.first_call?.rtt_ns ?? null,
      predicted_ns: predicted?.predicted_ns ?? null,
      percent_error: predicted ? ((s.rtt.mean_ns - predicted.predicted_ns) * 100) / s.rtt.mean_ns : null,
    });
  }
  const rows = [...bySize.values()].sort((a, b) => a.request_bytes - b.request_bytes);
  const reason =
    rows.length === 0
      ? "no point of this run has complete calls"
      : rows.length === 1
        ? `one size only (${rows[0].request_bytes} B): sweep request sizes to draw this`
        : null;
  return { rows, reason };
}

/** The packet model's boundaries inside the measured range; new RPC packets strong, new IP fragments weak. */
export function boundaryMarkers(jumps: PacketJump[], maxBytes: number) {
  return jumps
    .filter((j) => j.request_bytes <= maxBytes)
    .map((j) => ({
      x: j.request_bytes,
      weak: j.kind !== "rpc_packet",
      label: `${j.request_bytes.toLocaleString("en-US")} B: ${j.kind === "rpc_packet" ? "one more RPC packet" : "one more IP fragment"} (${j.network_packets} network packets)`,
    }));
}

export interface PacketModel {
  jumps: PacketJump[];
  counts: PacketCount[];
  /** the model's parameters in words for the figure's caption */
  caption: string;
}

/** The stored `packets` analysis as the figure reads it: nothing to draw when the run reports no packetisation. */
export function packetModel(packets: Packets | Unavailable): PacketModel {
  if (packets.available === false) return { jumps: [], counts: [], caption: "no packetisation reported" };
  const p = packets.params;
  const caption = `${p.data_per_rpc_packet.toLocaleString("en-US")} B per RPC packet, MTU ${p.mtu_bytes.toLocaleString("en-US")} B`;
  return { jumps: packets.jumps, counts: packets.counts, caption };
}
