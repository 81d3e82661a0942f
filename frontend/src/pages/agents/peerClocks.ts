// Clock offset to peers (GET /api/agent-clocks): per agent, the latest clock fit to every peer it has run with,
// as table rows with signed offsets, the fit's bound, drift and age.
import { ApiError, errorFromBody } from "../../api/client";
import { formatNs, formatRelative } from "../../format";

export interface PeerClock {
  peer_id: number;
  peer_name: string;
  role: "client" | "server";
  offset_ns: number; // peer clock minus this agent's
  drift_ppm: number;
  error_bound_ns: number;
  same_clock: boolean;
  source: string;
  calls: number;
  run_id: number;
  run_name: string;
  measured_at: string;
}

export interface AgentClocks {
  agent_id: number;
  agent_name: string;
  peers: PeerClock[];
}

export async function getAgentClocks(): Promise<AgentClocks[]> {
  let res: Response;
  try {
    res = await fetch("/api/agent-clocks", { headers: { Accept: "application/json" } });
  } catch (e) {
    throw new ApiError(0, `Cannot reach the backend (${e instanceof Error ? e.message : String(e)})`);
  }
  const body = await res.json().catch(() => null);
  if (!res.ok) throw errorFromBody(res.status, body);
  return body as AgentClocks[];
}

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
  return a.peers.map((p) => ({
    key: `${a.agent_id}-${p.peer_id}`,
    agent: a.agent_name,
    peer: p.peer_name,
    offset: `${signed(p.offset_ns)} ± ${formatNs(p.error_bound_ns)}`,
    drift: formatPpm(p.drift_ppm),
    withinBound: Math.abs(p.offset_ns) <= p.error_bound_ns,
    age: formatRelative(p.measured_at, now),
    measuredAt: p.measured_at,
    runId: p.run_id,
    runName: p.run_name,
    note: `${p.peer_name}'s clock minus ${a.agent_name}'s, fitted over ${p.calls.toLocaleString("en-US")} calls (${p.source === "calls" ? "RPC calls' four timestamps" : "ping-pong steps"}) of run #${p.run_id}, where ${a.agent_name} was the ${p.role}` +
      (p.same_clock ? "; both agents read one machine's clock, so the true offset is 0" : ""),
  }));
}
