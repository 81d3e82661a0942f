// The compare page: two or more runs side by side (parameters, RTT statistics, step means and every figure they share)
// with deltas from A, points paired on all but what the runs differ by.
import { Link, useSearchParams } from "react-router-dom";
import { ApiError, getRun, getRunSummary } from "../api/client";
import type { Run, RunSummary } from "../api/types";
import { Empty, ErrorBox, Loading, Panel } from "../components/States";
import { formatCount } from "../format";
import { usePolling } from "../hooks/usePolling";
import { beyondNoise, rttRows, stepRows } from "../figures/compare";
import { LoopTag, loopOf } from "../figures/loop";
import { CompareFigures } from "./compare/CompareFigures";
import { StepDeltaTable } from "./compare/StepsCompare";
import { DeltaNs } from "./compare/DeltaCells";
import { EnvironmentWarning } from "./compare/EnvironmentWarning";
import { DiffersBy, differsByFrom } from "./compare/DiffersBy";
import { differingParams, type PointParam } from "./compare/pairing";
import { ParamsTable } from "./compare/ParamsTable";
import { pointsOf } from "./compare/PointPairs";
import { RttOverlayPanel } from "./compare/RttOverlayPanel";
import { whyNotPooled } from "./compare/pooling";

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

const EXTRA_NAMES = ["C", "D", "E", "F", "G"];

/** Two runs side by side: every parameter (the differing ones marked), RTT statistics, per-step means and every
 * figure both have, with deltas (B − A); per-point sections pair points on all but what the runs differ by. */
export function ComparePage() {
  const [params, setParams] = useSearchParams();
  const a = params.get("a") ?? "";
  const b = params.get("b") ?? "";
  const valid = /^\d+$/.test(a) && /^\d+$/.test(b);
  // further runs to overlay and list beside A and B: ?more=3,4 (C, D …)
  const more = (params.get("more") ?? "").split(",").filter((x) => /^\d+$/.test(x)).slice(0, 5);
  const { data, error, loading, refresh } = usePolling(
    () => (valid ? Promise.all([loadSide(a), loadSide(b), ...more.map((id) => getRun(id))]) : Promise.resolve(null)),
    0,
    `${a}-${b}-${more.join(",")}`,
  );

  const header = (
    <>
      <div className="breadcrumbs"><Link to="/runs">Runs</Link> <span className="muted">/</span> compare</div>
      <div className="page-header">
        <h1>Compare runs {valid && <span className="muted">#{a} (A) and #{b} (B){more.map((id, i) => `, #${id} (${EXTRA_NAMES[i]})`).join("")}</span>}</h1>
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
  const [A, B] = data as [Side, Side];
  const runs = [A.run, B.run, ...(data.slice(2) as Run[])];
  const names = ["A", "B", ...EXTRA_NAMES].slice(0, runs.length);
  const detected = differingParams(runs.map(pointsOf));
  const differsBy = differsByFrom(params.get("by"), detected);
  const setDiffersBy = (v: PointParam[] | null) => {
    const next = new URLSearchParams(params);
    if (v === null) next.delete("by");
    else next.set("by", v.join(","));
    setParams(next, { replace: true });
  };
  const both = A.summary && B.summary;
  const notPooled = whyNotPooled(A.run, B.run);
  const noise = both && !notPooled ? beyondNoise(A.summary!.rtt, B.summary!.rtt) : null;

  return (
    <div className="page" data-testid="compare-page">
      {header}
      <EnvironmentWarning a={a} b={b} />
      <Panel title="Parameters">
        <DiffersBy value={differsBy} detected={detected} onChange={setDiffersBy} />
        <ParamsTable runs={runs} names={names} />
      </Panel>
      <RttOverlayPanel runs={runs} names={names} differsBy={differsBy} />
      {notPooled ? (
        <p className="muted small panel-pad" data-testid="compare-not-pooled">{notPooled}</p>
      ) : !both ? (
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
                <tr data-testid="compare-loop">
                  <th scope="row" title="a run's overall statistics are RTT whatever its loop; an open loop's latency from the intended send is on its Results">loop</th>
                  <td className="num"><LoopTag loop={loopOf(A.run)} rtt /></td>
                  <td className="num"><LoopTag loop={loopOf(B.run)} rtt /></td>
                  <td /><td />
                </tr>
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
      <CompareFigures A={A.run} B={B.run} differsBy={differsBy} />
    </div>
  );
}
