// Case study Table 2 from table2()'s blocks: one block per call kind and cache policy, the threads cell spanning
// its think times as in the paper, the unit in every RTT header.
import type { ReactNode } from "react";
import { inUnit, tableUnit, whatifKey, type T2Block } from "./table2";
import "./model.css";

export interface Table2Props {
  blocks: T2Block[];
  caption: ReactNode;
  whatif?: Record<string, number> | null;
  className?: string;
  testId?: string;
}

export function Table2({ blocks, caption, whatif, className = "table", testId = "model-table" }: Table2Props) {
  const { unit, scale } = tableUnit(blocks);
  const u = (v: number | null | undefined) => inUnit(v, scale);
  const cols = ["Threads", "Think (ms)", `Model RTT (${unit})`, `Exact MVA (${unit})`, `Measured RTT (${unit})`, `95% CI (${unit})`,
    ...(whatif ? [`What-if (${unit})`] : []), "% error", "Small-packet calls", "Flag"];
  return (
    <table className={`${className} table2`} data-testid={testId}>
      <caption className="small muted">{caption}</caption>
      <thead>
        <tr>{cols.map((c, i) => <th key={c} className={i < cols.length - 1 ? "num" : undefined}>{c}</th>)}</tr>
      </thead>
      {blocks.map((b) => (
        <tbody key={`${b.group}|${b.policy}`} data-block={`${b.group}|${b.policy}`}>
          <tr className="t2-block">
            <th colSpan={cols.length} scope="rowgroup">
              {b.kind}, cache {b.policy}{" "}
              <span className="muted">— demands from point {b.basePoint ?? "—"}{b.baseLoaded ? " (a loaded point: no 1-thread, no-think point)" : " (1 thread, no think time)"}</span>
            </th>
          </tr>
          {b.rows.map((r) => (
            <tr key={r.key} className={`t2-row${r.anomaly ? " row-anomaly" : ""}`} title={r.explanation} data-policy={b.policy}>
              {r.threadsSpan > 0 && <td className="num t2-threads" rowSpan={r.threadsSpan}>{r.threads}</td>}
              <td className="num">{r.think}</td>
              <td className="num">{u(r.model)}</td>
              <td className="num muted">{u(r.modelExact)}</td>
              <td className="num">{u(r.measured)}</td>
              <td className="num">{r.ci ? `${u(r.ci[0])} – ${u(r.ci[1])}` : "—"}</td>
              {whatif && <td className="num">{u(whatif[whatifKey(b.group, r.key)])}</td>}
              <td className="num">{r.error >= 0 ? "+" : ""}{r.error.toFixed(1)}</td>
              <td className="num" title={r.slowStart ? `${r.slowStart.newHandle} with a new call handle, ${r.slowStart.extraPackets} with more request packets than the base point's usual call` : undefined}>
                {r.slowStart ? `${r.slowStart.n} / ${r.slowStart.calls}` : "—"}
              </td>
              <td className="t2-flag">{r.flag ? <><span className="t2-flag-mark" aria-hidden>{r.flag.startsWith("below") ? "▼ " : "▲ "}</span>{r.flag}</> : ""}</td>
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  );
}
