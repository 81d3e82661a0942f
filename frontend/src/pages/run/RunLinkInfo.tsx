// The run page's link line: the profile's shaping and the interface the traffic really took.
import { impairmentsShort, runImpairments } from "../../api/linkImpairments";
import type { RunLink } from "../../api/links";
import type { Run } from "../../api/types";
import { kindUnit } from "../../kinds";
import { hostEmulation, runtimeLink } from "./appliedLink";

type Path = { interface?: string | null; mtu?: number | null; speed_mbps?: number | null };

/** withSpeed false on an emulated link: a veth reports a nominal 10000 Mbit/s that the link's shaping overrules,
 * and "10 Mbit/s … 10000 Mbit/s" on one line reads as a contradiction. */
function describePath(p: Path, withSpeed = true): string {
  return `${p.interface}${p.mtu ? ` (MTU ${p.mtu})` : ""}${withSpeed && p.speed_mbps ? ` · ${p.speed_mbps} Mbit/s` : ""}`;
}

/** The parts of the run page's link line: the link's impairments as recorded (the link process's parameters as it
 * ran, `link.wire.impairments`, else the profile as applied, `link.requested`; runs from before impairments: the
 * rate and delay measured at launch), then the interface the traffic really took (reported by the client agent at
 * the end of its job; before that, the interface it advertised at enrolment). */
export function linkParts(link: RunLink): string[] {
  const parts: string[] = [];
  const impairments = link.emulated ? runImpairments(link) : null;
  if (link.emulated && impairments) {
    // a run since impairments: the link process's parameters as it ran, else the profile as applied
    if (link.emulation === "wire") parts.push("wire");
    if (link.emulation === "shaped") parts.push("token bucket (shaped, not a wire)");
    parts.push(...impairmentsShort(impairments));
    if (link.mtu) parts.push(`MTU ${link.mtu}`);
    if (link.rtt_us_min != null) parts.push(`probe RTT ${link.rtt_us_min} µs`);
  } else if (link.emulated) {
    if (link.mtu) parts.push(`MTU ${link.mtu}`);
    parts.push(link.rate_mbit ? `${link.rate_mbit} Mbit/s` : "unshaped");
    if (link.emulation === "wire") parts.push("emulated wire");
    if (link.emulation === "shaped") parts.push("token bucket (shaped, not a wire)");
    if (link.delay_ms) parts.push(link.delay_ms < 1 ? `${Math.round(link.delay_ms * 1000)} µs delay` : `${link.delay_ms} ms delay`);
    if (link.rtt_us_min != null) parts.push(`probe RTT ${link.rtt_us_min} µs`);
  } else {
    parts.push("the agents' own network");
  }
  const used = link.path?.interface ? link.path : null;
  const adv = link.paths?.client?.advertised;
  if (used) parts.push(`client sent via ${describePath(used, !link.emulated)}`);
  else if (!link.emulated && adv?.interface) parts.push(`client via ${describePath(adv)} (advertised)`);
  return parts;
}

/** The link as applied, in words: an RPC run's own runtime link first (it overrules the lab's profile, which is then
 * only what lies beneath it), then the profile's parts and another run that was on the same link (its traffic crossed
 * this run's); a kind that takes no profile (stream, flows) ran over whatever the lab's link was shaped to, which is
 * said rather than left out; null for runs from before link profiles with no runtime link. */
export function appliedLinkText(run: Pick<Run, "kind" | "params" | "link">): string | null {
  const own = runtimeLink(run.params as unknown as Record<string, unknown>);
  const shared = run.link?.shared_with_run
    ? ` · shared with run #${String(run.link.shared_with_run)}, on this link when this run launched (its traffic crossed this run's)` : "";
  const profile = run.link?.profile ? `${run.link.profile} · ${linkParts(run.link).join(" · ")}${shared}` : null;
  if (own) return `the RPC runtime's own link, ${own} (the agents pace and delay every packet)${profile ? `, over ${profile}` : ""}`;
  if (!profile && !kindUnit(run.kind).linkProfile)
    return `not recorded: a ${kindUnit(run.kind).label.toLowerCase()} run takes no link profile and ran over whatever the lab's link was shaped to at the time`;
  return profile;
}

/** The run page's lines on what decided its times besides the workload: the link as applied and an emulated host. */
export function RunLinkInfo({ run }: { run: Pick<Run, "kind" | "params" | "link"> }) {
  const link = appliedLinkText(run);
  const host = hostEmulation(run.params as unknown as Record<string, unknown>);
  return (
    <>
      {link && (
        <div className="small muted" data-testid="run-link">
          Link applied: <strong>{link}</strong>
        </div>
      )}
      {host && (
        <div className="small muted" data-testid="run-host">
          Host: <strong>{host}</strong>
        </div>
      )}
    </>
  );
}
