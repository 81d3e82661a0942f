// The run page's "Where it ran": one line (hosts, CPU, kernel, link, one machine or two) that unfolds into both
// agents' fingerprints side by side, and the link to the run's series on the Trends page.
import { Link } from "react-router-dom";
import type { Run } from "../../api/types";
import { seriesPath } from "../../api/series";
import { environmentLine, environmentOf, environmentRows } from "./environment";

export function WhereItRan({ run }: { run: Run }) {
  const env = environmentOf(run.environment);
  const series = run.series_key ? (
    <Link to={seriesPath(run.series_key)} data-testid="run-series-link" title="this run among the runs launched the same way in the same environment">
      Trends of its series
    </Link>
  ) : null;
  if (!env) {
    return (
      <div className="small muted where-it-ran" data-testid="where-it-ran">
        Where it ran: not recorded (launched before the lab recorded environments){series && <> · {series}</>}
      </div>
    );
  }
  const rows = environmentRows(env);
  return (
    <details className="small where-it-ran" data-testid="where-it-ran">
      <summary>
        <span className="muted">Where it ran:</span> <span data-testid="where-it-ran-line">{environmentLine(env)}</span>
        {series && <> · {series}</>}
      </summary>
      <table className="table env-table" data-testid="env-table">
        <thead>
          <tr>
            <th />
            <th>client · {run.client_agent.name}</th>
            <th>server · {run.server_agent.name}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label} data-testid={`env-${r.label.toLowerCase().replace(/ /g, "-")}`}>
              <th scope="row" title={r.title}>{r.label}</th>
              {r.client === r.server ? (
                <td colSpan={2} className="env-same">{r.client}</td>
              ) : (
                <>
                  <td>{r.client}</td>
                  <td>{r.server}</td>
                </>
              )}
            </tr>
          ))}
          <tr data-testid="env-link">
            <th scope="row">Link</th>
            <td colSpan={2}>
              {env.link_profile ?? "not recorded"} · {env.co_located ? "both agents on one machine" : "agents on two machines"}
            </td>
          </tr>
        </tbody>
      </table>
    </details>
  );
}
