// The link profiles a run can be launched on (GET /api/links/profiles) and the type of what a run records of its link.
import { GET } from "./call";
import type { components } from "./schema.generated";

/** One entry of GET /api/links/profiles (backend/perflab/links/profiles.toml plus the user's own): its numbers
 * (client -> server; `reverse` the server -> client ones that differ), `emulation` (wire: the lab's link process, every
 * frame its serialisation time and the impairments; shaped: a token bucket (tc) that lets a lone frame through at
 * once; none: unshaped), what the emulation reproduces (`fidelity`) and whether this lab can emulate it. */
export type LinkProfile = components["schemas"]["LinkProfileOut"];

/** What a run records of its link (`Run.link`); `{}` for runs from before link profiles. */
export type RunLink = components["schemas"]["RunLink"];

export const listLinkProfiles = (): Promise<LinkProfile[]> => GET("/api/links/profiles");

/** GET /api/links/status: whether the lab emulates a link between its agents, the profile applied now, and which
 * agents sit on it. */
export type LinkStatus = components["schemas"]["LinkStatus"];

export const getLinkStatus = (): Promise<LinkStatus> => GET("/api/links/status");
