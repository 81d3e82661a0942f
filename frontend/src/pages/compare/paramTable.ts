// The compare page's Parameters table: every parameter of the runs — run-level ones, the sweep's lists and the
// link — one row each, marked where the runs differ. When and how long a run ran are shown apart and never
// marked: every two runs differ there, and it is not what they were launched to compare.
import type { Run } from "../../api/types";
import { formatCount, formatDateTime, formatDurationBetween } from "../../format";
import { thinkWords } from "../../figures/pointWords";
import { pointsOf } from "./PointPairs";
import { kindUnit } from "../../kinds";

export interface ParamLine {
  key: string;
  label: string;
  values: string[]; // one per run, "—" where the run has no such parameter
  differs: boolean;
  /** run: about the run (status, when), not a parameter */
  group: "parameter" | "sweep" | "link" | "run";
}

type Params = Record<string, unknown>;
// the API reports packet data and MTU inside `packetisation` (older runs: at the top level)
const packet = (p: Params, k: "packet_data" | "mtu") => p[k] ?? (p.packetisation as Params | undefined)?.[k];
const text = (v: unknown, unit = "") => (v === undefined || v === null || v === "" ? "—" : `${typeof v === "number" ? formatCount(v) : String(v)}${unit}`);

/** The distinct values of one point parameter, in order ("1392 B, 4016 B"); "—" when no point has it. */
function sweepList(run: Run, k: "request_bytes" | "threads" | "think_time_us" | "protection" | "cache"): string {
  const vals = [...new Set(pointsOf(run).map((p) => p[k]).filter((v) => v !== undefined))] as (string | number)[];
  if (vals.length === 0) return "—";
  const sorted = typeof vals[0] === "number" ? [...vals].sort((x, y) => Number(x) - Number(y)) : vals;
  const one = (v: string | number) =>
    k === "request_bytes" ? `${v} B` : k === "think_time_us" ? (v === 0 ? "none" : thinkWords(Number(v)).replace(/^think /, "")) : String(v);
  return sorted.map(one).join(", ");
}

function linkText(run: Run): string {
  const l = run.link;
  if (!l || !l.profile) return "—";
  const rate = l.rate_mbit ? ` · ${formatCount(l.rate_mbit)} Mbit/s` : "";
  const delay = l.delay_ms ? ` · ${l.delay_ms} ms delay` : "";
  return `${l.profile}${rate}${delay}${l.emulated === false ? " (not emulated)" : ""}`;
}

const LINES: { key: string; label: string; group: ParamLine["group"]; of: (r: Run, p: Params) => string }[] = [
  { key: "kind", label: "Kind", group: "parameter", of: (r) => r.kind },
  { key: "transport", label: "Transport", group: "parameter", of: (_, p) => text(p.transport).toUpperCase() },
  { key: "procedure", label: "Procedure", group: "parameter", of: (_, p) => text(p.procedure) },
  { key: "work_us", label: "Server work per call", group: "parameter", of: (_, p) => text(p.work_us, " µs") },
  { key: "request_bytes", label: "Request sizes", group: "sweep", of: (r) => sweepList(r, "request_bytes") },
  { key: "response_bytes", label: "Response size", group: "parameter", of: (r, p) => (kindUnit(r.kind).sizes ? text(p.response_bytes, " B") : "—") },
  { key: "threads", label: "Caller threads", group: "sweep", of: (r) => sweepList(r, "threads") },
  { key: "think_time_us", label: "Think time", group: "sweep", of: (r) => sweepList(r, "think_time_us") },
  { key: "protection", label: "Protection", group: "sweep", of: (r) => sweepList(r, "protection") },
  { key: "cache", label: "Cache policy", group: "sweep", of: (r) => sweepList(r, "cache") },
  { key: "points", label: "Points", group: "sweep", of: (r) => formatCount(pointsOf(r).length) },
  { key: "calls", label: "Calls", group: "parameter", of: (r, p) => text(p.calls, kindUnit(r.kind).callsPer ? ` ${kindUnit(r.kind).callsPer}` : "") },
  { key: "warmup_calls", label: "Warm-up calls", group: "parameter", of: (_, p) => text(p.warmup_calls) },
  { key: "max_rounds", label: "Rounds (most)", group: "parameter", of: (_, p) => text(p.max_rounds) },
  { key: "ci_target_pct", label: "95% CI target", group: "parameter", of: (_, p) => text(p.ci_target_pct, " % of the mean") },
  { key: "server_threads", label: "Server threads", group: "parameter", of: (_, p) => text(p.server_threads) },
  { key: "packet_data", label: "Packet data", group: "parameter", of: (_, p) => text(packet(p, "packet_data"), " B") },
  { key: "small_packet_data", label: "Small packet data", group: "parameter", of: (_, p) => text(p.small_packet_data, " B") },
  { key: "window", label: "Window initial / most", group: "parameter", of: (_, p) => (p.window_initial === undefined ? "—" : `${text(p.window_initial)} / ${text(p.window_max)} B`) },
  { key: "rto_ms", label: "Retransmit timeout", group: "parameter", of: (_, p) => text(p.rto_ms, " ms") },
  { key: "host_packet_us", label: "Emulated host CPU per packet", group: "parameter", of: (_, p) => text(p.host_packet_us, " µs") },
  { key: "noise_floor_calls", label: "Noise floor calls", group: "parameter", of: (_, p) => text(p.noise_floor_calls) },
  { key: "seed", label: "Seed", group: "parameter", of: (_, p) => text(p.seed) },
  { key: "agents", label: "Client → server", group: "parameter", of: (r) => `${r.client_agent.name} → ${r.server_agent.name}` },
  { key: "link", label: "Link profile", group: "link", of: (r) => linkText(r) },
  { key: "mtu", label: "MTU", group: "link", of: (_, p) => text(packet(p, "mtu"), " B") },
  { key: "status", label: "Status", group: "run", of: (r) => r.status },
  { key: "created", label: "Created", group: "run", of: (r) => formatDateTime(r.created_at) },
  { key: "duration", label: "Duration", group: "run", of: (r) => (r.started_at ? formatDurationBetween(r.started_at, r.finished_at) : "—") },
  { key: "tags", label: "Tags", group: "run", of: (r) => r.tags?.join(", ") || "—" },
];

/** Every parameter any of the runs has (a row no run has is left out), the differing ones marked. */
export function paramLines(runs: Run[]): ParamLine[] {
  return LINES.map(({ key, label, group, of }) => {
    const values = runs.map((r) => of(r, r.params as unknown as Params));
    return { key, label, group, values, differs: group !== "run" && new Set(values).size > 1 };
  }).filter((l) => l.values.some((v) => v !== "—") || l.group === "run");
}
