// A run's point as the pages and figures read it (kinds/index.ts runPoints reads them from the run's params).

export interface PointParams {
  point_no: number;
  request_bytes?: number;
  response_bytes?: number;
  threads?: number;
  think_time_us?: number;
  rate_calls_s?: number; // an open-loop point's offered rate
  protection?: string;
  cache?: string;
}

/** Data bytes per RPC packet the run was launched with, or null (a socket run has no RPC packets). */
export function packetDataOf(params: Record<string, unknown> | undefined): number | null {
  const pk = params?.packetisation as { packet_data?: number } | undefined;
  if (pk && typeof pk.packet_data === "number") return pk.packet_data;
  return typeof params?.packet_data === "number" ? (params.packet_data as number) : null;
}
