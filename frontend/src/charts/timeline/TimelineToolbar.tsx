// The timeline's controls: mode (real time / aligned / threads), row order, step and RTT filters, search and zoom.
import type { CodeInfo, RowOrder, TimelineMode } from "./transform";
import { stepColour } from "./render";

export interface Filters {
  mode: TimelineMode;
  order: RowOrder;
  minUs: string;
  maxUs: string;
  minStepUs: string;
  search: string;
}

interface Props {
  filters: Filters;
  onFilters: (f: Filters) => void;
  codes: CodeInfo[];
  hidden: Set<number>;
  onToggle: (code: number) => void;
  onSearch: () => void;
  searchMiss: string | null;
  onZoom: (factor: number) => void;
  onFit: () => void;
}

function validUs(v: string): boolean {
  return v === "" || (Number.isFinite(Number(v)) && Number(v) >= 0);
}

/** Mode (real time / aligned), row order, step filter, RTT range filter, search and zoom buttons. */
export function TimelineToolbar({ filters, onFilters, codes, hidden, onToggle, onSearch, searchMiss, onZoom, onFit }: Props) {
  const set = (patch: Partial<Filters>) => onFilters({ ...filters, ...patch });
  const badMin = !validUs(filters.minUs);
  const badMax = !validUs(filters.maxUs);
  const badStep = !validUs(filters.minStepUs);
  return (
    <div className="timeline-toolbar">
      <div className="seg" role="group" aria-label="Time axis">
        <button type="button" className={`btn btn-small ${filters.mode === "real" ? "btn-primary" : ""}`}
          aria-pressed={filters.mode === "real"} onClick={() => set({ mode: "real" })}
          title="Every step at its real time (Sites, Figure 6.17)">
          Real time
        </button>
        <button type="button" className={`btn btn-small ${filters.mode === "aligned" ? "btn-primary" : ""}`}
          aria-pressed={filters.mode === "aligned"} onClick={() => set({ mode: "aligned" })}
          title="Every call moved to a common start (Sites, Figure 6.18)">
          Aligned
        </button>
        <button type="button" className={`btn btn-small ${filters.mode === "threads" ? "btn-primary" : ""}`}
          aria-pressed={filters.mode === "threads"} onClick={() => set({ mode: "threads" })}
          title="A track per caller thread: its calls' client steps, the server's steps beside them, arrows for the request and the reply">
          Threads
        </button>
      </div>
      {filters.mode === "aligned" && (
        <select aria-label="Row order" title="order of the rows" value={filters.order}
          onChange={(e) => set({ order: e.target.value as RowOrder })}>
          <option value="call">rows by call number</option>
          <option value="rtt">rows by RTT, slowest first</option>
        </select>
      )}
      <span className="timeline-steps" role="group" aria-label="Steps shown">
        {codes.map((c) => (
          <button key={c.code} type="button" className={`chip chip-toggle ${hidden.has(c.code) ? "chip-off" : ""}`}
            aria-pressed={!hidden.has(c.code)} onClick={() => onToggle(c.code)}
            title={`${hidden.has(c.code) ? "show" : "hide"} ${c.name} (code ${c.code}${c.paper ? `, paper ${c.paper}` : ""})`}>
            <span className="swatch" style={{ background: stepColour(c.code) }} /> {c.name}
          </button>
        ))}
      </span>
      <label className="inline-label" title="show only the calls whose RTT lies in this range">
        RTT{" "}
        <input aria-label="Minimum RTT (µs)" className={`input-small ${badMin ? "invalid" : ""}`} inputMode="decimal"
          value={filters.minUs} placeholder="0" onChange={(e) => set({ minUs: e.target.value.trim() })} />
        {" "}–{" "}
        <input aria-label="Maximum RTT (µs)" className={`input-small ${badMax ? "invalid" : ""}`} inputMode="decimal"
          value={filters.maxUs} placeholder="∞" onChange={(e) => set({ maxUs: e.target.value.trim() })} /> µs
      </label>
      <label className="inline-label" title="draw only the steps that last at least this long">
        step ≥{" "}
        <input aria-label="Minimum step duration (µs)" className={`input-small ${badStep ? "invalid" : ""}`}
          inputMode="decimal" value={filters.minStepUs} placeholder="0"
          onChange={(e) => set({ minStepUs: e.target.value.trim() })} /> µs
      </label>
      <form className="inline-label" onSubmit={(e) => { e.preventDefault(); onSearch(); }}>
        <input aria-label="Search a call number or a step" className="input-search" placeholder="#call or step name"
          value={filters.search} onChange={(e) => set({ search: e.target.value })} />
      </form>
      <span className="spacer" />
      <button type="button" className="btn btn-small" onClick={() => onZoom(0.5)} aria-label="Zoom in" title="zoom in (+)">+</button>
      <button type="button" className="btn btn-small" onClick={() => onZoom(2)} aria-label="Zoom out" title="zoom out (−)">−</button>
      <button type="button" className="btn btn-small" onClick={onFit} title="fit the calls in view (0)">Fit</button>
      {(badMin || badMax || badStep || searchMiss) && (
        <div className="field-error timeline-msg" role="status">
          {badMin || badMax || badStep ? "RTT bounds and the step duration must be numbers of µs, 0 or more" : searchMiss}
        </div>
      )}
    </div>
  );
}
