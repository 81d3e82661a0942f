// Create a user (admin): name, password and role, each field's error beside it (checked before asking).
import { useState, type FormEvent } from "react";
import { PASSWORD_MAX, PASSWORD_MIN, ROLES, ROLE_WORDS, USER_NAME, USER_NAME_MAX, createUser, passwordLengthError, type Role, type User } from "../../api/auth";
import { ApiError, errorMessage } from "../../api/errors";
import { Panel } from "../../components/States";
import { Field } from "../launch/fields";

type Errors = { name?: string; password?: string; role?: string; form?: string };

export function newUserErrors(name: string, password: string): Errors {
  const errors: Errors = {};
  if (!USER_NAME.test(name)) errors.name = `name must be 1–${USER_NAME_MAX} characters of A–Z, a–z, 0–9, '.', '_' or '-'`;
  const pw = passwordLengthError("password", password);
  if (pw) errors.password = pw;
  return errors;
}

export function NewUserForm({ onCreated }: { onCreated: (u: User) => void }) {
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [role, setRole] = useState<Role>("viewer");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = newUserErrors(name.trim(), password);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      onCreated(await createUser({ name: name.trim(), password, role }));
      setName("");
      setPassword("");
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      setErrors(Object.keys(fields).length ? fields : err instanceof ApiError && err.status === 409
        ? { name: err.message } : { form: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title="New user">
      <form className="form-row user-form panel-pad" onSubmit={submit} data-testid="new-user-form">
        <Field id="user-name" label="Name" error={errors.name}>
          <input id="user-name" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field id="user-password" label="Password" error={errors.password} hint={`${PASSWORD_MIN}–${PASSWORD_MAX} characters; tell it to the user`}>
          <input id="user-password" type="password" autoComplete="new-password" value={password}
            onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <Field id="user-role" label="Role" error={errors.role} hint={ROLE_WORDS[role]}>
          <select id="user-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {ROLES.map((r) => <option key={r} value={r}>{r}</option>)}
          </select>
        </Field>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>Create user</button>
          {errors.form && <span className="field-error" role="alert">{errors.form}</span>}
        </div>
      </form>
    </Panel>
  );
}
