// The Series page (/series): every series of comparable runs (same launch, environment class and tags), the one
// with the latest run first, each opening its Trends page.
import { Link, useNavigate } from "react-router-dom";
import { listSeries, seriesPath } from "../api/series";
import { Empty, ErrorBox, Loading, Panel } from "../components/States";
import { formatDateTime, formatRelative } from "../format";
import { useNow, usePolling } from "../hooks/usePolling";

export function SeriesPage() {
  const { data, error, loading, refresh } = usePolling(() => listSeries(), 30_000);
  const navigate = useNavigate();
  const now = useNow(10_000);

  const header = (
    <div className="page-header">
      <h1>Series</h1>
      <span className="muted small">runs launched the same way (kind, parameters, tags) in one environment class, whose trends show regressions</span>
    </div>
  );
  if (error && !data) {
    return <div className="page">{header}<ErrorBox title="Could not load the series" onRetry={refresh}>{error}</ErrorBox></div>;
  }
  if (loading || !data) return <div className="page">{header}<Loading label="Loading the series…" /></div>;
  if (data.items.length === 0) {
    return (
      <div className="page">
        {header}
        <Empty>
          No series yet. Every run launched from now on joins the series of runs launched the same way in the same environment;
          launch one from the <Link to="/launch">Launch</Link> page or with <span className="mono">perflab launch --preset …</span>.
        </Empty>
      </div>
    );
  }
  return (
    <div className="page" data-testid="series-page">
      {header}
      {error && <ErrorBox title="Could not refresh the series" onRetry={refresh}>{error}</ErrorBox>}
      <Panel>
        <div className="table-scroll">
          <table className="table" data-testid="series-table">
            <thead>
              <tr>
                <th>series</th>
                <th>kind</th>
                <th>tags</th>
                <th className="num">runs</th>
                <th>last run</th>
                <th>baseline</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((s) => (
                <tr key={s.key} className="clickable" tabIndex={0} data-testid={`series-row-${s.key}`}
                  onClick={() => navigate(seriesPath(s.key))}
                  onKeyDown={(e) => e.key === "Enter" && navigate(seriesPath(s.key))}>
                  <td><Link to={seriesPath(s.key)} onClick={(e) => e.stopPropagation()}>{s.label}</Link></td>
                  <td>{s.kind}</td>
                  <td>{s.tags.length > 0 ? <span className="chips">{s.tags.map((t) => <span key={t} className="chip">{t}</span>)}</span> : <span className="muted">none</span>}</td>
                  <td className="num">{s.runs}</td>
                  <td title={formatDateTime(s.last_run_at)}>
                    <Link to={`/runs/${s.last_run_id}`} onClick={(e) => e.stopPropagation()}>#{s.last_run_id}</Link>{" "}
                    <span className="muted">{formatRelative(s.last_run_at, now)}</span>
                  </td>
                  <td>
                    {s.baseline_run_id ? (
                      <span title={`set ${formatDateTime(s.baseline_set_at)}`}>#{s.baseline_run_id}</span>
                    ) : (
                      <span className="muted">none</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {data.total > data.items.length && (
          <p className="small muted">The {data.items.length} series with the latest runs of {data.total}.</p>
        )}
      </Panel>
    </div>
  );
}
