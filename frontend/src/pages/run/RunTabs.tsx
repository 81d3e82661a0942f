// The run page's tab bar: the open tab kept in the URL (?tab=), arrow keys, and tabs a run cannot draw marked with why.
import type { KeyboardEvent } from "react";
import { useSearchParams } from "react-router-dom";

export interface TabDef {
  id: string;
  label: string;
}

/** The run page's tab bar; the open tab is `?tab=` in the URL so it can be linked and survives a reload. */
export function useRunTab(tabs: TabDef[]): [string, (id: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab");
  const current = tabs.some((t) => t.id === asked) ? asked! : tabs[0].id;
  const select = (id: string) => {
    const p = new URLSearchParams();
    if (id !== tabs[0].id) p.set("tab", id);
    setParams(p);
  };
  return [current, select];
}

/** limits: tab id -> why it cannot draw for this run (marked, the reason in its tooltip; still selectable). */
export function RunTabs({ tabs, current, onSelect, limits = {} }: { tabs: TabDef[]; current: string; onSelect: (id: string) => void; limits?: Record<string, string> }) {
  const onKey = (e: KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.id === current);
    if (e.key === "ArrowRight") onSelect(tabs[(i + 1) % tabs.length].id);
    if (e.key === "ArrowLeft") onSelect(tabs[(i - 1 + tabs.length) % tabs.length].id);
  };
  return (
    <div className="tabs" role="tablist" aria-label="Run views" onKeyDown={onKey}>
      {tabs.map((t) => (
        <button key={t.id} type="button" role="tab" id={`tab-${t.id}`} aria-selected={t.id === current}
          tabIndex={t.id === current ? 0 : -1} className={`tab ${t.id === current ? "tab-active" : ""}${limits[t.id] ? " tab-limited" : ""}`}
          title={limits[t.id] ? `Nothing to draw for this run: ${limits[t.id]}` : undefined}
          data-testid={`tab-${t.id}`} onClick={() => onSelect(t.id)}>
          {t.label}{limits[t.id] && <span className="tab-limited-mark" aria-hidden="true"> ∅</span>}
        </button>
      ))}
    </div>
  );
}
