import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { listRuns } from "../api/client";
import { RUN_STATUSES, type Run, type RunStatus } from "../api/types";
import { DataTable, type Column } from "../components/DataTable";
import { Empty, ErrorBox, Loading, Panel } from "../components/States";
import { StatusBadge } from "../components/StatusBadge";
import { formatBytes, formatCount, formatDateTime, formatDurationBetween, formatRelative } from "../format";
import { useNow, usePolling } from "../hooks/usePolling";

export const PAGE_SIZE = 25;

/** Reads filter and page from the query string (?status=done&page=2). */
export function parseRunsQuery(params: URLSearchParams): { status: RunStatus | null; page: number } {
  const s = params.get("status");
  const status = s && (RUN_STATUSES as string[]).includes(s) ? (s as RunStatus) : null;
  const p = Number(params.get("page") ?? "1");
  const page = Number.isInteger(p) && p >= 1 ? p : 1;
  return { status, page };
}

export function rangeText(offset: number, count: number, total: number): string {
  if (total === 0 || count === 0) return `0 of ${formatCount(total)}`;
  return `${formatCount(offset + 1)}–${formatCount(offset + count)} of ${formatCount(total)}`;
}

const RUN_COLUMNS: Column[] = [
  { label: "ID" },
  { label: "Name" },
  { label: "Status" },
  { label: "Transport" },
  { label: "Req / resp" },
  { label: "Calls", className: "num" },
  { label: "Client → server" },
  { label: "Created" },
  { label: "Duration", className: "num" },
];

function RunRow({ run, now }: { run: Run; now: number }) {
  const navigate = useNavigate();
  const go = () => navigate(`/runs/${run.id}`);
  const p = run.params;
  return (
    <tr
      className="clickable"
      data-testid={`run-row-${run.id}`}
      onClick={go}
      onKeyDown={(e) => e.key === "Enter" && go()}
      tabIndex={0}
    >
      <td className="mono">
        <Link to={`/runs/${run.id}`} onClick={(e) => e.stopPropagation()}>
          #{run.id}
        </Link>
      </td>
      <td className="strong ellipsis" title={run.name ?? ""}>
        {run.name || <span className="muted">—</span>}
      </td>
      <td>
        <StatusBadge status={run.status} />
        {run.status === "running" && run.calls_total > 0 && (
          <span className="muted small"> {Math.floor((run.calls_done / run.calls_total) * 100)} %</span>
        )}
      </td>
      <td className="upper">{p.transport}</td>
      <td className="nowrap">
        {formatBytes(p.request_bytes)} / {formatBytes(p.response_bytes)}
      </td>
      <td className="num">
        {formatCount(p.calls)}
        {p.warmup_calls > 0 && <span className="muted small"> +{formatCount(p.warmup_calls)}</span>}
      </td>
      <td className="nowrap">
        {run.client_agent.name} <span className="muted">→</span> {run.server_agent.name}
      </td>
      <td className="nowrap" title={formatDateTime(run.created_at)}>
        {formatRelative(run.created_at, now)}
      </td>
      <td className="num nowrap">
        {run.started_at ? formatDurationBetween(run.started_at, run.finished_at, now) : <span className="muted">—</span>}
      </td>
    </tr>
  );
}

export function RunsPage() {
  const [params, setParams] = useSearchParams();
  const { status, page } = parseRunsQuery(params);
  const offset = (page - 1) * PAGE_SIZE;
  const now = useNow(2000);
  const { data, error, loading, refresh } = usePolling(
    () => listRuns({ status: status ? [status] : [], limit: PAGE_SIZE, offset }),
    3000,
    `${status}|${offset}`,
  );

  const update = (next: { status?: RunStatus | null; page?: number }) => {
    const p = new URLSearchParams(params);
    const st = next.status !== undefined ? next.status : status;
    const pg = next.page ?? page;
    if (st) p.set("status", st);
    else p.delete("status");
    if (pg > 1) p.set("page", String(pg));
    else p.delete("page");
    setParams(p);
  };

  const stale = data && (data.offset !== offset || loading);
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const hasNext = offset + items.length < total;

  return (
    <div className="page">
      <div className="page-header">
        <h1>Runs</h1>
        <span className="spacer" />
        <label className="inline-label" htmlFor="status-filter">
          Status
        </label>
        <select
          id="status-filter"
          data-testid="status-filter"
          value={status ?? "all"}
          onChange={(e) => update({ status: e.target.value === "all" ? null : (e.target.value as RunStatus), page: 1 })}
        >
          <option value="all">all</option>
          {RUN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <Link to="/launch" className="btn btn-primary">
          New run
        </Link>
      </div>
      {error && (
        <ErrorBox title="Could not load runs" onRetry={refresh}>
          {error}
        </ErrorBox>
      )}
      <Panel className={stale ? "is-stale" : ""}>
        {loading && !data ? (
          <Loading label="Loading runs…" />
        ) : items.length === 0 && !error ? (
          <Empty>
            {status ? (
              <>No {status} runs.</>
            ) : page > 1 ? (
              <>No runs on this page.</>
            ) : (
              <>
                No runs yet. <Link to="/launch">Launch one</Link>.
              </>
            )}
          </Empty>
        ) : (
          <DataTable testId="runs-table" columns={RUN_COLUMNS}>
            {items.map((r) => (
              <RunRow key={r.id} run={r} now={now} />
            ))}
          </DataTable>
        )}
        <div className="pager">
          <span className="muted" data-testid="runs-range">
            {data ? rangeText(offset, items.length, total) : ""}
          </span>
          <button type="button" className="btn btn-small" disabled={page <= 1} onClick={() => update({ page: page - 1 })}>
            ‹ Prev
          </button>
          <button type="button" className="btn btn-small" disabled={!hasNext} onClick={() => update({ page: page + 1 })}>
            Next ›
          </button>
        </div>
      </Panel>
    </div>
  );
}
