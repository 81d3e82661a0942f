// The Statistics tab's regression of RTT on request size: the one fit when the run varies its size alone, else one
// fit per group of points that share every other setting (pooling 1/3/6 threads made a slope of the threads).
import type { EcsAnalysis } from "../../api/analyses";
import { regressionCells, regressionGroupRows, regressionGroupsReading, regressionView } from "../../charts/statistics/statsTables";
import { Empty, Panel } from "../../components/States";

export function RegressionPanel({ ecs, why, nameOf }: { ecs: EcsAnalysis; why: string | null; nameOf: (pointNo: number) => string }) {
  const groups = ecs.regression_groups ?? [];
  const perGroup = groups.length > 1;
  const note = perGroup ? "least squares, one fit per group of points sharing every other setting" : "least squares over every measured call";
  return (
    <Panel title="Regression of RTT on request size" actions={<span className="muted small">{note}</span>}>
      {why || (!ecs.regression && !perGroup) ? <Empty>No regression: {why ?? ecs.reason ?? "the run has a single request size"}.</Empty> : perGroup ? (
        <div className="panel-pad table-scroll">
          <p className="figure-notes" data-testid="regression-reading">{regressionGroupsReading(groups)}</p>
          <table className="table" data-testid="regression-groups">
            <thead><tr><th>Points sharing</th><th className="num">Calls</th><th className="num">RTT per KiB</th><th className="num">95% CI</th><th className="num">R²</th></tr></thead>
            <tbody>
              {regressionGroupRows(groups, nameOf).map((r) => (
                <tr key={r.key} title={r.note}>
                  <td>{r.name}</td><td className="num">{r.calls}</td>
                  {r.fitted ? <><td className="num">{r.slope}</td><td className="num">{r.ci}</td><td className="num">{r.r2}</td></>
                    : <td colSpan={3} className="muted">{r.note}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (() => {
        const r = regressionView(ecs.regression!);
        return (
          <div className="panel-pad">
            <table className="table" data-testid="regression-table">
              <tbody>{regressionCells(r).map(([k, v]) => <tr key={k}><td>{k}</td><td className="num">{v}</td></tr>)}</tbody>
            </table>
            <p className="figure-notes" data-testid="regression-reading">{r.reading}</p>
          </div>
        );
      })()}
    </Panel>
  );
}
