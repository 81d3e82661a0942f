// The runs history: filters, sortable columns, paging, and picking runs to compare.
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { listAgents, listRuns } from "../api/client";
import { listLinkProfiles } from "../api/links";
import type { Run } from "../api/types";
import { Empty, ErrorBox, Loading, Panel } from "../components/States";
import { StatusBadge } from "../components/StatusBadge";
import { useCan } from "../auth/session";
import { formatBytes, formatCount, formatDateTime, formatDurationBetween, formatRelative } from "../format";
import { useNow, usePolling } from "../hooks/usePolling";
import {
  PAGE_SIZE,
  apiQuery,
  dateRangeError,
  historyParams,
  parseHistory,
  rangeText,
  toggleSort,
  type HistoryState,
  type SortKey,
} from "./runs/historyQuery";
import { RunsFilters } from "./runs/RunsFilters";
import { callsUnit, headlineText, pointsText, sizesText } from "./runs/runCells";
import { kindUnit } from "../kinds";
import { linkShort } from "./run/appliedLink";
import { progressWords, sharePercent } from "./run/progressWords";

const COLUMNS: { label: string; sort?: SortKey; className?: string }[] = [
  { label: "Compare" },
  { label: "ID", sort: "id" },
  { label: "Name", sort: "name" },
  { label: "Kind", sort: "kind" },
  { label: "Status", sort: "status" },
  { label: "Transport" },
  { label: "Link" },
  { label: "Sizes" },
  { label: "Calls", sort: "calls", className: "num" },
  { label: "RTT (median)", className: "num" },
  { label: "Client → server" },
  { label: "Launched by" },
  { label: "Created", sort: "created_at" },
  { label: "Duration", className: "num" },
  { label: "Stored", className: "num" },
];

// A and B get deltas; up to five more runs join the parameters table and the RTT overlay
const MAX_COMPARED = 7;

/** A running run's share as its page's bar says it (progressWords: the backend's share of the points' estimated time,
 * not calls out of the most a run that repeats points might make; the case study read 1 % for long). */
function RunningShare({ run }: { run: Run }) {
  return <span className="muted small" data-testid="run-share"> {sharePercent(progressWords(run).share)}</span>;
}

function RunRow({ run, now, picked, onPick }: { run: Run; now: number; picked: boolean; onPick: () => void }) {
  const navigate = useNavigate();
  const go = () => navigate(`/runs/${run.id}`);
  const p = run.params;
  const rtt = headlineText(run);
  return (
    <tr className="clickable" data-testid={`run-row-${run.id}`} onClick={go}
      onKeyDown={(e) => e.key === "Enter" && e.target === e.currentTarget && go()} tabIndex={0}>
      <td onClick={(e) => e.stopPropagation()}>
        <input type="checkbox" aria-label={`pick run #${run.id} to compare`} checked={picked}
          onChange={onPick} data-testid={`pick-${run.id}`} />
      </td>
      <td className="mono">
        <Link to={`/runs/${run.id}`} onClick={(e) => e.stopPropagation()}>#{run.id}</Link>
      </td>
      <td className="strong ellipsis" title={[run.name, ...(run.tags ?? [])].filter(Boolean).join(" · ")}>
        {run.name || <span className="muted">—</span>}
        {run.tags?.length > 0 && <span className="muted small"> {run.tags.map((t) => `#${t}`).join(" ")}</span>}
      </td>
      <td className="mono small">{run.kind}</td>
      <td>
        <StatusBadge status={run.status} />
        {run.status === "running" && <RunningShare run={run} />}
      </td>
      <td>{p.transport.toUpperCase()}</td>
      <td className="nowrap" data-testid="run-link-cell">{linkShort(run)}</td>
      <td className="nowrap">{sizesText(run)}{pointsText(run) && <span className="muted small"> · {pointsText(run)}</span>}</td>
      {kindUnit(run.kind).callsLabel === null ? (
        // a stream runs for a duration: its calls are the messages it sent, not a number anyone set
        <td className="num" data-testid="run-calls-cell" title="messages sent: a stream sends for its duration, not a set number of calls">
          {run.status === "queued" ? "—" : formatCount(run.calls_done)}
          <span className="muted small"> in {String((p as { duration_s?: number }).duration_s ?? "—")} s</span>
        </td>
      ) : (
        <td className="num" data-testid="run-calls-cell" title={`${formatCount(p.calls)} measured calls ${callsUnit(run.kind)}${p.warmup_calls > 0 ? ` after ${formatCount(p.warmup_calls)} warm-up` : ""}`}>
          {formatCount(p.calls)}
          {p.warmup_calls > 0 && <span className="muted small"> +{formatCount(p.warmup_calls)}</span>}
          {callsUnit(run.kind) && <span className="muted small"> {callsUnit(run.kind)}</span>}
        </td>
      )}
      <td className="num nowrap" data-testid="run-rtt-cell" title={rtt?.title}>
        {rtt ? rtt.text : <span className="muted" title={run.status === "done" ? "not summarised yet" : "no result yet"}>—</span>}
      </td>
      <td className="nowrap">{run.client_agent.name} <span className="muted">→</span> {run.server_agent.name}</td>
      <td className="nowrap" data-testid="launched-by">
        {run.launched_by ? (
          <Link to={`/runs?launched_by=${encodeURIComponent(run.launched_by)}`} title={`only runs ${run.launched_by} launched`}
            onClick={(e) => e.stopPropagation()}>{run.launched_by}</Link>
        ) : <span className="muted" title="launched before accounts">—</span>}
      </td>
      <td className="nowrap" title={formatDateTime(run.created_at)}>{formatRelative(run.created_at, now)}</td>
      <td className="num nowrap">
        {run.started_at ? formatDurationBetween(run.started_at, run.finished_at, now) : <span className="muted">—</span>}
      </td>
      <td className="num nowrap" data-testid="stored" title="its calls and steps in the database (retention: docs/scale.md)">
        {run.archived_at ? <span className="muted" title={`archived ${formatDateTime(run.archived_at)}`}>archived</span>
          : formatBytes(run.stored_bytes)}
        {run.pinned && <span className="muted small" title="pinned: retention keeps it"> · pinned</span>}
      </td>
    </tr>
  );
}

export function RunsPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const state = parseHistory(params);
  const rangeErr = dateRangeError(state);
  const query = apiQuery(state);
  const now = useNow(2000);
  const [picked, setPicked] = useState<number[]>([]);
  const { data, error, loading, refresh } = usePolling(
    () => (rangeErr ? Promise.resolve(null) : listRuns(query)),
    3000,
    historyParams(state).toString(),
  );
  const agents = usePolling(listAgents, 0).data ?? [];
  const links = (usePolling(listLinkProfiles, 0).data ?? []).map((l) => l.name);
  const canLaunch = useCan("operator");

  const update = (next: HistoryState, replace = false) => setParams(historyParams(next), { replace });
  // a change lands on the newest state: the one this render shows, or one asked for since that the router has not
  // rendered yet (a stale render's state made a debounced search drop the sort clicked just before it)
  const latest = useRef(state);
  latest.current = state;
  const asked = useRef<HistoryState | null>(null);
  const search = params.toString();
  useEffect(() => { asked.current = null; }, [search]);
  const patch = (change: Partial<HistoryState>, replace = false) => {
    asked.current = { ...(asked.current ?? latest.current), ...change };
    update(asked.current, replace);
  };
  const stale = data && (data.offset !== query.offset || loading);
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const hasNext = (query.offset ?? 0) + items.length < total;
  const filtered = historyParams({ ...state, page: 1, sort: "created_at", order: "desc" }).toString() !== "";
  const pick = (id: number) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id].slice(-MAX_COMPARED)));

  return (
    <div className="page">
      <div className="page-header">
        <h1>Runs</h1>
        <span className="spacer" />
        {canLaunch && <Link to="/launch" className="btn btn-primary">New run</Link>}
      </div>
      {error && (
        <ErrorBox title="Could not load runs" onRetry={refresh}>{error}</ErrorBox>
      )}
      <Panel className={stale ? "is-stale" : ""}>
        <RunsFilters state={state} agents={agents} kinds={items.map((r) => r.kind)} links={links} onChange={patch} />
        {picked.length > 0 && (
          <div className="compare-bar" data-testid="compare-bar">
            <span>
              {picked.length === 1 ? "Pick one more run to compare with" : "Compare"} {picked.map((p) => `#${p}`).join(", ")}
            </span>
            <button type="button" className="btn btn-small btn-primary" disabled={picked.length < 2}
              onClick={() => navigate(`/compare?a=${picked[0]}&b=${picked[1]}${picked.length > 2 ? `&more=${picked.slice(2).join(",")}` : ""}`)}>
              Compare
            </button>
            <button type="button" className="btn btn-small" onClick={() => setPicked([])}>Clear</button>
          </div>
        )}
        {loading && !data ? (
          <Loading label="Loading runs…" />
        ) : items.length === 0 && !error ? (
          <Empty>
            {rangeErr ? <>Fix the date range to see runs.</> : filtered ? (
              <>No runs match these filters. <button type="button" className="btn btn-small" onClick={() => update({ ...state, status: [], kind: "", agent: null, from: "", to: "", q: "", launchedBy: "", link: "", page: 1 })}>Clear filters</button></>
            ) : state.page > 1 ? <>No runs on this page.</> : <>No runs yet.{canLaunch && <> <Link to="/launch">Launch one</Link>.</>}</>}
          </Empty>
        ) : (
          <div className="table-scroll">
            <table className="table" data-testid="runs-table">
              <thead>
                <tr>
                  {COLUMNS.map((c) => {
                    const sorted = c.sort && state.sort === c.sort;
                    return (
                      <th key={c.label} className={c.className}
                        aria-sort={sorted ? (state.order === "asc" ? "ascending" : "descending") : undefined}>
                        {c.sort ? (
                          <button type="button" className="th-sort" data-testid={`sort-${c.sort}`}
                            onClick={() => update(toggleSort(state, c.sort!))}>
                            {c.label}{sorted ? (state.order === "asc" ? " ▲" : " ▼") : ""}
                          </button>
                        ) : c.label}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {items.map((r) => (
                  <RunRow key={r.id} run={r} now={now} picked={picked.includes(r.id)} onPick={() => pick(r.id)} />
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="pager">
          <span className="muted" data-testid="runs-range">
            {data ? rangeText(query.offset ?? 0, items.length, total) : ""}
          </span>
          <button type="button" className="btn btn-small" disabled={state.page <= 1}
            onClick={() => update({ ...state, page: state.page - 1 })}>‹ Prev</button>
          <button type="button" className="btn btn-small" disabled={!hasNext}
            onClick={() => update({ ...state, page: state.page + 1 })}>Next ›</button>
          <span className="muted small">{PAGE_SIZE} per page</span>
        </div>
      </Panel>
    </div>
  );
}
