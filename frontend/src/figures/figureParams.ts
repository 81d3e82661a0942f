// A run's points and packetisation from its params, as the figures read them (the RTT-vs-size, throughput and model figures).
import type { Run } from "../api/types";
import type { PointParams } from "../charts/rttSize/transform";

/** The run's points (an RPC run lists them in its params; a ping-pong is one point of its own params). */
export function runPoints(run: Run): PointParams[] {
  const p = run.params as unknown as { points?: PointParams[]; request_bytes?: number };
  if (Array.isArray(p.points)) return p.points;
  return [{ point_no: 0, request_bytes: typeof p.request_bytes === "number" ? p.request_bytes : 0, threads: 1, think_time_us: 0 }];
}

export function runPacketisation(run: Run): { packet_data: number; mtu: number; header_bytes?: number } | null {
  const pk = (run.params as unknown as { packetisation?: { packet_data?: number; mtu?: number; header_bytes?: number } }).packetisation;
  return pk && pk.packet_data && pk.mtu ? { packet_data: pk.packet_data, mtu: pk.mtu, header_bytes: pk.header_bytes } : null;
}
