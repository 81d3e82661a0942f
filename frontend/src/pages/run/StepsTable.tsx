// The table of per-step timings the agents measured.
import type { RunSummary } from "../../api/types";
import { DataTable, type Column } from "../../components/DataTable";
import { Empty } from "../../components/States";
import { formatCount, formatNs } from "../../format";

const STEP_COLUMNS: Column[] = [
  { label: "Code", className: "num" },
  { label: "Step" },
  { label: "Side" },
  { label: "Paper", title: "nearest step of the DCE RPC paper (1995), Figures 1 and 2" },
  { label: "Count", className: "num" },
  { label: "Mean", className: "num" },
  { label: "p50", className: "num" },
  { label: "p99", className: "num" },
];

/** Per-step timings measured by the agents. */
export function StepsTable({ summary }: { summary: RunSummary }) {
  if (summary.steps.length === 0) return <Empty>No step timings were recorded.</Empty>;
  return (
    <DataTable testId="steps-table" columns={STEP_COLUMNS}>
      {summary.steps.map((st) => (
        <tr key={st.code}>
          <td className="num mono">{st.code}</td>
          <td className="mono strong">{st.name}</td>
          <td>
            <span className={`side side-${st.side}`}>{st.side}</span>
          </td>
          <td className="mono">{st.paper || "—"}</td>
          <td className="num">{formatCount(st.stats.count)}</td>
          <td className="num">{formatNs(st.stats.mean_ns)}</td>
          <td className="num">{formatNs(st.stats.median_ns)}</td>
          <td className="num">{formatNs(st.stats.p99_ns)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
