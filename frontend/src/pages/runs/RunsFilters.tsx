import { useEffect, useState } from "react";
import { RUN_STATUSES, type Agent, type RunStatus } from "../../api/types";
import { DEFAULT_STATE, dateRangeError, type HistoryState } from "./historyQuery";

const KNOWN_KINDS = ["pingpong"];

/** Status toggles, kind, agent, date range and free text; the text goes to the URL 300 ms after typing stops. */
export function RunsFilters({ state, agents, kinds, onChange }: {
  state: HistoryState;
  agents: Agent[];
  kinds: string[];
  onChange: (next: HistoryState, replace?: boolean) => void;
}) {
  const [text, setText] = useState(state.q);
  useEffect(() => setText(state.q), [state.q]);
  useEffect(() => {
    if (text === state.q) return;
    const t = setTimeout(() => onChange({ ...state, q: text, page: 1 }, true), 300);
    return () => clearTimeout(t);
  }, [text]); // eslint-disable-line react-hooks/exhaustive-deps

  const set = (patch: Partial<HistoryState>) => onChange({ ...state, ...patch, page: 1 });
  const toggle = (s: RunStatus) =>
    set({ status: state.status.includes(s) ? state.status.filter((x) => x !== s) : [...state.status, s] });
  const rangeErr = dateRangeError(state);
  const kindOptions = [...new Set([...KNOWN_KINDS, ...kinds, state.kind].filter(Boolean))].sort();
  const active = JSON.stringify({ ...state, page: 1, sort: "", order: "" }) !==
    JSON.stringify({ ...DEFAULT_STATE, sort: "", order: "" });

  return (
    <div className="filters" data-testid="runs-filters">
      <div className="field">
        <span id="status-label">Status</span>
        <span className="status-toggles" role="group" aria-labelledby="status-label">
          {RUN_STATUSES.map((s) => (
            <button key={s} type="button" className={`chip chip-toggle ${state.status.includes(s) ? "" : "chip-off-soft"}`}
              aria-pressed={state.status.includes(s)} data-testid={`status-${s}`} onClick={() => toggle(s)}>
              {s}
            </button>
          ))}
        </span>
      </div>
      <label className="field">
        Kind
        <select aria-label="Kind" value={state.kind} onChange={(e) => set({ kind: e.target.value })}>
          <option value="">any</option>
          {kindOptions.map((k) => <option key={k} value={k}>{k}</option>)}
        </select>
      </label>
      <label className="field">
        Agent (client or server)
        <select aria-label="Agent" value={state.agent ?? ""} onChange={(e) => set({ agent: e.target.value ? Number(e.target.value) : null })}>
          <option value="">any</option>
          {agents.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
          {state.agent !== null && !agents.some((a) => a.id === state.agent) && (
            <option value={state.agent}>agent #{state.agent}</option>
          )}
        </select>
      </label>
      <label className="field">
        Created from
        <input type="date" aria-label="Created from" value={state.from} onChange={(e) => set({ from: e.target.value })} />
      </label>
      <label className="field">
        to (inclusive)
        <input type="date" aria-label="Created to" value={state.to} className={rangeErr ? "invalid" : ""}
          onChange={(e) => set({ to: e.target.value })} />
      </label>
      <label className="field">
        Search name, tags or #id
        <input type="text" aria-label="Search runs" placeholder="e.g. fig3 baseline" value={text}
          onChange={(e) => setText(e.target.value)} data-testid="runs-search" />
      </label>
      {active && (
        <button type="button" className="btn btn-small" onClick={() => onChange({ ...DEFAULT_STATE })}>
          Clear filters
        </button>
      )}
      {rangeErr && <div className="field-error" role="alert" style={{ flexBasis: "100%" }}>{rangeErr}</div>}
    </div>
  );
}
