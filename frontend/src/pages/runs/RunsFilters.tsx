// The runs history's filters: status, kind, agent, link profile, dates, who launched, free text.
import { useEffect, useState } from "react";
import { RUN_STATUSES, type Agent, type RunStatus } from "../../api/types";
import { DEFAULT_STATE, dateRangeError, type HistoryState } from "./historyQuery";
import { RUN_KINDS } from "./runCells";


/** A text filter that goes to the URL 300 ms after typing stops (and follows the URL when it changes). */
function useDebouncedText(value: string, commit: (text: string) => void): [string, (s: string) => void] {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const t = setTimeout(() => commit(text), 300);
    return () => clearTimeout(t);
  }, [text]); // eslint-disable-line react-hooks/exhaustive-deps
  return [text, setText];
}

/** Status toggles, kind, agent, link profile, date range, launched by and free text. links: the lab's profile
 * names (a run records the profile it was measured on). */
export function RunsFilters({ state, agents, kinds, links, onChange }: {
  state: HistoryState;
  agents: Agent[];
  kinds: string[];
  links: string[];
  /** a change of some filters, laid over the filters as they stand when it is applied, not as this render saw
   * them: a search typed before a sort, its debounce firing after it, must not undo the sort */
  onChange: (patch: Partial<HistoryState>, replace?: boolean) => void;
}) {
  const [text, setText] = useDebouncedText(state.q, (q) => onChange({ q, page: 1 }, true));
  const [launcher, setLauncher] = useDebouncedText(state.launchedBy,
    (name) => onChange({ launchedBy: name.trim(), page: 1 }, true));

  const set = (patch: Partial<HistoryState>) => onChange({ ...patch, page: 1 });
  const toggle = (s: RunStatus) =>
    set({ status: state.status.includes(s) ? state.status.filter((x) => x !== s) : [...state.status, s] });
  const rangeErr = dateRangeError(state);
  const kindOptions = [...new Set([...RUN_KINDS, ...kinds, state.kind].filter(Boolean))].sort();
  const linkOptions = [...new Set([...links, state.link].filter(Boolean))];
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
      <label className="field" title="the link profile each run was measured on (an RPC run's own runtime link shows in the Link column)">
        Link
        <select aria-label="Link" value={state.link} onChange={(e) => set({ link: e.target.value })}>
          <option value="">any</option>
          {linkOptions.map((l) => <option key={l} value={l}>{l}</option>)}
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
        Launched by
        <input type="text" aria-label="Launched by" placeholder="user name" value={launcher}
          onChange={(e) => setLauncher(e.target.value)} data-testid="runs-launched-by" />
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
