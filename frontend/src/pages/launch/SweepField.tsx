// A sweep input of the launch form, typed as a list or a range, showing the values it expands to or what is wrong.
import { expandSweep, switchMode, type SweepBounds, type SweepMode, type SweepSpec } from "./sweep";

interface Props {
  id: string;
  label: string;
  bounds: SweepBounds;
  value: SweepSpec;
  onChange: (value: SweepSpec) => void;
  error?: string;
  format?: (v: number) => string;
}

const MODES: { value: SweepMode; label: string }[] = [
  { value: "list", label: "list" },
  { value: "linear", label: "range, step" },
  { value: "log", label: "range, ×factor" },
];

/** A sweep typed as a list or a range; shows the values it expands to, or the error. */
export function SweepField({ id, label, bounds, value, onChange, error, format }: Props) {
  const set = (patch: Partial<SweepSpec>) => onChange({ ...value, ...patch });
  const { values } = expandSweep(value, bounds);
  const shown = values.slice(0, 12).map((v) => (format ? format(v) : String(v)));
  const unit = bounds.unit ? ` ${bounds.unit}` : "";
  return (
    <div className={`field sweep-field${error ? " field-invalid" : ""}`}>
      <div className="sweep-head">
        <label htmlFor={value.mode === "list" ? id : `${id}-from`}>{label}</label>
        <select aria-label={`${label}: list or range`} value={value.mode} onChange={(e) => onChange(switchMode(value, e.target.value as SweepMode, bounds))}>
          {MODES.map((m) => (
            <option key={m.value} value={m.value}>{m.label}</option>
          ))}
        </select>
      </div>
      {value.mode === "list" ? (
        <input id={id} type="text" value={value.list} aria-invalid={!!error} placeholder={`e.g. ${bounds.min}, ${bounds.max}`}
          onChange={(e) => set({ list: e.target.value })} />
      ) : (
        <div className="sweep-range">
          <input id={`${id}-from`} type="text" inputMode="numeric" aria-label={`${label} from`} value={value.from}
            aria-invalid={!!error} onChange={(e) => set({ from: e.target.value })} />
          <span className="muted">to</span>
          <input id={`${id}-to`} type="text" inputMode="numeric" aria-label={`${label} to`} value={value.to}
            aria-invalid={!!error} onChange={(e) => set({ to: e.target.value })} />
          <span className="muted">{value.mode === "linear" ? "step" : "×"}</span>
          <input id={`${id}-step`} type="text" inputMode="decimal" aria-label={value.mode === "linear" ? `${label} step` : `${label} factor`}
            value={value.step} aria-invalid={!!error} onChange={(e) => set({ step: e.target.value })} />
        </div>
      )}
      {error ? (
        <div className="field-error" id={`${id}-error`} data-testid={`error-${id}`} role="alert">{error}</div>
      ) : (
        <div className="field-hint" data-testid={`values-${id}`}>
          {values.length} value{values.length === 1 ? "" : "s"}: {shown.join(", ")}
          {values.length > shown.length ? ", …" : ""} · {bounds.min} – {bounds.max}{unit}
        </div>
      )}
    </div>
  );
}
