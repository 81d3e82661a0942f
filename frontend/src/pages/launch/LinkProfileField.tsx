// The launch form's link profile: every profile listed with its numbers, those this lab cannot shape disabled with why.
import { useEffect, useState } from "react";
import { errorMessage } from "../../api/client";
import { listLinkProfiles, type LinkProfile } from "../../api/links";
import { Field } from "./fields";

interface Props {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

const EMULATION = {
  wire: "a wire: every frame takes its serialisation time, frames queue FIFO",
  shaped: "shaped by a token bucket, not a wire: a lone frame passes at once",
};

/** A short reading of a profile's numbers, e.g. "10 Mbit/s · MTU 1500", and what kind of link it is. */
export function profileSummary(p: LinkProfile): string {
  const parts: string[] = [];
  if (p.rate_mbit != null) parts.push(p.rate_mbit >= 1000 ? `${p.rate_mbit / 1000} Gbit/s` : `${p.rate_mbit} Mbit/s`);
  else parts.push("unshaped");
  if (p.emulation === "wire" || p.emulation === "shaped") parts.push(EMULATION[p.emulation]);
  parts.push(`MTU ${p.mtu}`);
  const delay = p.delay_ms < 1 ? `${Math.round(p.delay_ms * 1000)} µs` : `${p.delay_ms} ms`;
  if (p.delay_ms) parts.push(`${delay}${p.jitter_ms ? ` ± ${p.jitter_ms} ms` : ""} ${p.emulation === "wire" ? "propagation" : "delay"}`);
  if (p.loss_percent) parts.push(`${p.loss_percent}% loss`);
  return parts.join(" · ");
}

/** The run's link profile: every profile listed, those this lab cannot shape disabled with the reason. */
export function LinkProfileField({ value, onChange, error }: Props) {
  const [profiles, setProfiles] = useState<LinkProfile[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    listLinkProfiles()
      .then((p) => live && setProfiles(p))
      .catch((e) => live && setLoadError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, []);

  const chosen = profiles?.find((p) => p.name === value);
  const unavailable = (profiles ?? []).filter((p) => !p.available);
  const hint = loadError ? (
    `profiles could not be loaded (${loadError}); the run uses loopback`
  ) : chosen ? (
    <>
      {chosen.description} <span className="muted">({profileSummary(chosen)})</span>
      {unavailable.length > 0 && (
        <ul className="small muted" data-testid="unavailable-profiles">
          {unavailable.map((p) => (
            <li key={p.name}>
              {p.name} unavailable: {p.unavailable_reason}
            </li>
          ))}
        </ul>
      )}
    </>
  ) : (
    "network between the agents"
  );

  return (
    <fieldset className="form-section">
      <legend>Network</legend>
      <Field id="link_profile" label="Link profile" error={error} hint={hint}>
      <select id="link_profile" value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={!!error}>
        {!profiles && <option value={value}>{value}</option>}
        {profiles?.map((p) => (
          <option key={p.name} value={p.name} disabled={!p.available} title={p.unavailable_reason ?? p.description}>
            {p.available ? p.name : `${p.name} (unavailable)`}
          </option>
        ))}
      </select>
      </Field>
    </fieldset>
  );
}
