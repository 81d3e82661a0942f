// One's own API tokens for scripts and CI: the list, a new token (shown once) and revoking one.
import { useState, type FormEvent } from "react";
import { TOKEN_DAYS_MAX, TOKEN_NAME_MAX, createToken, listTokens, revokeToken, type ApiToken, type ApiTokenCreated } from "../../api/auth";
import { ApiError, errorMessage } from "../../api/errors";
import { ConfirmButton } from "../../components/ConfirmDialog";
import { DataTable } from "../../components/DataTable";
import { SecretOnce } from "../../components/SecretOnce";
import { Empty, ErrorBox, Loading, Panel } from "../../components/States";
import { formatDateTime, formatRelative } from "../../format";
import { useNow, usePolling } from "../../hooks/usePolling";
import { Field } from "../launch/fields";

const COLUMNS = ["Name", "Prefix", "Created", "Expires", "Last used", "Revoked", ""].map((label) => ({ label }));

/** A token's state in words: revoked, expired or active. */
export function tokenState(t: ApiToken, now: number): "revoked" | "expired" | "active" {
  if (t.revoked_at) return "revoked";
  if (t.expires_at && Date.parse(t.expires_at) <= now) return "expired";
  return "active";
}

/** The form's errors by field, checked as the backend would (null fields are fine). */
export function tokenFormErrors(name: string, days: string): { name?: string; expires_in_days?: string } {
  const errors: { name?: string; expires_in_days?: string } = {};
  const n = name.trim().length;
  if (n < 1 || n > TOKEN_NAME_MAX) errors.name = `name must be 1–${TOKEN_NAME_MAX} characters (got ${n})`;
  if (days.trim() !== "") {
    const d = Number(days);
    if (!Number.isInteger(d) || d < 1 || d > TOKEN_DAYS_MAX) {
      errors.expires_in_days = `expires_in_days must be a whole number of days, 1–${TOKEN_DAYS_MAX}, or empty for never (got ${days.trim()})`;
    }
  }
  return errors;
}

/** A past moment as "3 min ago", a coming one (an expiry) as its date; the exact time on hover. */
function When({ iso, now, empty }: { iso: string | null; now: number; empty: string }) {
  if (!iso) return <span className="muted">{empty}</span>;
  const t = Math.max(now, Date.now()); // `now` ticks every 10 s: a token made since is not in the future
  return <span title={`${formatDateTime(iso)} (local time)`}>{Date.parse(iso) > t ? formatDateTime(iso) : formatRelative(iso, t)}</span>;
}

export function TokensPanel() {
  const { data, error, loading, refresh } = usePolling(listTokens, 0);
  const now = useNow(10_000);
  const [name, setName] = useState("");
  const [days, setDays] = useState("");
  const [errors, setErrors] = useState<{ name?: string; expires_in_days?: string; form?: string }>({});
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = tokenFormErrors(name, days);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      setCreated(await createToken(name.trim(), days.trim() ? Number(days) : null));
      setName("");
      setDays("");
      refresh();
    } catch (err) {
      setErrors(err instanceof ApiError && Object.keys(err.fieldErrors).length ? err.fieldErrors : { form: errorMessage(err) });
    }
  };
  const revoke = async (t: ApiToken) => {
    setActionError(null);
    try {
      await revokeToken(t.id);
    } catch (err) {
      setActionError(`Could not revoke ${t.name}: ${errorMessage(err)}`);
    }
    refresh();
  };

  const tokens = data ?? [];
  return (
    <Panel title="API tokens">
      <div className="panel-pad">
        <p className="muted small">
          For scripts and CI: send <code>Authorization: Bearer &lt;token&gt;</code>. A token acts with your role.
        </p>
        {created && (
          <SecretOnce label={`New token “${created.name}”`} value={created.token} onDone={() => setCreated(null)} testId="token-created" />
        )}
        <form className="form-row token-form" onSubmit={submit} data-testid="token-form">
          <Field id="token-name" label="Name" error={errors.name} hint="what it is for, e.g. ci-nightly">
            <input id="token-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={TOKEN_NAME_MAX + 1} />
          </Field>
          <Field id="token-days" label="Expires after (days)" error={errors.expires_in_days} hint={`1–${TOKEN_DAYS_MAX}; empty: never`}>
            <input id="token-days" inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} />
          </Field>
          <div className="form-actions">
            <button type="submit" className="btn btn-primary">Create token</button>
            {errors.form && <span className="field-error" role="alert">{errors.form}</span>}
          </div>
        </form>
      </div>
      {error && <ErrorBox title="Could not load your tokens" onRetry={refresh}>{error}</ErrorBox>}
      {actionError && <ErrorBox title="Revoke failed">{actionError}</ErrorBox>}
      {loading && !data ? (
        <Loading label="Loading tokens…" />
      ) : tokens.length === 0 ? (
        <Empty>No API tokens yet.</Empty>
      ) : (
        <DataTable testId="tokens-table" columns={COLUMNS}>
          {tokens.map((t) => {
            const state = tokenState(t, now);
            return (
              <tr key={t.id} data-testid={`token-row-${t.name}`}>
                <td className="strong">{t.name}</td>
                <td className="mono">{t.prefix}…</td>
                <td><When iso={t.created_at} now={now} empty="—" /></td>
                <td>
                  <When iso={t.expires_at} now={now} empty="never" />
                  {state === "expired" && <span className="chip"> expired</span>}
                </td>
                <td><When iso={t.last_used_at} now={now} empty="never" /></td>
                <td data-testid="token-revoked"><When iso={t.revoked_at} now={now} empty="—" /></td>
                <td>
                  {state !== "revoked" && (
                    <ConfirmButton label="Revoke" title={`Revoke the token “${t.name}”?`} onConfirm={() => revoke(t)}>
                      Scripts that send it get 401 from now on. This cannot be undone.
                    </ConfirmButton>
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
    </Panel>
  );
}
