// The run's precision: the idle null RPC measured before the sweep (the lab's noise floor) and, per point, the
// rounds it ran and the 95% CI its mean reached. Self-contained (takes the run), so the Model tab can place it too.
import type { Run, RunPrecision } from "../../api/types";
import { formatCount, formatNs } from "../../format";
import { runPoints } from "../../kinds";
import { pointWords } from "../../figures/pointWords";
import { formatPct, noiseFloorDetail, noiseFloorLine, precisionSummary, roundsCell, verdict } from "./precisionFormat";

/** One line for the noise floor, its detail below, and the run-level reading. */
export function NoiseFloor({ precision }: { precision: RunPrecision }) {
  const f = precision.noise_floor;
  const detail = noiseFloorDetail(f);
  return (
    <div className="noise-floor panel-pad" data-testid="noise-floor">
      <div className={f?.error ? "text-error" : undefined} data-testid="noise-floor-line"
        title="procedure null, 0 bytes, one thread, no think time, between the run's two agents before its first point">
        {noiseFloorLine(f, precision.noise_floor_calls)}
      </div>
      {detail && <div className="muted small">{detail}</div>}
      {precision.points.length > 0 && <p className="small" data-testid="precision-summary">{precisionSummary(precision)}</p>}
    </div>
  );
}

// the agent's stopping rule judges a t interval as the calls come; the analyses' bootstrap of the same calls can
// differ by a little for skewed calls: two named methods, not two answers to one question
export const STOP_CI_TITLE = "half-width of the mean's 95% interval as the run's stopping rule computed it when the " +
  "point stopped (Student t over its measured calls, on the agent), in % of the mean; the Statistics tab's " +
  "interval is a bootstrap of the same calls and can differ slightly when the calls are skewed";

/** Per point: rounds, measured calls, mean, the 95% CI half-width reached, the verdict. */
export function PointRoundsTable({ run, precision }: { run: Run; precision: RunPrecision }) {
  if (precision.points.length === 0) return null;
  const params = runPoints(run);
  return (
    <div className="table-scroll">
      <table className="table" data-testid="point-rounds">
        <thead>
          <tr>
            <th>Point</th>
            <th className="num">Rounds</th>
            <th className="num">Measured calls</th>
            <th className="num">Mean</th>
            <th className="num" title={STOP_CI_TITLE}>95% CI at stop</th>
            <th>Target {precision.ci_target_pct > 0 ? formatPct(precision.ci_target_pct) : ""}</th>
          </tr>
        </thead>
        <tbody>
          {precision.points.map((p) => (
            <tr key={p.point_no} data-point={p.point_no}>
              <td>{pointWords(params.find((q) => q.point_no === p.point_no), params)}</td>
              <td className="num">{roundsCell(p, precision.max_rounds)}</td>
              <td className="num">{formatCount(p.measured)}</td>
              <td className="num">{formatNs(p.mean_ns)}</td>
              <td className="num">{formatPct(p.ci95_pct)}</td>
              <td className={p.met === false ? "text-error" : undefined}>{verdict(p, precision)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Both, for the run page's Results. */
export function PrecisionSection({ run }: { run: Run }) {
  const precision = run.precision;
  if (!precision) return null;
  return (
    <>
      <NoiseFloor precision={precision} />
      <PointRoundsTable run={run} precision={precision} />
    </>
  );
}
