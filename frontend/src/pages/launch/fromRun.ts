// "Run again with these settings": a launched run's stored parameters back in the launch form, to launch as they
// are or edit first. An RPC run's sweeps come back from its points, less the 1-thread base points the lab added
// (the backend adds them again when the sweep still lacks them).
import type { Run, Transport } from "../../api/types";
import { kindUnit } from "../../kinds";
import type { Kind, Params } from "../../kinds/types";
import { str } from "../../kinds/common";
import { DEFAULT_FORM, type LaunchForm } from "./form";

/** The launch form that launches `run` again: its kind, transport, sizes, sweeps, rounds, runtime knobs, link
 * profile, name and tags; the agents stay the form's own (the caller's current choice). */
export function formFromRun(run: Run, base: LaunchForm = DEFAULT_FORM): LaunchForm {
  const params = run.params as unknown as Params;
  const kind = run.kind as Kind;
  const link = (run.link as { profile?: string } | undefined)?.profile;
  const form: LaunchForm = {
    ...base,
    kind,
    transport: (params.transport as Transport | undefined) ?? base.transport,
    calls: str(params.calls, base.calls),
    warmup_calls: str(params.warmup_calls, base.warmup_calls),
    name: run.name,
    tags: run.tags.join(", "),
    link_profile: link ?? "loopback",
  };
  return { ...form, ...kindUnit(kind).formFromParams(params, base) };
}
