// What decided a run's times besides its workload: the link as applied (the lab's profile, and an RPC run's own
// runtime link emulation, which overrules an unshaped profile) and an emulated host's CPU per packet. One source for
// the run header, the Runs list and the PDF, so none of them shows "unshaped" above an 83 ms RTT.
import type { Run } from "../../api/types";
import { kindUnit } from "../../kinds";

type Params = Record<string, unknown>;
const n = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);

function rate(mbps: number): string {
  return mbps >= 1000 ? `${mbps / 1000} Gbit/s` : `${mbps} Mbit/s`;
}

export function delayText(us: number): string {
  return us >= 1000 ? `${Number((us / 1000).toPrecision(4))} ms` : `${us} µs`;
}

/** An RPC run's runtime link (the agents delay and pace every packet they send themselves, rpc_link.c):
 * "20 Mbit/s · 40 ms each way", or null when the run has none. */
export function runtimeLink(p: Params): string | null {
  const mbps = n(p.link_mbps);
  const delay = n(p.link_delay_us);
  if (!mbps && !delay) return null;
  return [mbps ? rate(mbps) : "no rate limit", delay ? `${delayText(delay)} each way` : "no added delay"].join(" · ");
}

/** The emulated 1995 host (rpc_host.h): "1 ms of CPU per packet, each side", or null on today's hosts. */
export function hostEmulation(p: Params): string | null {
  const us = n(p.host_packet_us);
  return us ? `emulated 1995 host: ${delayText(us)} of CPU per packet sent or received, each side` : null;
}

/** The link a run's packets met, in a few words for a table cell: the profile, and the runtime's own link where
 * there is one ("loopback + runtime 20 Mbit/s · 40 ms each way"); "—" for runs from before link profiles. */
export function linkShort(run: Pick<Run, "kind" | "params" | "link">): string {
  const own = runtimeLink(run.params as unknown as Params);
  const profile = run.link?.profile;
  if (own) return `${profile ? `${profile} + ` : ""}runtime ${own}`;
  // a stream or flows run takes no profile: it ran over the lab's link as it was, which nothing recorded
  return profile ?? (kindUnit(run.kind).linkProfile ? "—" : "lab's, not recorded");
}
