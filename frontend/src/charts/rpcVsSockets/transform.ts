// The ECS paper's Figures 2 (LAN) and 4 (WAN) from the lab's runs: response time by message size, one panel per
// link, a line per transport (RPC over UDP, error control per message; RPC over TCP, the kernel's per segment).
import type { Crossover, RpcVsSockets, StudyRow } from "../../api/studies";
import { SERIES_COLORS } from "../common/seriesStyle";
import type { Series } from "../rttSize/SeriesChart";

export const TRANSPORTS = ["udp", "tcp"] as const;
export const TRANSPORT_LABEL: Record<string, string> = {
  udp: "UDP RPC (per-message error control)",
  tcp: "TCP (per-segment error control)",
};
const STYLE: Record<string, { color: string; dash: string }> = {
  udp: { color: SERIES_COLORS[0], dash: "" },
  tcp: { color: SERIES_COLORS[1], dash: "7 3" },
};

// the paper's conclusions (001_15318e11768c8d9a.txt, section 2: Figures 2 and 4)
export const PAPER_FINDING: Record<string, string> = {
  "lan-1g": "paper (LAN, Figure 2): sockets faster at every size",
  wan: "paper (WAN, Figure 4): RPC faster above about 20 KB",
};
export const PAPER_SUMMARY = "paper: sockets faster on the LAN at every size; RPC faster on the WAN above about 20 KB";

/** The links of the rows, the paper's order first (LAN, then WAN), any other after by name. */
export function links(rows: StudyRow[]): string[] {
  const rank = (l: string) => (l === "lan-1g" ? 0 : l === "wan" ? 1 : 2);
  return [...new Set(rows.map((r) => r.link_profile))].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

export function threadCounts(rows: StudyRow[]): number[] {
  return [...new Set(rows.map((r) => r.threads))].sort((a, b) => a - b);
}

/** One line per transport on a link at a thread count: x in KB (1000 bytes), y the mean response time in ms. */
export function panelSeries(rows: StudyRow[], link: string, threads: number): Series[] {
  const own = rows.filter((r) => r.link_profile === link && r.threads === threads);
  const transports = [...TRANSPORTS, ...new Set(own.map((r) => r.transport).filter((t) => !(TRANSPORTS as readonly string[]).includes(t)))];
  return transports
    .map((t, i) => ({
      id: t,
      label: TRANSPORT_LABEL[t] ?? t.toUpperCase(),
      color: STYLE[t]?.color ?? SERIES_COLORS[(i + 2) % SERIES_COLORS.length],
      dash: STYLE[t]?.dash,
      points: own
        .filter((r) => r.transport === t)
        .sort((a, b) => a.request_bytes - b.request_bytes)
        .map((r) => ({ x: r.request_bytes / 1000, y: r.mean_ms })),
    }))
    .filter((s) => s.points.length > 0);
}

export function crossoverOf(data: RpcVsSockets, link: string, threads: number): Crossover | undefined {
  return data.crossovers.find((c) => c.link_profile === link && c.threads === threads);
}

/** The rows of a link, transport, size and thread count (for the tooltip's median and call count). */
export function rowAt(rows: StudyRow[], link: string, threads: number, kb: number): StudyRow[] {
  return rows.filter((r) => r.link_profile === link && r.threads === threads && r.request_bytes / 1000 === kb);
}
