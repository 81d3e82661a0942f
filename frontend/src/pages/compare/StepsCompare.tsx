// Compare page: the step ladder's numbers (DCE Figures 1–2) for one pair of matching points — each step's mean in
// both runs with Δ and Δ % — when a run has several points (the run-wide table above mixes them).
import { useState } from "react";
import { Panel } from "../../components/States";
import { pointLabel, runPoints, type PointParams } from "../run/figurePoints";
import { stepRows, type StepDelta } from "./compare";
import { lacking, type SideFigures } from "./compareData";
import { Missing } from "./CompareCharts";
import { DeltaNs } from "./DeltaCells";
import { pairPoints } from "./figureDeltas";

const paramsOf = (s: SideFigures): PointParams[] => runPoints(s.run.params as unknown as Record<string, unknown>);

export function StepsCompare({ A, B }: { A: SideFigures; B: SideFigures }) {
  const [sel, setSel] = useState(0);
  const sa = A.stats.data?.points ?? [];
  const sb = B.stats.data?.points ?? [];
  if (sa.length <= 1 && sb.length <= 1) return null; // one point each: the run-wide step table is this table
  const pairs = pairPoints(sa.map((p) => p.point_no), sb.map((p) => p.point_no), paramsOf(A), paramsOf(B));
  const why = lacking([{ name: "A", id: A.run.id, reason: A.stats.reason }, { name: "B", id: B.run.id, reason: B.stats.reason }])
    ?? (pairs.length ? null : "the runs have no point in common (same size, threads, think time, protection and cache)");
  const pair = pairs[Math.min(sel, pairs.length - 1)];
  return (
    <Panel title="Steps ladder per point" actions={<span className="muted small">DCE RPC paper, Figures 1–2 · mean per step of matching points</span>}>
      {why ? <Missing testId="compare-point-steps-empty" what="per-point steps" text={why} /> : (
        <div className="panel-pad table-scroll">
          {pairs.length > 1 && (
            <label className="small">Point{" "}
              <select value={Math.min(sel, pairs.length - 1)} onChange={(e) => setSel(Number(e.target.value))} aria-label="Steps point pair">
                {pairs.map((p, i) => <option key={p.key} value={i}>{pointLabel(paramsOf(A).find((q) => q.point_no === p.a), paramsOf(A), p.a)} ↔ B point {p.b}</option>)}
              </select>
            </label>
          )}
          <StepDeltaTable testId="compare-point-steps" rowTestId="compare-point-step"
            caption={`A point ${pair.a}, B point ${pair.b} (${pair.key}); probe cost subtracted`}
            rows={stepRows(sa.find((p) => p.point_no === pair.a)!, sb.find((p) => p.point_no === pair.b)!)} />
        </div>
      )}
    </Panel>
  );
}

/** Each step's mean in both runs with Δ and Δ % (the run-wide table and the per-point one). */
export function StepDeltaTable({ rows, testId, rowTestId, caption }: { rows: StepDelta[]; testId: string; rowTestId: string; caption?: string }) {
  return (
    <table className="table compare-grid" data-testid={testId}>
      {caption && <caption className="muted small">{caption}</caption>}
      <thead>
        <tr><th>step</th><th>paper</th><th className="num">A</th><th className="num">B</th><th className="num">Δ (B − A)</th><th className="num">Δ %</th></tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} data-testid={`${rowTestId}-${r.code}`}>
            <th scope="row"><span className={`side side-${r.side}`}>{r.label}</span></th>
            <td className="muted">{r.paper || "—"}</td>
            <DeltaNs row={r} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
