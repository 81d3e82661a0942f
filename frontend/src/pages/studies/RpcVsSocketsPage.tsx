// The study page of the ECS experiment (issue 31, item 4): GET /api/studies/rpc-vs-sockets?runs=… drawn as the
// paper's Figures 2 and 4 from the lab's runs, each link's crossover beside the paper's finding. Runs still being
// analysed (409 "is being analysed", 422 "no analysed calls yet") are waited for.
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { ApiError, errorMessage } from "../../api/client";
import { getRpcVsSockets, parseRunIds, studyUrl, type RpcVsSockets } from "../../api/studies";
import { RpcVsSocketsChart } from "../../charts/rpcVsSockets/RpcVsSocketsChart";
import { threadCounts } from "../../charts/rpcVsSockets/transform";
import { Empty, ErrorBox, Loading, Panel } from "../../components/States";
import "./studies.css";

const RETRY_MS = 2000;
/** A run that has not been analysed yet: the worker stores its analyses soon after it ends. */
export const notAnalysedYet = (e: unknown) => e instanceof ApiError
  && ((e.status === 409 && /being analysed/.test(e.message)) || (e.status === 422 && /no analysed calls yet/.test(e.message)));

export function RpcVsSocketsPage({ retryMs = RETRY_MS }: { retryMs?: number }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const ids = useMemo(() => parseRunIds(params.get("runs")), [params]);
  const key = ids.join(",");
  const [text, setText] = useState(key);
  const [data, setData] = useState<RpcVsSockets | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState<string | null>(null);
  const [threads, setThreads] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => setText(key), [key]);

  useEffect(() => {
    setData(null);
    setError(null);
    setWaiting(null);
    if (!ids.length) return;
    const ctrl = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const d = await getRpcVsSockets(ids, ctrl.signal);
        setData(d);
        setWaiting(null);
      } catch (e) {
        if (ctrl.signal.aborted) return;
        if (notAnalysedYet(e)) {
          setWaiting(errorMessage(e));
          timer = setTimeout(load, retryMs);
        } else {
          setError(errorMessage(e));
        }
      }
    };
    void load();
    return () => {
      ctrl.abort();
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt, retryMs]);

  const counts = data ? threadCounts(data.rows) : [];
  const shownThreads = threads !== null && counts.includes(threads) ? threads : counts[0];

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next = parseRunIds(text);
    if (next.length) navigate(studyUrl(next));
  };

  return (
    <div className="page">
      <div className="page-header">
        <h1>RPC vs sockets on LAN and WAN</h1>
        <span className="muted">
          the ECS paper's Figures 2 and 4 from the lab's runs: its RPC runtime over UDP (error control per message) against the
          same runtime over TCP (the kernel's, per segment)
        </span>
      </div>
      <Panel>
        <form className="study-runs-form" onSubmit={onSubmit} aria-label="Runs of the study">
          <label htmlFor="study-runs">Run ids</label>
          <input id="study-runs" type="text" value={text} placeholder="e.g. 12, 13, 14, 15" onChange={(e) => setText(e.target.value)} />
          <button type="submit" className="btn btn-small" disabled={!parseRunIds(text).length}>Show</button>
          <span className="muted small">
            RPC runs (UDP and TCP) on one or more links, each a size sweep; launch a new study from the{" "}
            <Link to="/launch">Launch</Link> page's preset "RPC vs sockets on LAN and WAN (ECS)".
          </span>
        </form>
      </Panel>
      {!ids.length && <Empty>Give the ids of the study's runs.</Empty>}
      {error && (
        <ErrorBox title="Could not compute the study" testId="study-error" onRetry={() => setAttempt((a) => a + 1)}>
          {error}
        </ErrorBox>
      )}
      {waiting && <Loading label={`Waiting for the analysis (${waiting})…`} />}
      {ids.length > 0 && !data && !error && !waiting && <Loading label="Loading the study…" />}
      {data && (
        <Panel
          title={<>Response time by message size</>}
          actions={counts.length > 1 ? (
            <div className="kind-tabs" role="group" aria-label="Caller threads">
              {counts.map((t) => (
                <button key={t} type="button" className="btn btn-small" aria-pressed={t === shownThreads}
                  data-testid={`threads-${t}`} onClick={() => setThreads(t)}>
                  {t} thread{t === 1 ? "" : "s"}
                </button>
              ))}
            </div>
          ) : undefined}
        >
          {data.rows.length === 0 || shownThreads === undefined ? (
            <Empty>These runs have no analysed calls.</Empty>
          ) : (
            <>
              <RpcVsSocketsChart data={data} threads={shownThreads} />
              <p className="muted small">
                Mean of each point's later calls (the first call of a point is left out); runs{" "}
                {ids.map((id, i) => (
                  <span key={id}>{i ? ", " : ""}<Link to={`/runs/${id}`}>#{id}</Link></span>
                ))}.
              </p>
            </>
          )}
        </Panel>
      )}
    </div>
  );
}
