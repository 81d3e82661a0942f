import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { ApiError, getRun, getRunSummary } from "../api/client";
import type { Run, RunSummary } from "../api/types";
import { Empty, ErrorBox, Loading, Panel } from "../components/States";
import { StatusBadge } from "../components/StatusBadge";
import { formatBytes, formatCount, formatDateTime, formatDurationBetween } from "../format";
import { usePolling } from "../hooks/usePolling";
import { beyondNoise, rttRows, stepRows } from "./compare/compare";
import { CompareFigures } from "./compare/CompareFigures";
import { StepDeltaTable } from "./compare/StepsCompare";
import { DeltaNs } from "./compare/DeltaCells";

interface Side {
  run: Run;
  summary: RunSummary | null; // null while the run has no summary (not finished)
}

async function loadSide(id: string): Promise<Side> {
  const run = await getRun(id);
  try {
    return { run, summary: await getRunSummary(id, 20_000) };
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return { run, summary: null };
    throw e;
  }
}

function ParamRow({ label, a, b }: { label: string; a: ReactNode; b: ReactNode }) {
  const differs = String(a) !== String(b);
  return (
    <tr className={differs ? "row-differs" : ""}>
      <th scope="row">{label}</th>
      <td>{a}</td>
      <td>{b}</td>
      <td className="muted small">{differs ? "differs" : ""}</td>
    </tr>
  );
}

const paramText = (r: Run) => ({
  status: r.status,
  kind: r.kind,
  transport: r.params.transport.toUpperCase(),
  sizes: `${formatBytes(r.params.request_bytes)} / ${formatBytes(r.params.response_bytes)}`,
  calls: `${formatCount(r.params.calls)} + ${formatCount(r.params.warmup_calls)} warm-up`,
  agents: `${r.client_agent.name} → ${r.server_agent.name}`,
  created: formatDateTime(r.created_at),
  duration: r.started_at ? formatDurationBetween(r.started_at, r.finished_at) : "—",
  tags: r.tags?.join(", ") || "—",
});

/** Two runs side by side: parameters, RTT statistics, per-step means and every figure both have, with deltas (B − A). */
export function ComparePage() {
  const [params] = useSearchParams();
  const a = params.get("a") ?? "";
  const b = params.get("b") ?? "";
  const valid = /^\d+$/.test(a) && /^\d+$/.test(b);
  const { data, error, loading, refresh } = usePolling(
    () => (valid ? Promise.all([loadSide(a), loadSide(b)]) : Promise.resolve(null)),
    0,
    `${a}-${b}`,
  );

  const header = (
    <>
      <div className="breadcrumbs"><Link to="/runs">Runs</Link> <span className="muted">/</span> compare</div>
      <div className="page-header">
        <h1>Compare runs {valid && <span className="muted">#{a} (A) and #{b} (B)</span>}</h1>
      </div>
    </>
  );
  if (!valid) {
    return (
      <div className="page">
        {header}
        <Empty>Pick two runs on the <Link to="/runs">Runs</Link> page (tick their boxes, then Compare); the link has the form /compare?a=1&amp;b=2.</Empty>
      </div>
    );
  }
  if (error) {
    return (
      <div className="page">
        {header}
        <ErrorBox title="Could not load the runs" onRetry={refresh}>{error}</ErrorBox>
      </div>
    );
  }
  if (loading || !data) {
    return <div className="page">{header}<Loading label={`Loading runs #${a} and #${b}…`} /></div>;
  }
  const [A, B] = data;
  const pa = paramText(A.run);
  const pb = paramText(B.run);
  const labels: [keyof typeof pa, string][] = [
    ["status", "Status"], ["kind", "Kind"], ["transport", "Transport"], ["sizes", "Request / response"],
    ["calls", "Calls"], ["agents", "Client → server"], ["created", "Created"], ["duration", "Duration"], ["tags", "Tags"],
  ];
  const both = A.summary && B.summary;
  const noise = both ? beyondNoise(A.summary!.rtt, B.summary!.rtt) : null;

  return (
    <div className="page" data-testid="compare-page">
      {header}
      <Panel title="Parameters">
        <table className="table compare-grid" data-testid="compare-params">
          <thead>
            <tr>
              <th />
              <th><Link to={`/runs/${A.run.id}`}>A · #{A.run.id} {A.run.name}</Link> <StatusBadge status={A.run.status} /></th>
              <th><Link to={`/runs/${B.run.id}`}>B · #{B.run.id} {B.run.name}</Link> <StatusBadge status={B.run.status} /></th>
              <th />
            </tr>
          </thead>
          <tbody>
            {labels.map(([k, label]) => <ParamRow key={k} label={label} a={pa[k]} b={pb[k]} />)}
          </tbody>
        </table>
      </Panel>
      {!both ? (
        <Empty>
          {[A, B].filter((s) => !s.summary).map((s) => `#${s.run.id}`).join(" and ")} has no statistics yet (runs get
          them when they finish).
        </Empty>
      ) : (
        <>
          <Panel title="RTT statistics" actions={
            noise !== null && (
              <span className="muted small" data-testid="compare-noise">
                {noise ? "the means differ by more than their 95% confidence intervals" : "the means lie within each other's 95% confidence intervals: the difference may be noise"}
              </span>
            )}>
            <table className="table compare-grid" data-testid="compare-rtt">
              <thead>
                <tr><th>statistic</th><th className="num">A</th><th className="num">B</th><th className="num">Δ (B − A)</th><th className="num">Δ %</th></tr>
              </thead>
              <tbody>
                {rttRows(A.summary!, B.summary!).map((r) => (
                  <tr key={r.key}><th scope="row">{r.label}</th><DeltaNs row={r} /></tr>
                ))}
                <tr>
                  <th scope="row">measured calls</th>
                  <td className="num">{formatCount(A.summary!.rtt?.count)}</td>
                  <td className="num">{formatCount(B.summary!.rtt?.count)}</td>
                  <td /><td />
                </tr>
              </tbody>
            </table>
          </Panel>
          <Panel title="Steps ladder: mean time per step" actions={<span className="muted small">DCE RPC paper, Figures 1–2 · every point's calls</span>}>
            <StepDeltaTable testId="compare-steps" rowTestId="compare-step" rows={stepRows(A.summary!, B.summary!)} />
          </Panel>
        </>
      )}
      <CompareFigures A={A.run} B={B.run} />
    </div>
  );
}
