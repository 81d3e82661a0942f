// Case study Table 2 from table2()'s blocks: one block per call kind and cache policy, the threads cell spanning
// its think times as in the paper, the unit in every RTT header; per point the solver and the bounds (results that
// have them), with numbered notes under the table saying why each solver and where the model does not apply.
import type { ReactNode } from "react";
import { boundsTitle, SOLVER_NAMES } from "./solvers";
import { inUnit, tableNotes, tableUnit, whatifKey, type T2Block } from "./table2";
import "./model.css";

export interface Table2Props {
  blocks: T2Block[];
  caption: ReactNode;
  whatif?: Record<string, number> | null;
  className?: string;
  testId?: string;
  /** the notes folded away under a summary (the tab: the reasons are also on hover), or printed open (the report) */
  notes?: "details" | "list";
}

const Ref = ({ n }: { n: number }) => <sup className="t2-ref">[{n}]</sup>;

export function Table2({ blocks, caption, whatif, className = "table", testId = "model-table", notes = "details" }: Table2Props) {
  const { unit, scale } = tableUnit(blocks);
  const u = (v: number | null | undefined) => inUnit(v, scale);
  const rows = blocks.flatMap((b) => b.rows);
  const hasBounds = rows.some((r) => r.bounds);
  const hasSolver = rows.some((r) => r.solver);
  const { list, ref } = tableNotes(blocks);
  const cols = ["Threads", "Think (ms)", `Model RTT (${unit})`, `Exact MVA (${unit})`, `Measured RTT (${unit})`, `95% CI (${unit})`,
    ...(whatif ? [`What-if (${unit})`] : []), ...(hasBounds ? [`Bounds (${unit})`] : []), ...(hasSolver ? ["Solver"] : []),
    "% error", "Small-packet calls", "Flag"];
  const noteList = (
    <ol className="t2-notes small" data-testid={`${testId}-notes`}>
      {list.map((t, i) => <li key={i} value={i + 1}>{t}</li>)}
    </ol>
  );
  return (
    <>
      <table className={`${className} table2`} data-testid={testId}>
        <caption className="small muted">{caption}</caption>
        <thead>
          <tr>{cols.map((c, i) => <th key={c} className={i < cols.length - 1 && c !== "Solver" ? "num" : undefined}>{c}</th>)}</tr>
        </thead>
        {blocks.map((b) => (
          <tbody key={`${b.group}|${b.policy}`} data-block={`${b.group}|${b.policy}`}>
            <tr className="t2-block">
              <th colSpan={cols.length} scope="rowgroup">
                {b.kind}, cache {b.policy}{" "}
                <span className="muted">— {b.basePoints.length > 1
                  ? `demands from the 1-thread point at each think time (points ${b.basePoints.join(", ")})`
                  : `demands from point ${b.basePoint ?? "—"}${b.baseLoaded ? " (a loaded point: no 1-thread, no-think point)" : " (1 thread, no think time)"}`}</span>
              </th>
            </tr>
            {b.rows.map((r) => (
              <tr key={r.key} className={`t2-row${r.anomaly ? " row-anomaly" : ""}${r.applies ? "" : " t2-not-applies"}`} title={r.explanation} data-point={r.pointNo ?? undefined}
                data-policy={b.policy} data-solver={r.solver ?? undefined} data-applies={r.applies ? undefined : "false"}>
                {r.threadsSpan > 0 && <td className="num t2-threads" rowSpan={r.threadsSpan}>{r.threads}</td>}
                <td className="num">{r.think}</td>
                <td className="num">{u(r.model)}</td>
                <td className="num muted">{u(r.modelExact)}</td>
                <td className="num">{u(r.measured)}</td>
                <td className="num">{r.ci ? `${u(r.ci[0])} – ${u(r.ci[1])}` : "—"}</td>
                {whatif && <td className="num">{u(whatif[whatifKey(b.group, r.key)])}</td>}
                {hasBounds && (
                  <td className="num t2-bounds" title={r.bounds ? boundsTitle(r.bounds, r.clamped, unit, u) : undefined}>
                    {r.bounds ? `${u(r.bounds.lower)} – ${u(r.bounds.upper)}` : "—"}
                  </td>
                )}
                {hasSolver && (
                  <td className="t2-solver" title={r.solverReason ?? undefined}>
                    {r.solver ? <>{SOLVER_NAMES[r.solver]}{r.clamped ? ", clamped" : ""}<Ref n={ref(r.notes[0])} /></> : "—"}
                  </td>
                )}
                <td className="num">{r.error >= 0 ? "+" : ""}{r.error.toFixed(1)}</td>
                <td className="num" title={r.slowStart ? `${r.slowStart.newHandle} with a new call handle, ${r.slowStart.extraPackets} with more request packets than the base point's usual call` : undefined}>
                  {r.slowStart ? `${r.slowStart.n} / ${r.slowStart.calls}` : "—"}
                </td>
                <td className={r.applies ? "t2-flag" : "t2-flag t2-na"} title={r.notApplies ?? undefined}>
                  {!r.applies ? <>model does not apply<Ref n={ref(r.notApplies!)} /></>
                    : r.flag ? <><span className="t2-flag-mark" aria-hidden>{r.flag.startsWith("below") ? "▼ " : "▲ "}</span>{r.flag}</> : ""}
                </td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
      {list.length > 0 && (notes === "list" ? (
        <div className="t2-notes-block"><p className="small t2-notes-title">Notes: why each point's solver, and where the model does not apply</p>{noteList}</div>
      ) : (
        <details className="t2-notes-block">
          <summary className="small">Why each point's solver, and where the model does not apply ({list.length} note{list.length === 1 ? "" : "s"})</summary>
          {noteList}
        </details>
      ))}
    </>
  );
}
