/** The few capabilities an engineer checks first, read from whatever an agent reports (missing → left out). */
export interface Fact {
  label: string;
  value: string;
  title?: string;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : undefined);
const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

function speed(mbps: number | undefined): string {
  if (mbps === undefined || mbps <= 0) return "speed unknown";
  return mbps >= 1000 ? `${mbps / 1000} Gbit/s` : `${mbps} Mbit/s`;
}

/** The lab's link as applied now, for an agent that sits on it: the profile and its numbers in words. */
export interface AppliedLink {
  profile: string;
  words: string;
}

/** applied: the lab's emulated link this agent sits on; its interface is then a veth whose nominal MTU and speed
 * the emulation overrules, so the link applied is the fact and the veth only its title. */
export function agentFacts(caps: Obj | null | undefined, applied: AppliedLink | null = null): Fact[] {
  const facts: Fact[] = [];
  const kt = obj(caps?.kernel_timestamps);
  if (kt) {
    const parts = [kt.tx_software && "TX", kt.rx_software && "RX"].filter(Boolean);
    facts.push({
      label: "kernel timestamps",
      value: parts.length ? `yes (${parts.join(" + ")})` : "no",
      title: typeof kt.detail === "string" ? kt.detail : undefined,
    });
  }
  const clk = obj(caps?.probe_clock);
  if (clk) {
    const probe = num(clk.probe_ns);
    facts.push({
      label: "probe",
      value: `${String(clk.source ?? "?")}${probe !== undefined ? ` · ${probe.toFixed(1)} ns per probe` : ""}`,
      title: typeof clk.why === "string" ? clk.why : undefined,
    });
  }
  const adv = obj(obj(caps?.net)?.advertised);
  const nic = adv ? `${String(adv.interface ?? "?")} · MTU ${num(adv.mtu) ?? "?"} B · ${speed(num(adv.speed_mbps))}` : null;
  if (applied) {
    facts.push({
      label: "link applied",
      value: `${applied.profile} · ${applied.words}`,
      title: nic ? `the lab's emulated link; the agent's interface, ${nic}, is a veth whose nominal numbers the emulation overrules` : undefined,
    });
  } else if (nic) {
    facts.push({ label: "network", value: nic });
  }
  const crypto = obj(caps?.crypto);
  if (crypto) {
    facts.push({ label: "crypto", value: `${String(crypto.library ?? "?")} ${String(crypto.version ?? "")}`.trim() });
  }
  const lim = obj(caps?.limits);
  if (lim) {
    const set = [
      num(lim.max_bytes) ? `${lim.max_bytes} B/call` : "",
      num(lim.max_threads) ? `${lim.max_threads} threads` : "",
      num(lim.max_duration_s) ? `${lim.max_duration_s} s` : "",
      lim.peer_allowlist ? "peer allow-list" : "",
    ].filter(Boolean);
    facts.push({ label: "limits", value: set.length ? set.join(", ") : "none" });
  }
  return facts;
}
