import type { RunLink } from "../../api/links";

/** One line on the run page: the link profile the run used and the link as it was measured at launch. */
export function RunLinkInfo({ link }: { link?: RunLink }) {
  if (!link || !link.profile) return null; // runs from before link profiles recorded nothing
  const parts: string[] = [];
  if (link.emulated) {
    if (link.mtu) parts.push(`MTU ${link.mtu}`);
    parts.push(link.rate_mbit ? `${link.rate_mbit} Mbit/s` : "unshaped");
    if (link.delay_ms) parts.push(`${link.delay_ms} ms delay`);
    if (link.rtt_us_min != null) parts.push(`probe RTT ${link.rtt_us_min} µs`);
  } else {
    const adv = link.paths?.client?.advertised;
    parts.push("the agents' own network");
    if (adv?.interface) parts.push(`client via ${adv.interface}${adv.mtu ? ` (MTU ${adv.mtu})` : ""}`);
    if (adv?.speed_mbps) parts.push(`${adv.speed_mbps} Mbit/s`);
  }
  return (
    <div className="small muted" data-testid="run-link">
      Link: <strong>{link.profile}</strong> · {parts.join(" · ")}
    </div>
  );
}
