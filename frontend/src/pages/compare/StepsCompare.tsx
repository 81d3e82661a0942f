// Compare page: the step ladder's numbers (DCE Figures 1–2) for one pair of matching points — each step's mean in
// both runs with Δ and Δ % — when a run has several points (the run-wide table above mixes them).
import { useState } from "react";
import { Panel } from "../../components/States";
import { stepRows, type StepDelta } from "../../figures/compare";
import { lacking, type SideFigures } from "../../figures/compareData";
import { Missing } from "./CompareCharts";
import { DeltaNs } from "./DeltaCells";
import type { PointParam } from "./pairing";
import { noPairText, PairSelect, sidePairs, UnpairedNote } from "./PointPairs";

export function StepsCompare({ A, B, differsBy }: { A: SideFigures; B: SideFigures; differsBy: PointParam[] }) {
  const [sel, setSel] = useState(0);
  const sa = A.stats.data?.points ?? [];
  const sb = B.stats.data?.points ?? [];
  if (sa.length <= 1 && sb.length <= 1) return null; // one point each: the run-wide step table is this table
  const { pairs, unpaired } = sidePairs(A.run, B.run, sa.map((p) => p.point_no), sb.map((p) => p.point_no), differsBy);
  const why = lacking([{ name: "A", id: A.run.id, reason: A.stats.reason }, { name: "B", id: B.run.id, reason: B.stats.reason }])
    ?? (pairs.length ? null : noPairText(differsBy));
  const pair = pairs[Math.min(sel, pairs.length - 1)];
  return (
    <Panel title="Steps ladder per point" actions={<span className="muted small">DCE RPC paper, Figures 1–2 · mean per step of matching points</span>}>
      {why ? <Missing testId="compare-point-steps-empty" what="per-point steps" text={why} /> : (
        <div className="panel-pad table-scroll">
          <PairSelect pairs={pairs} A={A.run} B={B.run} differsBy={differsBy} value={Math.min(sel, pairs.length - 1)} onChange={setSel} label="Steps point pair" />
          <StepDeltaTable testId="compare-point-steps" rowTestId="compare-point-step"
            caption={`A point ${pair.a}, B point ${pair.b} (${pair.key}); probe cost subtracted`}
            rows={stepRows(sa.find((p) => p.point_no === pair.a)!, sb.find((p) => p.point_no === pair.b)!)} />
          <UnpairedNote unpaired={unpaired} testId="compare-point-steps-unpaired" />
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
