// Clock offset to peers (GET /api/agent-clocks): per agent, the latest clock fit to every peer it has run with,
// as table rows with signed offsets, the fit's bound, drift and age.
import { GET, type Schema } from "../../api/call";
import { formatNs, formatRelative } from "../../format";

export type PeerClock = Schema<"PeerClock">;
export type AgentClocks = Schema<"AgentClocks">;

export const getAgentClocks = (): Promise<AgentClocks[]> => GET("/api/agent-clocks");

export interface PeerClockRow {
  key: string;
  agent: string;
  peer: string;
  offset: string; // "+1.20 µs ± 3.40 µs"
  drift: string; // "+0.125 ppm"
  /** the offset lies within its own bound: the clocks agree as far as the fit can tell */
  withinBound: boolean;
  age: string;
  measuredAt: string;
  runId: number;
  runName: string;
  note: string;
}

const signed = (ns: number) => `${ns > 0 ? "+" : ns < 0 ? "−" : ""}${formatNs(Math.abs(ns))}`;

/** "+0.125 ppm": drift to three decimals, 0 unsigned */
export function formatPpm(ppm: number): string {
  const s = Math.abs(ppm).toFixed(3);
  return Number(s) === 0 ? "0.000 ppm" : `${ppm > 0 ? "+" : "−"}${s} ppm`;
}

export function peerRows(a: AgentClocks, now: number): PeerClockRow[] {
  return a.peers.map((p) => {
    const fitted = `fitted over ${p.calls.toLocaleString("en-US")} calls (${p.source === "calls" ? "RPC calls' four timestamps" : "ping-pong steps"}) of run #${p.run_id}, where ${a.agent_name} was the ${p.role}`;
    // one clock: the backend's offset and drift (0) are shown as such; the fit is only the method's error
    const methodError = p.fit_offset_ns === undefined ? "" :
      `; the fit's own error: ${signed(p.fit_offset_ns)} ± ${formatNs(p.error_bound_ns)}, ${formatPpm(p.fit_drift_ppm ?? 0)}, not applied`;
    return {
      key: `${a.agent_id}-${p.peer_id}`,
      agent: a.agent_name,
      peer: p.peer_name,
      offset: p.same_clock ? "0 ns (one clock)" : `${signed(p.offset_ns)} ± ${formatNs(p.error_bound_ns)}`,
      drift: p.same_clock ? "0 ppm (one clock)" : formatPpm(p.drift_ppm),
      withinBound: p.same_clock || Math.abs(p.offset_ns) <= p.error_bound_ns,
      age: formatRelative(p.measured_at, now),
      measuredAt: p.measured_at,
      runId: p.run_id,
      runName: p.run_name,
      note: p.same_clock
        ? `${a.agent_name} and ${p.peer_name} read one machine's clock, so the true offset is 0 and the drift 0; ${fitted}${methodError}`
        : `${p.peer_name}'s clock minus ${a.agent_name}'s, ${fitted}`,
    };
  });
}
