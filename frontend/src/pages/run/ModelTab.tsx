// The Model tab: the MVA model against the measured RTTs (the case study's Figure 2 and Table 2) per call kind and
// cache policy, with what-if sliders answered by the backend.
import { useEffect, useMemo, useRef, useState } from "react";
import { isUnavailable, postWhatIf } from "../../api/figures";
import { errorMessage } from "../../api/client";
import type { Run } from "../../api/types";
import { basePoint, sliderKeys } from "../../charts/model/transform";
import "../../styles/compare.css";
import { groupReason, groups, withPolicy, type PolicyParams } from "../../charts/model/policy";
import { Figure2 } from "../../charts/model/Figure2";
import { Table2 } from "../../charts/model/Table2";
import { modelMethod, perPointSolvers, table2, table2Caption, whatifKey } from "../../charts/model/table2";
import { CalibrationPanel, SolverSummary } from "../../charts/model/ModelSummary";
import { flagged } from "../../charts/model/solvers";
import { modelErrorText, runVerdict } from "../../charts/model/modelError";
import { formatNs } from "../../format";
import { DataTable } from "../../components/DataTable";
import { Empty, ErrorBox, Loading, Panel } from "../../components/States";
import { loadModelData } from "../../figures/data";
import { runPacketisation } from "../../figures/figureParams";
import { runPoints } from "../../kinds";
import { loadingLabel, useRetryingFetch } from "./useRetryingFetch";
import { NoiseFloor } from "./NoiseFloor";
import { tabLimits } from "./tabLimits";

const DEBOUNCE_MS = 120;

/** MVA vs measured (case study, Figure 2 and Table 2) with what-if sliders answered by POST /api/models/whatif. */
export function ModelTab({ run }: { run: Run }) {
  const q = useRetryingFetch((t) => loadModelData(run, t), `model-${run.id}`);
  const mvm = q.data && !isUnavailable(q.data.mvm) ? q.data.mvm : null;
  // rows keyed by call kind and cache policy: a case-study sweep runs every threads × think point under both
  const prow = useMemo(() => (mvm ? withPolicy(mvm.rows, runPoints(run) as PolicyParams[]) : []), [mvm, run]);
  const all = groups(prow);
  const [label, setLabel] = useState<string | null>(null);
  const current = label && all.includes(label) ? label : all[0] ?? null;
  // the what-if and the demands are for one call kind at a time (its base point's path and demands)
  const rows = current ? prow.filter((r) => r.group === current) : [];
  const base = rows[0]?.base_point_no ?? (current ? basePoint(runPoints(run), current) : null);
  const segments = q.data?.rtp?.points.find((p) => p.point_no === base)?.segments ?? [];
  const keys = sliderKeys(segments);
  const demands = q.data?.demands?.points.find((p) => p.point_no === base)?.demands ?? [];
  const [scales, setScales] = useState<Record<string, number>>({});
  const [whatif, setWhatif] = useState<Record<string, number> | null>(null);
  const [wiState, setWiState] = useState<{ busy: boolean; error: string | null; bottleneck: string | null }>({ busy: false, error: null, bottleneck: null });
  const ctrl = useRef<AbortController | null>(null);

  const changed = Object.entries(scales).filter(([, v]) => v !== 1);
  const scaleKey = JSON.stringify(changed);
  useEffect(() => {
    ctrl.current?.abort();
    if (!changed.length || base === null || !rows.length) {
      setWhatif(null);
      setWiState({ busy: false, error: null, bottleneck: null });
      return;
    }
    const c = new AbortController();
    ctrl.current = c;
    setWiState((s) => ({ ...s, busy: true }));
    const timer = setTimeout(async () => {
      try {
        const uniq = [...new Map(rows.map((r) => [r.key, r])).values()];
        // each policy's rows are predicted from the demands of its own base point
        const answers = await Promise.all(uniq.map((r) => postWhatIf({ run_id: run.id, point_no: r.base_point_no ?? base, scales: Object.fromEntries(changed), think_ns: r.think * 1e6, threads: r.threads }, c.signal)));
        if (c.signal.aborted) return;
        const out: Record<string, number> = {};
        uniq.forEach((r, i) => { const m = answers[i].mva; if (m) out[whatifKey(r.group, r.key)] = m.predicted_response_ns / 1e6; });
        setWhatif(out);
        setWiState({ busy: false, error: null, bottleneck: answers[answers.length - 1]?.mva?.predicted_bottleneck ?? null });
      } catch (e) {
        if (!c.signal.aborted) setWiState({ busy: false, error: errorMessage(e), bottleneck: null });
      }
    }, DEBOUNCE_MS);
    return () => { clearTimeout(timer); c.abort(); };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scaleKey, base, current, run.id]);

  const drawable = all.filter((g) => groupReason(prow, g) === null);
  const packetisation = runPacketisation(run);
  const blocks = table2(prow, packetisation);
  const anomalies = prow.filter(flagged);
  // measured RTTs far above the model (the anomaly) would flatten the model lines: then a log axis by default
  const ratio = prow.length ? Math.max(...prow.map((r) => r.measured)) / Math.max(1e-9, Math.min(...prow.map((r) => r.model))) : 1;
  const [log, setLog] = useState<boolean | null>(null);
  const logY = log ?? ratio > 10;
  const exact = prow.some((r) => r.model_exact !== undefined);
  const perPoint = perPointSolvers(mvm?.solvers);
  const method = modelMethod({ exact, simulated: mvm?.simulated, perPoint });
  const verdict = mvm ? runVerdict(mvm) : null;
  // the tab bar marks the tab ∅ for such a run: the tab says so too, with no table of zeros beneath it
  const noModel = tabLimits(run).model;
  if (noModel) {
    return (
      <Panel title="Model vs measured">
        <div data-testid="model-empty"><Empty>No model for this run: {noModel}.</Empty></div>
      </Panel>
    );
  }
  return (
    <Panel title="Model vs measured" actions={<span className="muted small">case study, Figure 2 and Table 2: {method.name}{exact ? " (exact MVA beside it)" : ""} from {perPoint ? "the 1-thread point of each call kind and think time" : "each call kind's 1-thread, no-think point"}</span>}>
      {q.error ? (
        <div className="panel-pad"><ErrorBox title="Could not load the model" onRetry={q.retry}>{q.error}</ErrorBox></div>
      ) : !q.data ? (
        <Loading label={loadingLabel("model vs measured", q.attempt)} />
      ) : isUnavailable(q.data.mvm) ? (
        <div data-testid="model-empty"><Empty>No model for this run: {q.data.mvm.reason ?? q.data.mvm.error}.</Empty></div>
      ) : (
        <>
          {verdict ? (
            // on every link: whether the model applies, in the run's own numbers
            <p className={`model-verdict model-verdict-${verdict.level}`} role="note" data-testid="model-verdict">{verdict.text}</p>
          ) : mvm!.applies === false && (
            <p className="model-caveat panel-pad" role="note" data-testid="model-caveat">
              {(mvm!.notes ?? []).find((n) => n.includes("may not apply"))}.
            </p>
          )}
          <CalibrationPanel mvm={mvm!} />
          <h3 className="figure-subtitle panel-pad">Figure 2: RTT against think time <span className="muted small">one panel per call kind and cache policy, one colour per thread count; hover a point for its numbers</span></h3>
          <div className="chart-controls panel-pad">
            <label className="checkbox small">
              <input type="checkbox" checked={logY} onChange={(e) => setLog(e.target.checked)} /> log RTT axis
            </label>
          </div>
          {drawable.length === 0 ? (
            <div data-testid="model-empty"><Empty>Cannot draw RTT over think time: {all.length ? groupReason(prow, all[0]) : "no point has complete calls"}.</Empty></div>
          ) : (
            <>
              {drawable.length < all.length && <p className="small muted panel-pad">Not drawn (one think time only): {all.filter((g) => !drawable.includes(g)).join(", ")}; Table 2 has their numbers.</p>}
              <Figure2 rows={prow.filter((r) => drawable.includes(r.group))} whatif={whatif} logY={logY} packetisation={packetisation} modelName={method.name} tolerancePct={mvm!.tolerance_pct} />
            </>
          )}
          <div className="panel-pad">
            <h3 className="figure-subtitle">Table 2: model vs measured</h3>
            <Table2 blocks={blocks} whatif={whatif}
              caption={table2Caption(blocks, { exact, simulated: mvm!.simulated, perPoint, flagRule: mvm!.flag_rule, threshold: mvm!.threshold_percent })} />
            <SolverSummary mvm={mvm!} />
            <p className="small muted"><span data-testid="model-error">{modelErrorText(mvm!)}</span> {mvm!.smallest_detectable_pct !== undefined && `Smallest effect this run can detect: ${mvm!.smallest_detectable_pct.toFixed(1)} % of the model (median over points of the measured interval's and the model band's half-widths). `}Small-packet calls: calls that went through slow-start (a new call handle, or more request packets than the base point's usual call) of the point's calls.{(mvm!.notes ?? []).filter((n) => !n.includes("may not apply")).map((n) => ` ${n}.`).join("")}</p>
            {run.precision && <NoiseFloor precision={run.precision} />}
          </div>
          <div className="figure-split">
            <div className="figure-main">
              <div className="whatif panel-pad" data-testid="whatif">
                <h3 className="figure-subtitle">What if… <span className="muted small">scale a step's cost (1× = as measured); the model redraws as a dotted line</span></h3>
                {all.length > 1 && (
                  <label className="small">Call kind{" "}
                    <select value={current ?? ""} onChange={(e) => { setLabel(e.target.value); setScales({}); }} aria-label="Request size">
                      {all.map((l) => <option key={l} value={l}>{l}</option>)}
                    </select>
                  </label>
                )}
                {keys.length === 0 ? (
                  <p className="muted small">No round trip path for point {base ?? "—"}: nothing to scale.</p>
                ) : keys.map((k) => (
                  <label key={k} className="whatif-row small">
                    <span className="whatif-name">{k === "network" ? "network (every transit)" : k}</span>
                    <input type="range" min={0} max={3} step={0.05} value={scales[k] ?? 1} aria-label={`scale ${k}`}
                      onChange={(e) => setScales((s) => ({ ...s, [k]: Number(e.target.value) }))} />
                    <span className="num">{(scales[k] ?? 1).toFixed(2)}×</span>
                  </label>
                ))}
                {changed.length > 0 && <button type="button" className="btn btn-small" onClick={() => setScales({})}>Reset</button>}
                <div className="small muted" role="status" data-testid="whatif-status">
                  {wiState.error ? `What-if failed: ${wiState.error}` : wiState.busy ? "computing…" : whatif ? `what-if drawn for ${Object.keys(whatif).length} points${wiState.bottleneck ? `; bottleneck ${wiState.bottleneck}` : ""}` : ""}
                </div>
              </div>
            </div>
            <div className="figure-table">
              {demands.length > 0 && (
                <>
                  <h3 className="figure-subtitle">Service demands measured at point {base} (the model's input for {current})</h3>
                  <DataTable testId="demands-table" columns={[{ label: "device" }, { label: "kind" }, { label: "demand" }, { label: "phase two" }]}>
                    {demands.map((d) => (
                      <tr key={d.device}>
                        <td>{d.device}</td>
                        <td>{d.kind === "queue" ? "queueing" : "delay"}</td>
                        <td className="num">{formatNs(d.total_ns)}</td>
                        <td className="num">{formatNs(d.phase2_ns)}</td>
                      </tr>
                    ))}
                  </DataTable>
                </>
              )}
              {mvm!.server_cpu_servers && (
                <p className="small muted" data-testid="model-servers">
                  Server CPU modelled as {mvm!.server_cpu_servers.servers} executor{mvm!.server_cpu_servers.servers === 1 ? "" : "s"} ({mvm!.server_cpu_servers.why})
                  {mvm!.mean_abs_percent_error !== undefined && mvm!.single_server_mean_abs_percent_error !== undefined &&
                    `; over all ${mvm!.rows.length} points, base points included, mean |error| ${mvm!.mean_abs_percent_error.toFixed(1)} % with these executors, ${mvm!.single_server_mean_abs_percent_error.toFixed(1)} % with one server`}.
                </p>
              )}
              {anomalies.length > 0 && (
                <div className="anomalies" data-testid="anomalies">
                  <h3 className="figure-subtitle">Anomalies ({anomalies.length})</h3>
                  <ul>{anomalies.slice(0, 6).map((r, i) => <li key={i} className="small">{r.explanation}</li>)}</ul>
                  {anomalies.length > 6 && <p className="small muted">and {anomalies.length - 6} more (hover a flagged row of Table 2).</p>}
                </div>
              )}
            </div>
          </div>
        </>
      )}
    </Panel>
  );
}
