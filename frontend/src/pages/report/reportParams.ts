// A run's parameters as the report's key/value table: named, with units, nested settings flattened to
// "Packetisation: MTU", a sweep's points as one row per swept parameter. Never JSON.
import type { Run } from "../../api/types";
import { formatCount } from "../../format";
import type { ReportPoint } from "./summary";
import { thinkTime } from "../../figures/pointWords";

export interface ParamRow {
  label: string;
  value: string;
  /** false: a setting of the runtime (packetisation, windows, probes …), printed with the setup, not on page 1 */
  main?: boolean;
}

// what the experiment is: page 1 lists these; the rest are the runtime's settings
const MAIN = new Set(["transport", "procedure", "work_us", "request_bytes", "response_bytes", "message_bytes", "calls",
  "warmup_calls", "server_threads", "host_packet_us", "timeout_s", "ci_target_pct", "max_rounds", "model_tolerance_pct",
  "duration_s", "interval_ms", "flows", "mode"]);

// known keys: label and unit (appended to numbers); others print under their own name
const KNOWN: Record<string, [string, string?]> = {
  transport: ["Transport"],
  procedure: ["Procedure"],
  work_us: ["Server work per call", "µs"],
  request_bytes: ["Request", "B"],
  response_bytes: ["Response", "B"],
  message_bytes: ["Message", "B"],
  calls: ["Calls"],
  warmup_calls: ["Warm-up calls"],
  seed: ["Random seed"],
  server_threads: ["Server threads"],
  "packetisation.mtu": ["Packetisation: MTU", "B"],
  "packetisation.packet_data": ["Packetisation: data per RPC packet", "B"],
  "packetisation.header_bytes": ["Packetisation: header", "B"],
  small_packet_data: ["Slow-start packet data", "B"],
  window_initial: ["Window, initial", "B"],
  window_max: ["Window, largest", "B"],
  rto_ms: ["Retransmission timeout", "ms"],
  link_mbps: ["Agent-side link rate (0: none)", "Mbit/s"],
  link_delay_us: ["Agent-side link delay", "µs"],
  host_packet_us: ["Emulated host CPU per packet", "µs"],
  timeout_s: ["Run time limit", "s"],
  ci_target_pct: ["95% CI target (0: none)", "% of the mean"],
  max_rounds: ["Rounds per point, at most"],
  noise_floor_calls: ["Noise-floor probe calls"],
  noise_floor_warmup_calls: ["Noise-floor probe warm-up calls"],
  model_tolerance_pct: ["Model tolerance", "%"],
  call_no_limit: ["Most calls the run could make (every point at its last round)"],
  duration_s: ["Duration", "s"],
  interval_ms: ["Interval", "ms"],
  flows: ["Control flows"],
  mode: ["Flows as"],
  base_points_added: ["Base points added"],
  notes: ["Notes"],
};

function scalar(v: unknown, unit?: string): string {
  if (v === null || v === undefined || v === "") return "—";
  if (typeof v === "number") return `${Number.isInteger(v) ? formatCount(v) : v.toLocaleString("en-US")}${unit ? ` ${unit}` : ""}`;
  if (typeof v === "boolean") return v ? "yes" : "no";
  return String(v);
}

/** A list: scalars joined by commas, objects as "key value" pairs joined by semicolons; empty: none. */
function listValue(xs: unknown[], unit?: string): string {
  if (xs.length === 0) return "none";
  return xs.map((x) => (x && typeof x === "object"
    ? Object.entries(x as Record<string, unknown>).map(([k, v]) => `${k} ${scalar(v)}`).join(", ")
    : scalar(x, unit))).join(xs.some((x) => x && typeof x === "object") ? "; " : ", ");
}

function flatten(obj: Record<string, unknown>, prefix = ""): [string, unknown][] {
  return Object.entries(obj).flatMap(([k, v]): [string, unknown][] => {
    const key = prefix ? `${prefix}.${k}` : k;
    return v && typeof v === "object" && !Array.isArray(v) ? flatten(v as Record<string, unknown>, key) : [[key, v]];
  });
}

const SWEEP: { key: keyof ReportPoint; label: string; fmt: (v: never) => string }[] = [
  { key: "request_bytes", label: "Request sizes", fmt: (v: number) => `${formatCount(v)} B` },
  { key: "threads", label: "Caller threads", fmt: (v: number) => String(v) },
  { key: "think_time_us", label: "Think times", fmt: (v: number) => thinkTime(v) },
  { key: "protection", label: "Protection levels", fmt: (v: string) => v },
  { key: "cache", label: "Binding cache policies", fmt: (v: string) => v },
];

/** The points of a sweep: how many, then each swept parameter's distinct values in order. */
function pointRows(points: ReportPoint[]): ParamRow[] {
  const rows: ParamRow[] = [{ label: "Points", value: formatCount(points.length), main: true }];
  for (const d of SWEEP) {
    const vals = [...new Set(points.map((p) => p[d.key]).filter((v) => v !== undefined))];
    if (typeof vals[0] === "number") (vals as number[]).sort((a, b) => a - b);
    if (vals.length) rows.push({ label: d.label, value: vals.map((v) => d.fmt(v as never)).join(", "), main: true });
  }
  return rows;
}

/** Every parameter of the run, labelled; the points' swept values first for a sweep. */
export function paramRows(run: Run): ParamRow[] {
  const p = run.params as unknown as Record<string, unknown>;
  const rows: ParamRow[] = [];
  if (Array.isArray(p.points)) rows.push(...pointRows(p.points as ReportPoint[]));
  for (const [key, v] of flatten(p)) {
    if (key === "points") continue;
    const [label, unit] = KNOWN[key] ?? [key];
    const value = Array.isArray(v) ? listValue(v, unit) : key === "transport" ? String(v).toUpperCase() : scalar(v, unit);
    rows.push({ label, value, main: MAIN.has(key) });
  }
  return rows;
}

/** Rows of a two-pair table: short pairs side by side, a long value on a row of its own. */
export function pairRows(rows: ParamRow[], short = 34): ParamRow[][] {
  const out: ParamRow[][] = [];
  let open: ParamRow[] | null = null; // a row with one short pair, waiting for a second
  for (const r of rows) {
    if (r.value.length > short) {
      out.push([r]);
    } else if (open) {
      open.push(r);
      open = null;
    } else {
      open = [r];
      out.push(open);
    }
  }
  return out;
}
