// "Differs by": the point parameters the runs are compared by. The per-point sections pair points that agree on
// every other parameter; the choice starts at what the runs' sweeps differ in and lives in the link (?by=).
import { PARAM_NAMES, POINT_PARAMS, type PointParam } from "./pairing";

const isParam = (s: string): s is PointParam => (POINT_PARAMS as readonly string[]).includes(s);

/** The ?by= value: absent = the detected parameters, "" = none, else a comma list. */
export function differsByFrom(by: string | null, detected: PointParam[]): PointParam[] {
  if (by === null) return detected;
  return by.split(",").filter(isParam);
}

export function DiffersBy({ value, detected, onChange }: { value: PointParam[]; detected: PointParam[]; onChange: (v: PointParam[] | null) => void }) {
  const toggle = (k: PointParam) => onChange(POINT_PARAMS.filter((p) => (p === k ? !value.includes(p) : value.includes(p))));
  const isDetected = value.length === detected.length && value.every((k) => detected.includes(k));
  const rest = POINT_PARAMS.filter((k) => !value.includes(k)).map((k) => PARAM_NAMES[k]);
  return (
    <fieldset className="differs-by" data-testid="compare-differs-by">
      <legend className="small">The runs differ by</legend>
      {POINT_PARAMS.map((k) => (
        <label key={k} className="small">
          <input type="checkbox" checked={value.includes(k)} onChange={() => toggle(k)} /> {PARAM_NAMES[k]}
        </label>
      ))}
      {!isDetected && <button type="button" className="btn btn-small" onClick={() => onChange(null)}>as detected</button>}
      <p className="muted small" data-testid="compare-paired-on">
        Per-point sections pair points with the same {rest.join(", ") || "— (any parameter)"}
        {isDetected ? (detected.length ? " (detected: the runs' sweeps differ in the ticked ones)" : " (the runs' sweeps have the same values)") : ""}.
      </p>
    </fieldset>
  );
}
