// A run's environment (GET /api/runs/{id} `environment`, backend analysis/environment.py) in words: each agent's
// machine, kernel, CPU and build as table rows, and the names and values of the fields two environments differ by.

/** One agent's fingerprint as the backend stores it; any field may be missing (older agents, other kernels). */
export interface AgentEnvironment {
  host?: string;
  kernel?: string;
  machine?: string;
  cpu_model?: string;
  cores_online?: number;
  smt_active?: boolean;
  smt_control?: string;
  governor?: string;
  cpufreq_driver?: string;
  turbo?: boolean;
  busy_poll_us?: number;
  busy_read_us?: number;
  clock_source?: string;
  agent_build?: { version?: string; git_hash?: string; cflags?: string };
  load_at_start?: { "1m"?: number; "5m"?: number; "15m"?: number };
  loadavg_1m?: number;
}

export interface RunEnvironment {
  client?: AgentEnvironment;
  server?: AgentEnvironment;
  link_profile?: string | null;
  co_located?: boolean;
}

/** The run's environment, or null for a run launched before environments were recorded. */
export function environmentOf(raw: unknown): RunEnvironment | null {
  if (!raw || typeof raw !== "object") return null;
  const env = raw as RunEnvironment;
  return env.client || env.server ? env : null;
}

const NOT_REPORTED = "not reported";

/** How each field is named in a sentence; dotted names are the backend's (environment_diff's `field`, role left out). */
export const FIELD_NAMES: Record<string, string> = {
  host: "host",
  kernel: "kernel",
  machine: "architecture",
  cpu_model: "CPU model",
  cores_online: "cores online",
  smt_active: "SMT",
  smt_control: "SMT control",
  governor: "frequency governor",
  cpufreq_driver: "frequency driver",
  turbo: "turbo",
  busy_poll_us: "busy poll",
  busy_read_us: "busy read",
  clock_source: "probe clock",
  "agent_build.version": "agent version",
  "agent_build.git_hash": "agent git hash",
  "agent_build.cflags": "agent build flags",
  link_profile: "link profile",
  co_located: "co-located",
};

const onOff = (v: boolean | undefined | null) => (v === undefined || v === null ? NOT_REPORTED : v ? "on" : "off");

/** A value of field (the part after client./server.) as words: "on", "50 µs", "not reported". */
export function formatFieldValue(field: string, v: unknown): string {
  if (v === undefined || v === null || v === "") return NOT_REPORTED;
  if (field === "co_located") return v ? "yes (one machine)" : "no";
  if (typeof v === "boolean") return onOff(v);
  if (field === "busy_poll_us" || field === "busy_read_us") return Number(v) === 0 ? "off" : `${v} µs`;
  return String(v);
}

/** "client kernel" from "client.kernel"; "link profile" from "link_profile". */
export function fieldName(dotted: string): string {
  const [role, ...rest] = dotted.split(".");
  if (role === "client" || role === "server") {
    const field = rest.join(".");
    return `${role} ${FIELD_NAMES[field] ?? field.replace(/[._]/g, " ")}`;
  }
  return FIELD_NAMES[dotted] ?? dotted.replace(/_/g, " ");
}

/** "client kernel: 6.1.0 → 6.9.2" (a is the reference run's value, b the other's); names: "6.1.0 (A) → 6.9.2 (B)". */
export function differenceText(d: { field: string; a?: unknown; b?: unknown }, names?: [string, string]): string {
  const last = d.field.replace(/^(client|server)\./, "");
  const [na, nb] = names ? names.map((n) => ` (${n})`) : ["", ""];
  return `${fieldName(d.field)}: ${formatFieldValue(last, d.a)}${na} → ${formatFieldValue(last, d.b)}${nb}`;
}

export interface EnvRow {
  label: string;
  client: string;
  server: string;
  /** what the row means, on hover */
  title?: string;
}

function cpu(a: AgentEnvironment): string {
  if (!a.cpu_model && a.cores_online === undefined) return NOT_REPORTED;
  const cores = a.cores_online === undefined ? "" : ` × ${a.cores_online} ${a.cores_online === 1 ? "core" : "cores"}`;
  return `${a.cpu_model ?? "CPU"}${cores}${a.machine ? ` (${a.machine})` : ""}`;
}

function smt(a: AgentEnvironment): string {
  const control = a.smt_control && a.smt_control !== "on" && a.smt_control !== "off" ? ` (${a.smt_control.replace("notsupported", "not supported")})` : "";
  return `${onOff(a.smt_active)}${control}`;
}

function frequency(a: AgentEnvironment): string {
  if (!a.governor && a.turbo === undefined) return NOT_REPORTED;
  const parts = [a.governor ? `governor ${a.governor}` : "governor not reported", `turbo ${onOff(a.turbo)}`];
  return `${parts.join(" · ")}${a.cpufreq_driver ? ` (${a.cpufreq_driver})` : ""}`;
}

function busyPoll(a: AgentEnvironment): string {
  if (a.busy_poll_us === undefined && a.busy_read_us === undefined) return NOT_REPORTED;
  if (!a.busy_poll_us && !a.busy_read_us) return "off";
  return `poll ${formatFieldValue("busy_poll_us", a.busy_poll_us)} · read ${formatFieldValue("busy_read_us", a.busy_read_us)}`;
}

function build(a: AgentEnvironment): string {
  const b = a.agent_build ?? {};
  const parts = [b.version ? `v${b.version}` : null, b.git_hash ?? null, b.cflags?.trim() ? b.cflags.trim() : null];
  return parts.filter(Boolean).join(" · ") || NOT_REPORTED;
}

function load(a: AgentEnvironment): string {
  const l = a.load_at_start;
  if (!l || l["1m"] === undefined) return NOT_REPORTED;
  return `${[l["1m"], l["5m"], l["15m"]].map((v) => (v === undefined ? "?" : v.toFixed(2))).join(" / ")} (1, 5, 15 min)`;
}

/** The rows of the "Where it ran" table, client and server side by side. */
export function environmentRows(env: RunEnvironment): EnvRow[] {
  const c = env.client ?? {};
  const s = env.server ?? {};
  const row = (label: string, f: (a: AgentEnvironment) => string, title?: string): EnvRow => ({ label, client: f(c), server: f(s), title });
  return [
    row("Host", (a) => a.host ?? NOT_REPORTED),
    row("Kernel", (a) => a.kernel ?? NOT_REPORTED),
    row("CPU", cpu, "CPU model × cores online (architecture)"),
    row("SMT", smt, "simultaneous multithreading (hyper-threads) active"),
    row("Frequency", frequency, "the CPU frequency governor, turbo (boost) and driver"),
    row("Busy polling", busyPoll, "net.core.busy_poll / busy_read: sockets spin for data instead of sleeping"),
    row("Probe clock", (a) => a.clock_source ?? NOT_REPORTED, "the clock the agent's step probes read"),
    row("Agent", build, "agent version · git hash · compiler and flags"),
    row("Load at start", load, "the load average when the run started: 1, 5 and 15 minutes"),
  ];
}

/** One line for the collapsed section: "vm · AMD EPYC × 2 cores · kernel 6.18 · loopback · one machine". */
export function environmentLine(env: RunEnvironment): string {
  const c = env.client ?? {};
  const s = env.server ?? {};
  const hosts = c.host === s.host ? c.host ?? "?" : `${c.host ?? "?"} → ${s.host ?? "?"}`;
  const parts = [hosts];
  if (cpu(c) !== NOT_REPORTED) parts.push(cpu(c) === cpu(s) ? cpu(c) : `${cpu(c)} / ${cpu(s)}`);
  if (c.kernel) parts.push(`kernel ${c.kernel === s.kernel ? c.kernel : `${c.kernel} / ${s.kernel ?? "?"}`}`);
  if (env.link_profile) parts.push(`link ${env.link_profile}`);
  if (env.co_located !== undefined) parts.push(env.co_located ? "one machine" : "two machines");
  return parts.join(" · ");
}
