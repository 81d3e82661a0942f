import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Link, useParams } from "react-router-dom";
import {
  ApiError,
  cancelRun,
  errorMessage,
  getRun,
  getRunCalls,
  getRunSummary,
  runEventsUrl,
  TIMEOUT_STATUS,
} from "../api/client";
import { isTerminal, type ProgressEvent, type Run, type RunSummary, type Stats } from "../api/types";
import { RttHistogramChart } from "../charts/rttHistogram/RttHistogramChart";
import { measuredRtts } from "../charts/rttHistogram/transform";
import { RttPerCallChart } from "../charts/rttPerCall/RttPerCallChart";
import { Empty, ErrorBox, Loading, Panel } from "../components/States";
import { StatusBadge } from "../components/StatusBadge";
import {
  formatBytes,
  formatCount,
  formatDateTime,
  formatDurationBetween,
  formatNs,
  formatPercent,
} from "../format";
import { useNow } from "../hooks/usePolling";

type LiveMode = "sse" | "polling" | null;

/** Follows a run: server-sent events, falling back to polling GET /api/runs/{id} every second. */
function useLiveRun(id: string) {
  const [run, setRun] = useState<Run | null>(null);
  const [error, setError] = useState<ApiError | Error | null>(null);
  const [mode, setMode] = useState<LiveMode>(null);

  useEffect(() => {
    let alive = true;
    setRun(null);
    setError(null);
    getRun(id)
      .then((r) => alive && setRun(r))
      .catch((e) => alive && setError(e instanceof Error ? e : new Error(String(e))));
    return () => {
      alive = false;
    };
  }, [id]);

  const loaded = run !== null;
  const terminal = run ? isTerminal(run.status) : false;

  useEffect(() => {
    if (!loaded || terminal) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let es: EventSource | null = null;

    const poll = async () => {
      try {
        const r = await getRun(id);
        if (stopped) return;
        setRun(r);
        if (isTerminal(r.status)) return;
      } catch {
        /* keep trying: the backend may be restarting */
      }
      if (!stopped) timer = setTimeout(poll, 1000);
    };
    const startPolling = () => {
      if (stopped) return;
      setMode("polling");
      timer = setTimeout(poll, 0);
    };

    if (typeof EventSource === "undefined") {
      startPolling();
    } else {
      es = new EventSource(runEventsUrl(id));
      setMode("sse");
      es.addEventListener("progress", (ev) => {
        let d: ProgressEvent;
        try {
          d = JSON.parse((ev as MessageEvent<string>).data) as ProgressEvent;
        } catch {
          return;
        }
        if (stopped) return;
        setRun((r) => (r ? { ...r, ...d } : r));
        if (isTerminal(d.status)) es?.close();
      });
      es.onerror = () => {
        es?.close();
        es = null;
        startPolling();
      };
    }
    return () => {
      stopped = true;
      es?.close();
      clearTimeout(timer);
      setMode(null);
    };
  }, [id, loaded, terminal]);

  // Once finished: reload the run for its final times (an event carries only the progress fields).
  useEffect(() => {
    if (!terminal) return;
    let alive = true;
    getRun(id)
      .then((r) => alive && setRun(r))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [id, terminal]);

  return { run, setRun, error, mode, terminal };
}

const RESULTS_TIMEOUT_MS = 20_000;
const RESULTS_ATTEMPTS = 3;

interface Fetched<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  attempt: number;
  retry: () => void;
}

/**
 * Fetches once `key` is set; a request without an answer within 20 s, a network error or a 5xx is
 * retried (3 attempts, 1 s apart) before the error is shown.
 */
function useRetryingFetch<T>(fn: (timeoutMs: number) => Promise<T>, key: string): Fetched<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(1);
  const [round, setRound] = useState(0);
  const fnRef = useRef(fn);
  fnRef.current = fn;
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async (n: number) => {
      setAttempt(n);
      setLoading(true);
      setError(null);
      try {
        const d = await fnRef.current(RESULTS_TIMEOUT_MS);
        if (!alive) return;
        setData(d);
        setLoading(false);
      } catch (e) {
        if (!alive) return;
        const retriable = e instanceof ApiError && (e.status === TIMEOUT_STATUS || e.status === 0 || e.status >= 500);
        if (retriable && n < RESULTS_ATTEMPTS) {
          timer = setTimeout(() => void load(n + 1), 1000);
        } else {
          setError(errorMessage(e));
          setLoading(false);
        }
      }
    };
    void load(1);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [key, round]);
  return { data, error, loading, attempt, retry: () => setRound((r) => r + 1) };
}

function loadingLabel(what: string, attempt: number): string {
  return attempt > 1 ? `Loading ${what}… (attempt ${attempt} of ${RESULTS_ATTEMPTS})` : `Loading ${what}…`;
}

function ProgressBar({ done, total, status }: { done: number; total: number; status: string }) {
  const pct = total > 0 ? Math.min(100, (done / total) * 100) : 0;
  return (
    <div className="progress-wrap">
      <div
        className={`progress progress-${status}`}
        role="progressbar"
        aria-label="Run progress"
        aria-valuemin={0}
        aria-valuenow={done}
        aria-valuemax={total}
        data-testid="run-progress"
      >
        <div className="progress-fill" style={{ width: `${pct}%` }} />
        <div className="progress-text">
          {done} / {total} calls · {formatPercent(done, total)}
        </div>
      </div>
    </div>
  );
}

const PROGRESS_TITLE: Record<Run["status"], string> = {
  queued: "Waiting for the agents…",
  running: "Measuring…",
  done: "Completed",
  failed: "Stopped: failed",
  cancelled: "Stopped: cancelled",
};

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="meta">
      <div className="meta-label">{label}</div>
      <div className="meta-value">{children}</div>
    </div>
  );
}

const STAT_COLUMNS: { key: keyof Stats | "ci"; label: string; title?: string }[] = [
  { key: "count", label: "Count" },
  { key: "mean_ns", label: "Mean" },
  { key: "median_ns", label: "Median" },
  { key: "p90_ns", label: "p90" },
  { key: "p99_ns", label: "p99" },
  { key: "p999_ns", label: "p99.9" },
  { key: "stddev_ns", label: "Std dev" },
  { key: "ci", label: "95% CI of mean", title: "95 % confidence interval of the mean" },
  { key: "min_ns", label: "Min" },
  { key: "max_ns", label: "Max" },
];

function statCell(s: Stats, key: keyof Stats | "ci"): string {
  if (key === "count") return formatCount(s.count);
  if (key === "ci") return `${formatNs(s.ci95_low_ns)} – ${formatNs(s.ci95_high_ns)}`;
  return formatNs(s[key]);
}

function SummaryStats({ summary }: { summary: RunSummary }) {
  const s = summary.rtt;
  return (
    <div data-testid="summary-stats">
      {s ? (
        <div className="table-scroll">
          <table className="table stats-table">
            <thead>
              <tr>
                {STAT_COLUMNS.map((c) => (
                  <th key={c.key} title={c.title} className="num">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                {STAT_COLUMNS.map((c) => (
                  <td key={c.key} className={`num stat-${c.key}`} data-stat={c.key}>
                    {statCell(s, c.key)}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
      ) : (
        <Empty>No measured calls: the statistics exclude warm-up, first and error calls.</Empty>
      )}
      <div className="summary-extras">
        <span data-testid="first-call">
          First call:{" "}
          <b>{summary.first_call ? formatNs(summary.first_call.rtt_ns) : "—"}</b>
          {summary.first_call && <span className="muted"> (call #{formatCount(summary.first_call.call_no)}, not in the statistics)</span>}
        </span>
        <span data-testid="warmup-count">
          Warm-up calls: <b>{formatCount(summary.warmup_calls)}</b>
        </span>
        <span data-testid="error-count" className={summary.error_calls > 0 ? "text-error" : ""}>
          Error calls: <b>{formatCount(summary.error_calls)}</b>
        </span>
      </div>
    </div>
  );
}

function StepsTable({ summary }: { summary: RunSummary }) {
  if (summary.steps.length === 0) return <Empty>No step timings were recorded.</Empty>;
  return (
    <table className="table" data-testid="steps-table">
      <thead>
        <tr>
          <th className="num">Code</th>
          <th>Step</th>
          <th>Side</th>
          <th title="nearest step of the DCE RPC paper (1995), Figures 1 and 2">Paper</th>
          <th className="num">Count</th>
          <th className="num">Mean</th>
          <th className="num">p50</th>
          <th className="num">p99</th>
        </tr>
      </thead>
      <tbody>
        {summary.steps.map((st) => (
          <tr key={st.code}>
            <td className="num mono">{st.code}</td>
            <td className="mono strong">{st.name}</td>
            <td>
              <span className={`side side-${st.side}`}>{st.side}</span>
            </td>
            <td className="mono">{st.paper || "—"}</td>
            <td className="num">{formatCount(st.stats.count)}</td>
            <td className="num">{formatNs(st.stats.mean_ns)}</td>
            <td className="num">{formatNs(st.stats.median_ns)}</td>
            <td className="num">{formatNs(st.stats.p99_ns)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Results({ id }: { id: string }) {
  const summaryQ = useRetryingFetch((t) => getRunSummary(id, t), `summary-${id}`);
  const callsQ = useRetryingFetch((t) => getRunCalls(id, 20000, t), `calls-${id}`);
  const summary = summaryQ.data;
  const calls = callsQ.data;
  const measured = useMemo(() => (calls ? measuredRtts(calls) : []), [calls]);
  const markers = useMemo(
    () =>
      summary?.rtt
        ? [
            { label: "p50", ns: summary.rtt.median_ns },
            { label: "p99", ns: summary.rtt.p99_ns },
          ]
        : undefined,
    [summary],
  );

  if (calls && calls.total === 0 && summary && !summary.rtt && !summary.first_call) {
    return (
      <Panel title="Results">
        <Empty>No calls were recorded for this run.</Empty>
      </Panel>
    );
  }
  const failed = (q: Fetched<unknown>, what: string) => (
    <ErrorBox title={`Could not load the ${what}`} onRetry={q.retry}>
      {q.error}
    </ErrorBox>
  );
  return (
    <>
      <Panel title="RTT summary">
        {summary ? (
          <SummaryStats summary={summary} />
        ) : summaryQ.error ? (
          <div className="panel-pad">{failed(summaryQ, "statistics")}</div>
        ) : (
          <Loading label={loadingLabel("statistics", summaryQ.attempt)} />
        )}
      </Panel>
      <div className="grid-2">
        <Panel title="RTT per call" className="panel-chart">
          {calls ? (
            <RttPerCallChart calls={calls} />
          ) : callsQ.error ? (
            failed(callsQ, "calls")
          ) : (
            <Loading label={loadingLabel("calls", callsQ.attempt)} />
          )}
        </Panel>
        <Panel title="RTT histogram" className="panel-chart">
          {calls ? (
            <RttHistogramChart values={measured} markers={markers} />
          ) : callsQ.error ? (
            failed(callsQ, "calls")
          ) : (
            <Loading label={loadingLabel("calls", callsQ.attempt)} />
          )}
        </Panel>
      </div>
      {summary && (
        <Panel title="Steps" actions={<span className="muted small">per-call segments measured by the agents</span>}>
          <StepsTable summary={summary} />
        </Panel>
      )}
    </>
  );
}

export function RunPage() {
  const { id = "" } = useParams();
  const { run, setRun, error, mode, terminal } = useLiveRun(id);
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const now = useNow(1000);

  if (error) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <div className="page">
        <ErrorBox title={notFound ? `Run ${id} not found` : "Could not load the run"}>
          {notFound ? (
            <>
              There is no run with id {id}. <Link to="/runs">Back to the runs</Link>.
            </>
          ) : (
            error.message
          )}
        </ErrorBox>
      </div>
    );
  }
  if (!run) {
    return (
      <div className="page">
        <Loading label={`Loading run ${id}…`} />
      </div>
    );
  }

  const onCancel = async () => {
    setCancelling(true);
    setCancelError(null);
    try {
      setRun(await cancelRun(run.id));
    } catch (e) {
      setCancelError(errorMessage(e));
    } finally {
      setCancelling(false);
    }
  };

  const p = run.params;
  return (
    <div className="page">
      <div className="breadcrumbs">
        <Link to="/runs">Runs</Link> <span className="muted">/</span> #{run.id}
      </div>
      <div className="page-header run-header">
        <h1>{run.name || `Run #${run.id}`}</h1>
        <span className="muted mono">#{run.id} · {run.kind}</span>
        <StatusBadge status={run.status} testId="run-status" />
        <span className="spacer" />
        {!terminal && (
          <button type="button" className="btn btn-danger" onClick={onCancel} disabled={cancelling}>
            {cancelling ? "Cancelling…" : "Cancel"}
          </button>
        )}
        <Link to="/launch" className="btn">
          New run
        </Link>
      </div>

      <Panel>
        <div className="meta-grid">
          <Meta label="Transport">{p.transport.toUpperCase()}</Meta>
          <Meta label="Request / response">
            {formatBytes(p.request_bytes)} / {formatBytes(p.response_bytes)}
          </Meta>
          <Meta label="Calls">
            {formatCount(p.calls)} <span className="muted">+ {formatCount(p.warmup_calls)} warm-up</span>
          </Meta>
          <Meta label="Client → server">
            {run.client_agent.name} <span className="muted">→</span> {run.server_agent.name}
          </Meta>
          <Meta label="Created">{formatDateTime(run.created_at)}</Meta>
          <Meta label="Started">{formatDateTime(run.started_at)}</Meta>
          <Meta label="Finished">{formatDateTime(run.finished_at)}</Meta>
          <Meta label="Duration">
            {run.started_at ? formatDurationBetween(run.started_at, run.finished_at, now) : "—"}
          </Meta>
          {run.tags?.length > 0 && (
            <Meta label="Tags">
              <span className="chips">
                {run.tags.map((t) => (
                  <span key={t} className="chip">
                    {t}
                  </span>
                ))}
              </span>
            </Meta>
          )}
        </div>
      </Panel>

      {cancelError && <ErrorBox title="Could not cancel">{cancelError}</ErrorBox>}

      <Panel
        title={PROGRESS_TITLE[run.status]}
        actions={
          !terminal && (
            <span className="muted small live-dot" title={mode === "sse" ? "server-sent events" : "polling every 1 s"}>
              {mode === "sse" ? "live" : mode === "polling" ? "polling" : ""}
            </span>
          )
        }
      >
        <ProgressBar done={run.calls_done} total={run.calls_total} status={run.status} />
      </Panel>

      {run.status === "failed" && (
        <ErrorBox title="Run failed">
          <div className="reason" data-testid="run-reason">
            {run.reason || "no reason given"}
          </div>
          <div className="muted small">
            The calls already uploaded ({formatCount(run.calls_done)} of {formatCount(run.calls_total)}) are kept and
            shown below.
          </div>
        </ErrorBox>
      )}
      {run.status === "cancelled" && (
        <div className="warn-box">
          Cancelled{run.reason && run.reason !== "cancelled" ? `: ${run.reason}` : ""}. The calls measured before the
          cancel ({formatCount(run.calls_done)} of {formatCount(run.calls_total)}) are shown below.
        </div>
      )}

      {terminal && <Results key={`${id}-${run.status}`} id={id} />}
    </div>
  );
}
