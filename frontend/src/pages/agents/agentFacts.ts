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

export function agentFacts(caps: Obj | null | undefined): Fact[] {
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
  if (adv) {
    facts.push({
      label: "network",
      value: `${String(adv.interface ?? "?")} · MTU ${num(adv.mtu) ?? "?"} B · ${speed(num(adv.speed_mbps))}`,
    });
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
