// Every parameter of the compared runs, one column per run, the rows where they differ marked.
import { Link } from "react-router-dom";
import type { Run } from "../../api/types";
import { StatusBadge } from "../../components/StatusBadge";
import { paramLines, type ParamLine } from "./paramTable";

const GROUPS: [ParamLine["group"], string][] = [["sweep", "Points (the sweep)"], ["parameter", "Run parameters"], ["link", "Link"], ["run", "The run"]];

export function ParamsTable({ runs, names }: { runs: Run[]; names: string[] }) {
  const lines = paramLines(runs);
  return (
    <table className="table compare-grid" data-testid="compare-params">
      <thead>
        <tr>
          <th />
          {runs.map((r, i) => <th key={r.id}><Link to={`/runs/${r.id}`}>{names[i]} · #{r.id} {r.name}</Link> <StatusBadge status={r.status} /></th>)}
          <th />
        </tr>
      </thead>
      {GROUPS.map(([g, title]) => (
        <tbody key={g}>
          <tr className="group-row"><th colSpan={runs.length + 2} scope="rowgroup" className="muted small">{title}</th></tr>
          {lines.filter((l) => l.group === g).map((l) => (
            <tr key={l.key} className={l.differs ? "row-differs" : ""} data-testid={`compare-param-${l.key}`}>
              <th scope="row">{l.label}</th>
              {l.values.map((v, i) => <td key={i}>{v}</td>)}
              <td className="muted small">{l.differs ? "differs" : ""}</td>
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  );
}
