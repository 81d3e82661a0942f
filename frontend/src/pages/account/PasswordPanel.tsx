// Change one's own password: current and new, each field's error beside it (length checked before asking).
import { useState, type FormEvent } from "react";
import { PASSWORD_MAX, PASSWORD_MIN, changePassword, passwordLengthError } from "../../api/auth";
import { ApiError, errorMessage } from "../../api/errors";
import { Panel } from "../../components/States";
import { Field } from "../launch/fields";

type Errors = { current_password?: string; new_password?: string; form?: string };

/** The backend's refusal put on the field it is about. */
function fieldErrorsOf(e: unknown): Errors {
  if (e instanceof ApiError && e.status === 403) return { current_password: e.message };
  if (e instanceof ApiError && Object.keys(e.fieldErrors).length > 0) {
    const { current_password, new_password, ...rest } = e.fieldErrors;
    const others = Object.entries(rest).map(([f, m]) => `${f}: ${m}`).join("; ");
    return { current_password, new_password, form: others || undefined };
  }
  return { form: errorMessage(e) };
}

export function PasswordPanel() {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    const lengthError = passwordLengthError("new_password", next);
    if (lengthError) {
      setErrors({ new_password: lengthError });
      return;
    }
    setBusy(true);
    try {
      await changePassword(current, next);
      setErrors({});
      setCurrent("");
      setNext("");
      setDone(true);
    } catch (err) {
      setErrors(fieldErrorsOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title="Password">
      <form className="form account-form" onSubmit={submit} data-testid="password-form">
        <Field id="current-password" label="Current password" error={errors.current_password}>
          <input id="current-password" type="password" autoComplete="current-password" value={current}
            onChange={(e) => setCurrent(e.target.value)} />
        </Field>
        <Field id="new-password" label="New password" error={errors.new_password} hint={`${PASSWORD_MIN}–${PASSWORD_MAX} characters`}>
          <input id="new-password" type="password" autoComplete="new-password" value={next}
            onChange={(e) => setNext(e.target.value)} />
        </Field>
        {errors.form && <div className="field-error" role="alert">{errors.form}</div>}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy || !current || !next}>
            {busy ? "Changing…" : "Change password"}
          </button>
          {done && <span className="muted" role="status">Password changed.</span>}
        </div>
      </form>
    </Panel>
  );
}
