// The backend's launch limits, read from the launch bodies of its own OpenAPI document (api/launch-bodies.json,
// `make api-types`): each field's minimum and maximum, and the limits across fields under `x-limits`.
import launchBodies from "../../api/launch-bodies.json";

interface FieldSchema {
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
  default?: unknown;
  enum?: string[];
  items?: FieldSchema;
  anyOf?: FieldSchema[]; // an optional field: its type, or null
  "x-least-target"?: number;
}
interface BodySchema {
  properties: Record<string, FieldSchema>;
  "x-limits"?: Record<string, number>;
}

const schemas = launchBodies as unknown as Record<string, BodySchema>;

/** A launch body's field as the schema states it; a missing one is a stale document, not a silent default. */
function field(body: string, name: string): FieldSchema {
  const f = schemas[body]?.properties[name];
  if (!f) throw new Error(`api/launch-bodies.json has no ${body}.${name}: run make api-types`);
  return f;
}
const num = (v: number | undefined, what: string): number => {
  if (v === undefined) throw new Error(`api/launch-bodies.json states no ${what}: run make api-types`);
  return v;
};
/** An optional field's own schema (the non-null branch of its anyOf), items for a list. */
const optional = (body: string, name: string): FieldSchema => {
  const f = field(body, name).anyOf?.find((b) => b.minimum !== undefined || b.items !== undefined) ?? {};
  return f.items ?? f;
};
const min = (body: string, name: string) => num(field(body, name).minimum ?? field(body, name).items?.minimum, `${body}.${name} minimum`);
const max = (body: string, name: string) => num(field(body, name).maximum ?? field(body, name).items?.maximum, `${body}.${name} maximum`);
const across = (body: string, name: string) => num(schemas[body]?.["x-limits"]?.[name], `${body} x-limits.${name}`);
const names = (body: string, name: string) => field(body, name).items?.enum ?? field(body, name).enum ?? [];

export const PROTECTIONS = names("RpcRunCreate", "protection") as readonly string[];
export const CACHES = names("RpcRunCreate", "cache") as readonly string[];
export const PROCEDURES = names("RpcRunCreate", "procedure") as readonly string[];

export const LIMITS = {
  tcpMaxBytes: max("PingpongRunCreate", "request_bytes"),
  udpMaxBytes: across("PingpongRunCreate", "udp_max_bytes"), // above one datagram (65507 B) the agent splits a message
  minBytes: min("PingpongRunCreate", "request_bytes"),
  minCalls: min("PingpongRunCreate", "calls"),
  maxCalls: max("PingpongRunCreate", "calls"),
  minWarmup: min("PingpongRunCreate", "warmup_calls"),
  maxWarmup: max("PingpongRunCreate", "warmup_calls"),
  maxName: num(field("PingpongRunCreate", "name").maxLength, "name maxLength"),
  maxTags: num(field("PingpongRunCreate", "tags").maxItems, "tags maxItems"),
  // one tag's length: the schema's once it states one, else the series' own limit (PATCH /api/runs/{id})
  maxTagLength: field("PingpongRunCreate", "tags").items?.maxLength ?? 64,
  // rpc
  rpcMaxBytes: max("RpcRunCreate", "request_bytes"),
  maxThreads: max("RpcRunCreate", "threads"),
  maxThinkUs: max("RpcRunCreate", "think_time_us"),
  maxWorkUs: max("RpcRunCreate", "work_us"),
  maxSweepValues: num(field("RpcRunCreate", "threads").maxItems, "threads maxItems"),
  maxPoints: across("RpcRunCreate", "max_points"),
  // rpc: Σ threads × (warm-up + calls × most rounds); flows: flows × (calls + warm-up)
  maxCallsTotal: across("RpcRunCreate", "max_calls_total"),
  maxFlowsCallsTotal: across("FlowsCreate", "max_calls_total"),
  // rpc: repeat a point until its mean's 95% CI half-width is within the target (0 = no target)
  ciTargetMin: num(field("RpcRunCreate", "ci_target_pct")["x-least-target"], "ci_target_pct x-least-target"),
  ciTargetMax: max("RpcRunCreate", "ci_target_pct"),
  maxRounds: max("RpcRunCreate", "max_rounds"),
  maxModelTolerance: max("RpcRunCreate", "model_tolerance_pct"), // % of the model its band allows for
  // open-loop arrivals: a point's whole rate (calls/s)
  minRate: num(optional("PingpongRunCreate", "rate_calls_s").minimum, "rate_calls_s minimum"),
  maxRate: num(optional("PingpongRunCreate", "rate_calls_s").maximum, "rate_calls_s maximum"),
  // stream
  udpMaxDatagram: across("StreamCreate", "udp_max_bytes"),
  maxStreamS: max("StreamCreate", "duration_s"),
  minIntervalMs: min("StreamCreate", "interval_ms"),
  maxIntervalMs: max("StreamCreate", "interval_ms"),
  // flows
  maxFlows: max("FlowsCreate", "flows"),
} as const;

/** The RPC runtime's packetisation, flow control and link knobs: [field, label, min, max, default, unit]; the
 * numbers are the schema's. */
const RUNTIME_LABELS: [string, string, string][] = [
  ["packet_data", "Data per packet", "bytes"],
  ["small_packet_data", "Data per packet at slow start", "bytes"],
  ["mtu", "MTU", "bytes"],
  ["window_initial", "Initial window", "bytes"],
  ["window_max", "Largest window", "bytes"],
  ["rto_ms", "Retransmission timeout", "ms"],
  ["link_mbps", "Link rate, 0 = unlimited", "Mbit/s"],
  ["link_delay_us", "Link delay", "µs"],
  ["host_packet_us", "Host CPU per packet (1995 host), 0 = off", "µs"],
  ["seed", "Think-time seed", ""],
];
export const RPC_RUNTIME: [string, string, number, number, number, string][] = RUNTIME_LABELS.map(([f, label, unit]) => [
  f, label, min("RpcRunCreate", f), max("RpcRunCreate", f), num(field("RpcRunCreate", f).default as number | undefined, `${f} default`), unit,
]);
