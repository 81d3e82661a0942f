// The Trends page's runs: every run of the series, oldest first, with its place on the charts' x axis, the baseline
// (one run or a range) marked, "Set as baseline" and "Baseline through here" (a range from the baseline's first run,
// whose spread is then the checks' noise) for operators (viewers read why they have none) and a link comparing a run
// with the baseline.
import { useState } from "react";
import { Link } from "react-router-dom";
import { errorMessage } from "../../api/client";
import { setSeriesBaseline, type Series, type SeriesRun } from "../../api/series";
import { useCan, useUser } from "../../auth/session";
import { ErrorBox } from "../../components/States";
import { StatusBadge } from "../../components/StatusBadge";
import { formatDateTime } from "../../format";
import { compareUrl } from "./trend";

interface Props {
  series: Series;
  runs: SeriesRun[];
  /** run id → its x on the charts (done, analysed runs only) */
  orderOf: Map<number, number>;
  /** after the baseline moved: load the page again */
  onBaselineSet: () => void;
}

export function SeriesRunsTable({ series, runs, orderOf, onBaselineSet }: Props) {
  const canSet = useCan("operator");
  const user = useUser();
  const [busy, setBusy] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const baseline = series.baseline_run_id;

  const setBaseline = async (runId: number, throughRunId: number | null = null) => {
    setBusy(throughRunId ?? runId);
    setFailure(null);
    try {
      await setSeriesBaseline(series.key, runId, throughRunId);
      onBaselineSet();
    } catch (e) {
      setFailure(`Run #${runId}: ${errorMessage(e)}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      {!canSet && (
        <p className="small muted" data-testid="baseline-needs-operator">
          Setting the baseline needs the operator role{user ? `; you are ${user.name} (${user.role})` : ""}.
        </p>
      )}
      {failure && <ErrorBox title="Could not set the baseline">{failure}</ErrorBox>}
      <div className="table-scroll">
        <table className="table" data-testid="series-runs">
          <thead>
            <tr>
              <th className="num" title="the run's place on the charts' x axis (done, analysed runs)">x</th>
              <th>run</th>
              <th>status</th>
              <th>created</th>
              <th>tags</th>
              <th>baseline</th>
            </tr>
          </thead>
          <tbody>
            {[...runs].reverse().map((r) => (
              <tr key={r.id} data-testid={`series-run-${r.id}`}>
                <td className="num">{orderOf.get(r.id) ?? ""}</td>
                <td><Link to={`/runs/${r.id}`}>#{r.id}</Link> {r.name && <span className="muted">{r.name}</span>}</td>
                <td><StatusBadge status={r.status} /></td>
                <td className="mono small">{formatDateTime(r.created_at)}</td>
                <td>{r.tags.length > 0 && <span className="chips">{r.tags.map((t) => <span key={t} className="chip">{t}</span>)}</span>}</td>
                <td>
                  {r.baseline ? (
                    <span className="chip chip-baseline" data-testid="baseline-chip">baseline</span>
                  ) : (
                    <span className="series-run-actions">
                      {canSet && (
                        <button type="button" className="btn btn-small" disabled={r.status !== "done" || busy !== null}
                          title={r.status === "done" ? "later runs are checked against this one" : `only a done run can be the baseline (this one is ${r.status})`}
                          onClick={() => void setBaseline(r.id)}>
                          {busy === r.id ? "Setting…" : "Set as baseline"}
                        </button>
                      )}
                      {canSet && baseline !== null && r.status === "done" && r.id > baseline && (
                        <button type="button" className="btn btn-small" disabled={busy !== null}
                          data-testid={`baseline-through-${r.id}`}
                          title={`the done runs from #${baseline} through this one become the baseline: their spread is the noise a check is judged by (about 20 runs is what a nightly job wants)`}
                          onClick={() => void setBaseline(baseline, r.id)}>
                          {busy === r.id ? "Setting…" : `Baseline #${baseline} through here`}
                        </button>
                      )}
                      {baseline !== null && r.status === "done" && (
                        <Link to={compareUrl(baseline, r.id)} className="small">compare with baseline</Link>
                      )}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
