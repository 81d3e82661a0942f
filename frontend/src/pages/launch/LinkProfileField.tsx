// The launch form's link profile: every profile listed with its numbers, those this lab cannot shape disabled with why.
import { useEffect, useState } from "react";
import { errorMessage } from "../../api/client";
import { listLinkProfiles, type LinkProfile } from "../../api/links";
import { formatBytes, impairmentsLong, profileImpairments } from "../../api/linkImpairments";
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

/** A profile's numbers in an engineer's words, each with its unit: rate (up · down when they differ), what kind of
 * link it is, one-way delay ± jitter, loss (random or Gilbert-Elliott bursts), duplication, corruption, the queue, MTU. */
export function profileNumbers(p: LinkProfile): string[] {
  const [rate, ...rest] = impairmentsLong(profileImpairments(p), p.emulation === "wire");
  const parts = [rate];
  if (p.emulation === "wire" || p.emulation === "shaped") parts.push(EMULATION[p.emulation]);
  parts.push(...rest);
  if (p.emulation === "shaped" && p.burst_bytes) parts.push(`bucket ${formatBytes(p.burst_bytes)}`);
  parts.push(`MTU ${p.mtu}`);
  return parts;
}

/** A short reading of a profile's numbers on one line, e.g. "10 Mbit/s · a wire: ... · MTU 1500". */
export function profileSummary(p: LinkProfile): string {
  return profileNumbers(p).join(" · ");
}

/** Under the chosen profile: its description, its numbers, what the emulation reproduces and what not, and a warning
 * when a wire asks more than the link process gives on this machine. */
function ProfileDetails({ profile }: { profile: LinkProfile }) {
  return (
    <>
      {profile.description}
      <div data-testid="link-profile-numbers">{profileSummary(profile)}</div>
      {profile.fidelity && (
        <div className="muted" data-testid="link-profile-fidelity">
          Fidelity: {profile.fidelity}
        </div>
      )}
      {profile.over_ceiling && (
        <div className="warn-box" role="status" data-testid="link-over-ceiling">
          Over the ceiling: this profile asks more than the lab's link process gives on this machine; above it frames
          queue behind the process, not the rate.
        </div>
      )}
    </>
  );
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
      <ProfileDetails profile={chosen} />
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
