// The Statistics tab: ANOVA, regression, ratio tables and each point's confidence interval (ecs, step_stats analyses).
import { unavailableReason, type StepStatsPoint } from "../../api/analyses";
import type { Run } from "../../api/types";
import { CiChart } from "../../charts/statistics/CiChart";
import { RegressionPanel } from "./RegressionPanel";
import { anovaCells, anovaReading, ciRows, ratioTables } from "../../charts/statistics/statsTables";
import { Empty, ErrorBox, Loading, Panel } from "../../components/States";
import { formatCi, formatCount, formatNs } from "../../format";
import { loadEcs, loadStepStats } from "../../figures/data";
import { pointNamer } from "../../figures/pointWords";
import { kindUnit, runPoints } from "../../kinds";
import { loadingLabel, useRetryingFetch } from "./useRetryingFetch";

const slowCell = (s: StepStatsPoint["slow_start"]) =>
  !s ? "0" : `${s.count} (${(100 * s.share).toFixed(0)} %, ${s.rtt ? formatNs(s.rtt.mean_ns) : "—"})`;

/** The Statistics tab: ANOVA, regression, ratio tables and confidence intervals from `ecs` and `step_stats`. */
export function StatisticsTab({ run }: { run: Run }) {
  const ecs = useRetryingFetch((t) => loadEcs(run, t), `ecs-${run.id}`);
  const ss = useRetryingFetch((t) => loadStepStats(run, t), `ss-${run.id}`);
  const params = runPoints(run);
  const labelOf = pointNamer(params);

  if (ecs.error || ss.error) {
    return (
      <Panel title="Statistics">
        <div className="panel-pad">
          <ErrorBox title="Could not load the statistics" onRetry={() => { ecs.retry(); ss.retry(); }}>{ecs.error ?? ss.error}</ErrorBox>
        </div>
      </Panel>
    );
  }
  if (!ecs.data || !ss.data) return <Panel title="Statistics"><Loading label={loadingLabel("statistics", Math.max(ecs.attempt, ss.attempt))} /></Panel>;
  const e = ecs.data;
  const ecsWhy = unavailableReason(e);
  const ssWhy = unavailableReason(ss.data);
  const ratios = ecsWhy ? [] : ratioTables(e.ratios);
  const cis = ssWhy ? [] : ciRows(ss.data.points);
  // the case study found its anomaly by counting these small-packet calls (BPF); the agent flags them
  const slowOf = new Map((ssWhy ? [] : ss.data.points).map((p) => [p.point_no, p.slow_start]));
  const rpc = kindUnit(run.kind).figures.slowStart;

  return (
    <>
      <Panel title="Analysis of variance" actions={<span className="muted small">RTT across request sizes, one-way (ECS paper's ANOVA tables)</span>}>
        {ecsWhy ? <Empty>No ANOVA: {ecsWhy}.</Empty> : !e.anova ? (
          <Empty><span data-testid="anova-empty">No ANOVA: {e.reason ?? "the run has a single request size"}.</span></Empty>
        ) : (
          <div className="panel-pad">
            <table className="table" data-testid="anova-table">
              {(() => {
                const t = anovaCells(e.anova);
                return (
                  <>
                    <thead><tr><th>Source of variation</th><th className="num">SS ({t.unit})</th><th className="num">df</th><th className="num">MS ({t.unit})</th><th className="num">F</th><th className="num">P-value</th></tr></thead>
                    <tbody>{t.rows.map((r) => <tr key={r[0]}>{r.map((c, i) => (i === 0 ? <td key={i}>{c}</td> : <td key={i} className="num">{c}</td>))}</tr>)}</tbody>
                  </>
                );
              })()}
            </table>
            <p className="figure-notes" data-testid="anova-reading">{anovaReading(e.anova)}</p>
          </div>
        )}
      </Panel>
      <RegressionPanel ecs={e} why={ecsWhy} nameOf={labelOf} />
      <Panel title="Ratio tables" actions={<span className="muted small">mean RTT relative to the first point's label (ECS protection-level tables)</span>}>
        {ratios.length === 0 ? (
          <Empty>No ratio table: the run does not sweep protection level, transport or kind.</Empty>
        ) : ratios.map((t) => (
          <div className="panel-pad table-scroll" key={t.key}>
            <table className="table" data-testid={`ratio-table-${t.key}`}>
              <caption className="muted small">{t.key}: mean RTT ÷ mean RTT of “{t.rows[0]?.base}” (×)</caption>
              <thead><tr><th>Request</th>{t.labels.map((l) => <th key={l} className="num">{l}</th>)}</tr></thead>
              <tbody>
                {t.rows.map((r) => (
                  <tr key={r.requestBytes}><td>{r.requestBytes} B</td>{r.values.map((v, i) => <td key={i} className="num">{v === null ? "—" : `${v.toFixed(2)}×`}</td>)}</tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      </Panel>
      <Panel title="Confidence intervals" actions={<span className="muted small">95% CI of the mean RTT per point (bootstrap of the calls)</span>}>
        {ssWhy || cis.length === 0 ? <Empty>No confidence intervals: {ssWhy ?? "no completed calls"}.</Empty> : (
          <div className="figure-split">
            <div className="figure-main"><CiChart rows={cis} labelOf={pointNamer(params, { varying: true })} /></div>
            <div className="figure-side table-scroll">
              <table className="table" data-testid="ci-table">
                <thead><tr><th>Point</th><th className="num">Calls</th><th className="num">Mean</th><th className="num">95% CI</th><th className="num">±</th>{rpc && <th className="num" title="measured calls whose request went in small packets: a call handle that had not learnt the packet size (slow start)">Slow start</th>}</tr></thead>
                <tbody>
                  {cis.map((c) => (
                    <tr key={c.pointNo}>
                      <td>{labelOf(c.pointNo)}</td><td className="num">{formatCount(c.calls)}</td>
                      <td className="num" title={`${c.meanNs.toFixed(1)} ns`}>{formatNs(c.meanNs)}</td>
                      <td className="num">{formatCi(c.lowNs, c.highNs)}</td>
                      <td className="num">{c.halfWidthPct.toFixed(2)} %</td>
                      {rpc && <td className="num" data-testid="slow-start-calls">{slowCell(slowOf.get(c.pointNo))}</td>}
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="muted small figure-notes">The true mean lies in the interval with 95% confidence; a narrow interval (a few %) means enough calls were made.</p>
            </div>
          </div>
        )}
      </Panel>
    </>
  );
}
