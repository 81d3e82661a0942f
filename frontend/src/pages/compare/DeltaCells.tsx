// Table cells of one delta row: A, B, Δ (B − A) and Δ % — coloured by direction, exact values in tooltips.
import { formatCount, formatNs } from "../../format";
import { formatPct, type DeltaRow } from "../../figures/compare";

const cls = (d: number | null) => (d === null || d === 0 ? "" : d > 0 ? "delta-up" : "delta-down");
const sign = (d: number) => (d > 0 ? "+" : d < 0 ? "−" : "");

/** Four cells: a value formatted by `format`, with the exact number and `unit` on hover. */
export function DeltaNum({ row, format, unit = "" }: { row: DeltaRow; format: (v: number) => string; unit?: string }) {
  const exact = (v: number | null) => (v === null ? "" : `${formatCount(v)}${unit ? " " + unit : ""}`);
  return (
    <>
      <td className="num" title={exact(row.a)}>{row.a === null ? "—" : format(row.a)}</td>
      <td className="num" title={exact(row.b)}>{row.b === null ? "—" : format(row.b)}</td>
      <td className={`num ${cls(row.delta)}`} title={exact(row.delta)}>
        {row.delta === null ? "—" : `${sign(row.delta)}${format(Math.abs(row.delta))}`}
      </td>
      <td className={`num ${cls(row.delta)}`}>{formatPct(row.pct)}</td>
    </>
  );
}

/** Four cells of times in ns, shown in adaptive units. */
export function DeltaNs({ row }: { row: DeltaRow }) {
  return <DeltaNum row={row} format={(v) => formatNs(v)} unit="ns" />;
}
