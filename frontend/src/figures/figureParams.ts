// A run's packetisation from its params, as the RTT-vs-size, throughput and model figures read it.
import type { Run } from "../api/types";

export function runPacketisation(run: Run): { packet_data: number; mtu: number; header_bytes?: number } | null {
  const pk = (run.params as unknown as { packetisation?: { packet_data?: number; mtu?: number; header_bytes?: number } }).packetisation;
  return pk && pk.packet_data && pk.mtu ? { packet_data: pk.packet_data, mtu: pk.mtu, header_bytes: pk.header_bytes } : null;
}
