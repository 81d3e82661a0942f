// The calibration fault an RPC run may plant on purpose (the launch body's `inject`): its kinds and steps from the
// generated schema, the form's defaults and the checks the backend makes, so the form says what is wrong first.
import type { components } from "../../api/schema.generated";

export type InjectBody = components["schemas"]["InjectIn"];
export type InjectKind = InjectBody["kind"];
export type InjectStep = InjectBody["step"];

/** The form's fault, as typed (numbers as strings); null when off. */
export interface InjectForm {
  kind: InjectKind;
  step: InjectStep;
  delay_us: string;
  every: string;
}

// Records keyed by the generated unions: a kind or step the backend adds or drops fails the type check here
// (api/launch-bodies.json carries no InjectIn, so the form cannot read these at run time).
const KIND_HINTS: Record<InjectKind, string> = {
  delay: "the step spins the delay longer",
  lock: "every caller holds one lock across the step, spinning the delay inside it",
  serial: "the server serves one call at a time (a server step)",
};
const STEPS: Record<InjectStep, true> = {
  "c.start": true, "c.bind": true, "c.marshal": true, "c.copy": true, "c.queue": true, "c.sendmsg": true,
  "c.post_send": true, "c.wait": true, "c.recv": true, "c.ack": true, "c.retransmit": true, "c.unmarshal": true,
  "c.end": true, "c.free": true, "s.idle": true, "s.receive": true, "s.ack": true, "s.dispatch": true,
  "s.unmarshal": true, "s.service": true, "s.marshal": true, "s.sendmsg": true, "s.reply_wait": true, "s.end": true,
};

export const INJECT_KINDS = Object.keys(KIND_HINTS) as InjectKind[];
export const injectKindHint = (k: InjectKind) => KIND_HINTS[k];
export const INJECT_STEPS = Object.keys(STEPS) as InjectStep[];
export const CLIENT_STEPS = INJECT_STEPS.filter((s) => s.startsWith("c."));
export const SERVER_STEPS = INJECT_STEPS.filter((s) => s.startsWith("s."));
// a serial server's step: one a call runs while it holds the server (backend/perflab/kinds/rpc.py)
export const SERIAL_STEPS = SERVER_STEPS.slice(SERVER_STEPS.indexOf("s.dispatch"), SERVER_STEPS.indexOf("s.reply_wait") + 1);
// InjectIn's ranges (backend/perflab/schemas/run_rpc.py)
export const INJECT_LIMITS = { maxDelayUs: 1_000_000, maxEvery: 1_000_000 } as const;

export const INJECT_DEFAULTS: InjectForm = { kind: "delay", step: "c.marshal", delay_us: "200", every: "1" };

function checkRange(raw: string, label: string, min: number, max: number, unit = ""): string | undefined {
  const s = raw.trim();
  const range = `${label} must be between ${min} and ${max}${unit}`;
  if (!/^\d+$/.test(s)) return s === "" ? range : `${label} must be a whole number (${min}..${max}${unit})`;
  const v = Number(s);
  return v < min || v > max ? `${range} (got ${s})` : undefined;
}

/** Messages by inject field ("inject" for the fault as a whole), as the backend would answer. */
export function checkInject(inj: InjectForm, threads: number[]): Partial<Record<"inject" | "inject.step" | "inject.delay_us" | "inject.every", string>> {
  const out: Partial<Record<"inject" | "inject.step" | "inject.delay_us" | "inject.every", string>> = {};
  if (!INJECT_STEPS.includes(inj.step)) out["inject.step"] = `Step must be one of the RPC steps (got ${inj.step})`;
  else if (inj.kind === "serial" && !SERIAL_STEPS.includes(inj.step)) {
    out["inject.step"] = `Step must be one a call runs while it holds the server for a serial server (${SERIAL_STEPS.join(", ")}; got ${inj.step})`;
  } else if (inj.kind === "lock" && inj.step === "s.reply_wait") {
    out["inject.step"] = "Step cannot be s.reply_wait for a lock: its executor waits there for acks the listener delivers";
  }
  const d = checkRange(inj.delay_us, "Delay", inj.kind === "delay" ? 1 : 0, INJECT_LIMITS.maxDelayUs, " µs");
  if (d) out["inject.delay_us"] = d;
  const e = checkRange(inj.every, "Every", 1, INJECT_LIMITS.maxEvery, " calls");
  if (e) out["inject.every"] = e;
  // the 1-thread points are the model's bases and run healthy: the fault needs a point with more callers
  if (threads.length && !threads.some((t) => t > 1)) out.inject = "A planted fault needs a point with more than one caller thread (the 1-thread points are the model's bases and run without it)";
  return out;
}

export function toInjectBody(inj: InjectForm): InjectBody {
  return { kind: inj.kind, step: inj.step, delay_us: Number(inj.delay_us.trim()), every: Number(inj.every.trim()) };
}
