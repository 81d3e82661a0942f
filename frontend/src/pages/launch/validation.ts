// The launch form checked and sent, whatever its kind: the shared fields here, the kind's own through its unit
// (src/kinds/<kind>.ts): each field's error naming its allowed range, the points and calls it makes, the API body.
import type { AnyRunCreate, Transport } from "../../api/types";
import { kindUnit } from "../../kinds";
import type { Kind } from "../../kinds/types";
import { checkTags, DEFAULT_FORM, kindOf, put, tagsOf, type LaunchErrors, type LaunchField, type LaunchForm } from "./form";
import { LIMITS } from "./limits";

export * from "./form";
export { LIMITS } from "./limits";
export { rpcCallsTotal, rpcRounds } from "../../kinds/rpc";

/** The transports a kind accepts (the first is its default). */
export const transportsOf = (kind: Kind): Transport[] => kindUnit(kind).transports;

/** The run's number of points (an rpc run: the cartesian product of its sweeps). */
export const countPoints = (form: LaunchForm): number => kindUnit(kindOf(form)).pointCount(form);

/** The points the backend appends at launch (rpc: the model's 1-thread, no-think base points). */
export const missingBasePoints = (form: LaunchForm): number => kindUnit(kindOf(form)).basePoints(form);

/** The form for another kind: its own transport (the one chosen for it before, else its default), so an RPC run
 * never inherits the ping-pong's TCP while the hint speaks of the RPC runtime's UDP. */
export function switchKind(form: LaunchForm, kind: Kind): LaunchForm {
  const allowed = transportsOf(kind);
  const mine = form.transport_by_kind?.[kind];
  return { ...form, kind, transport: mine && allowed.includes(mine) ? mine : allowed[0] };
}

/** The form with a transport chosen for its kind, remembered for when the user comes back to the kind. */
export function chooseTransport(form: LaunchForm, transport: Transport): LaunchForm {
  return { ...form, transport, transport_by_kind: { ...form.transport_by_kind, [kindOf(form)]: transport } };
}

/** Validates the launch form for its kind; returns a message per invalid field (empty object when valid). */
export function validateLaunch(form: LaunchForm): LaunchErrors {
  const errors: LaunchErrors = {};
  if (!form.client_agent_id) errors.client_agent_id = "Choose a client agent (an online agent)";
  if (!form.server_agent_id) errors.server_agent_id = "Choose a server agent (an online agent)";
  const transports = transportsOf(kindOf(form));
  if (!transports.includes(form.transport)) {
    errors.transport = `Transport must be ${transports.map((t) => t.toUpperCase()).join(" or ")} for this kind`;
  }
  kindUnit(kindOf(form)).validate(form, errors);
  if (form.name.trim().length > LIMITS.maxName) {
    errors.name = `Name must be at most ${LIMITS.maxName} characters`;
  }
  put(errors, "tags", checkTags(form.tags));
  return errors;
}

/** The form field a backend error names: the kind's own mapping first (an rpc run's request_bytes is its size sweep). */
export function formFieldOf(kind: Kind, backendField: string): keyof LaunchErrors | undefined {
  const own = kindUnit(kind).formField?.(backendField);
  if (own) return own;
  const known: LaunchField[] = Object.keys(DEFAULT_FORM) as LaunchField[];
  return known.includes(backendField as LaunchField) ? (backendField as LaunchField) : undefined;
}

/** Builds the POST /api/runs body from a valid form. */
export function toRunCreate(form: LaunchForm): AnyRunCreate {
  const name = form.name.trim();
  const tags = tagsOf(form.tags);
  const common = {
    agents: { client_agent_id: Number(form.client_agent_id), server_agent_id: Number(form.server_agent_id) },
    named: { ...(name ? { name } : {}), ...(tags.length ? { tags } : {}) },
  };
  return kindUnit(kindOf(form)).body(form, common);
}
