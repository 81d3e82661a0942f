// The launch form's fields: a label, the control, then its error or hint; a number input and an agent picker.
import type { ReactNode } from "react";
import type { Agent } from "../../api/types";
import type { LaunchErrors, LaunchField, LaunchForm } from "./form";

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}

/** Label, control, then either the error (role=alert) or the hint. */
export function Field({ id, label, error, hint, children }: FieldProps) {
  return (
    <div className={`field${error ? " field-invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <div className="field-error" id={`${id}-error`} data-testid={`error-${id}`} role="alert">
          {error}
        </div>
      ) : hint ? (
        <div className="field-hint">{hint}</div>
      ) : null}
    </div>
  );
}

interface ControlFieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  value: string;
  onChange: (value: string) => void;
}

/** A text input for a whole number (decimal: a fraction is allowed too). */
export function NumberField({ id, label, error, hint, value, onChange, decimal }: ControlFieldProps & { decimal?: boolean }) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        type="text"
        inputMode={decimal ? "decimal" : "numeric"}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={!!error}
      />
    </Field>
  );
}

function agentOption(a: Agent) {
  return (
    <option key={a.id} value={String(a.id)} disabled={a.status !== "online"}>
      {a.status !== "online" ? `${a.name} (${a.status})` : a.name}
    </option>
  );
}

/** A choice among the agents; offline agents are listed but disabled. */
export function AgentField({ id, label, error, hint, value, onChange, agents }: ControlFieldProps & { agents: Agent[] }) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={!!error}>
        <option value="">— choose —</option>
        {agents.map(agentOption)}
      </select>
    </Field>
  );
}

/** What a kind's own fields get: the form, its setter and the error shown for a field. */
export interface KindFieldsProps {
  form: LaunchForm;
  set: <K extends LaunchField>(field: K, value: LaunchForm[K]) => void;
  shown: (field: keyof LaunchErrors) => string | undefined;
}
