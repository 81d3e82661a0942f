// The link profiles a run can be launched on (GET /api/links/profiles) and the type of what a run records of its link.
import { requestJson } from "./http";
import type { components } from "./schema.generated";

/** One entry of GET /api/links/profiles (backend/perflab/links/profiles.toml plus the user's own). */
export interface LinkProfile {
  name: string;
  description: string;
  mtu: number;
  rate_mbit: number | null;
  delay_ms: number;
  jitter_ms: number;
  loss_percent: number;
  needs: string[];
  /** wire: every frame takes its serialisation time and queues FIFO (a link process); shaped: a token bucket
   * (tc) that spaces back-to-back frames but lets a lone frame through at once; none: unshaped */
  emulation?: "wire" | "shaped" | "none";
  available: boolean;
  unavailable_reason: string | null;
}

/** What a run records of its link (`Run.link`); `{}` for runs from before link profiles. */
export type RunLink = components["schemas"]["RunLink"];

export function listLinkProfiles(): Promise<LinkProfile[]> {
  return requestJson<LinkProfile[]>("/api/links/profiles");
}
