import type { RunCreate, Transport } from "../../api/types";

/** Raw form state, as typed (strings for the numeric inputs). */
export interface LaunchForm {
  client_agent_id: string;
  server_agent_id: string;
  transport: Transport;
  request_bytes: string;
  response_bytes: string;
  calls: string;
  warmup_calls: string;
  name: string;
  link_profile?: string; // a name from GET /api/links/profiles; loopback when absent
}

export type LaunchField = keyof LaunchForm;
export type LaunchErrors = Partial<Record<LaunchField, string>>;

export const LIMITS = {
  tcpMaxBytes: 1_048_576,
  udpMaxBytes: 131_072, // above one datagram (65507 B) the agent splits a message
  minBytes: 1,
  minCalls: 1,
  maxCalls: 1_000_000,
  minWarmup: 0,
  maxWarmup: 100_000,
  maxName: 200,
} as const;

export const DEFAULT_FORM: LaunchForm = {
  client_agent_id: "",
  server_agent_id: "",
  transport: "tcp",
  request_bytes: "64",
  response_bytes: "64",
  calls: "1000",
  warmup_calls: "10",
  name: "",
  link_profile: "loopback",
};

export function maxBytes(transport: Transport): number {
  return transport === "udp" ? LIMITS.udpMaxBytes : LIMITS.tcpMaxBytes;
}

function checkInt(raw: string, label: string, min: number, max: number, suffix = ""): string | undefined {
  const s = raw.trim();
  const range = `${label} must be between ${min} and ${max}${suffix}`;
  if (s === "") return `${range}`;
  if (!/^-?\d+$/.test(s)) return `${label} must be a whole number (${min}..${max}${suffix})`;
  const v = Number(s);
  if (v < min || v > max) return `${range} (got ${s})`;
  return undefined;
}

/** Validates the launch form; returns a message per invalid field (empty object when valid). */
export function validateLaunch(form: LaunchForm): LaunchErrors {
  const errors: LaunchErrors = {};
  if (!form.client_agent_id) errors.client_agent_id = "Choose a client agent (an online agent)";
  if (!form.server_agent_id) errors.server_agent_id = "Choose a server agent (an online agent)";
  if (form.transport !== "tcp" && form.transport !== "udp") {
    errors.transport = "Transport must be TCP or UDP";
  }
  const max = maxBytes(form.transport);
  const tr = form.transport === "udp" ? " for UDP" : " for TCP";
  const req = checkInt(form.request_bytes, "Request size", LIMITS.minBytes, max, ` bytes${tr}`);
  if (req) errors.request_bytes = req;
  const resp = checkInt(form.response_bytes, "Response size", LIMITS.minBytes, max, ` bytes${tr}`);
  if (resp) errors.response_bytes = resp;
  const calls = checkInt(form.calls, "Calls", LIMITS.minCalls, LIMITS.maxCalls);
  if (calls) errors.calls = calls;
  const warm = checkInt(form.warmup_calls, "Warm-up calls", LIMITS.minWarmup, LIMITS.maxWarmup);
  if (warm) errors.warmup_calls = warm;
  if (form.name.trim().length > LIMITS.maxName) {
    errors.name = `Name must be at most ${LIMITS.maxName} characters`;
  }
  return errors;
}

/** Builds the POST /api/runs body from a valid form. */
export function toRunCreate(form: LaunchForm): RunCreate {
  const body: RunCreate = {
    kind: "pingpong",
    client_agent_id: Number(form.client_agent_id),
    server_agent_id: Number(form.server_agent_id),
    transport: form.transport,
    request_bytes: Number(form.request_bytes.trim()),
    response_bytes: Number(form.response_bytes.trim()),
    calls: Number(form.calls.trim()),
    warmup_calls: Number(form.warmup_calls.trim()),
  };
  const name = form.name.trim();
  if (name) body.name = name;
  if (form.link_profile && form.link_profile !== "loopback") body.link_profile = form.link_profile;
  return body;
}
