// Labels for a run's points in the figure tabs' point selector, from the run's params.points.

export interface PointParams {
  point_no: number;
  request_bytes?: number;
  response_bytes?: number;
  threads?: number;
  think_time_us?: number;
  protection?: string;
  cache?: string;
}

/** What varies across the run's points, so a label names only that (a one-size sweep says "64 B"). */
export function pointLabel(p: PointParams | undefined, all: PointParams[], pointNo: number): string {
  if (!p) return `point ${pointNo}`;
  const varies = (k: keyof PointParams) => new Set(all.map((q) => q[k])).size > 1;
  const parts: string[] = [];
  if (p.request_bytes !== undefined && (varies("request_bytes") || all.length === 1)) parts.push(`${p.request_bytes} B`);
  if (p.threads !== undefined && varies("threads")) parts.push(`${p.threads} thread${p.threads === 1 ? "" : "s"}`);
  if (p.think_time_us !== undefined && varies("think_time_us")) parts.push(`think ${p.think_time_us} µs`);
  if (p.protection && varies("protection")) parts.push(p.protection);
  if (p.cache && varies("cache")) parts.push(`cache ${p.cache}`);
  return `point ${pointNo}${parts.length ? ": " + parts.join(", ") : ""}`;
}

/** The run's points from its params (ping-pong runs have a single implicit point 0). */
export function runPoints(params: Record<string, unknown> | undefined): PointParams[] {
  const pts = params?.points;
  if (Array.isArray(pts)) return pts as PointParams[];
  if (params && typeof params.request_bytes === "number") {
    return [{ point_no: 0, request_bytes: params.request_bytes as number, response_bytes: params.response_bytes as number }];
  }
  return [];
}

/** Data bytes per RPC packet the run was launched with, or null (a socket run has no RPC packets). */
export function packetDataOf(params: Record<string, unknown> | undefined): number | null {
  const pk = params?.packetisation as { packet_data?: number } | undefined;
  if (pk && typeof pk.packet_data === "number") return pk.packet_data;
  return typeof params?.packet_data === "number" ? (params.packet_data as number) : null;
}
