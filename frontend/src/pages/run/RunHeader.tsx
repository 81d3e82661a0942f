import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { Run } from "../../api/types";
import { Panel } from "../../components/States";
import { StatusBadge } from "../../components/StatusBadge";
import { formatDateTime, formatDurationBetween } from "../../format";
import { useNow } from "../../hooks/usePolling";
import { paramRows } from "./paramsSummary";

interface RunHeaderProps {
  run: Run;
  terminal: boolean;
  cancelling: boolean;
  onCancel: () => void;
}

/** Breadcrumbs, title, status badge and the Cancel / New run buttons. */
export function RunHeader({ run, terminal, cancelling, onCancel }: RunHeaderProps) {
  return (
    <>
      <div className="breadcrumbs">
        <Link to="/runs">Runs</Link> <span className="muted">/</span> #{run.id}
      </div>
      <div className="page-header run-header">
        <h1>{run.name || `Run #${run.id}`}</h1>
        <span className="muted mono">#{run.id} · {run.kind}</span>
        <StatusBadge status={run.status} testId="run-status" />
        <span className="spacer" />
        {!terminal && (
          <button type="button" className="btn btn-danger" onClick={onCancel} disabled={cancelling}>
            {cancelling ? "Cancelling…" : "Cancel"}
          </button>
        )}
        <Link to="/launch" className="btn">
          New run
        </Link>
      </div>
    </>
  );
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="meta">
      <div className="meta-label">{label}</div>
      <div className="meta-value">{children}</div>
    </div>
  );
}

/** The run's parameters, agents, times and tags. */
export function RunParams({ run }: { run: Run }) {
  const now = useNow(1000);
  const p = run.params;
  return (
    <Panel>
      <div className="meta-grid">
        {paramRows(run.kind, p as unknown as Record<string, unknown>).map((row) => (
          <Meta key={row.label} label={row.label}>
            {row.value} {row.note && <span className="muted">{row.note}</span>}
          </Meta>
        ))}
        <Meta label="Client → server">
          {run.client_agent.name} <span className="muted">→</span> {run.server_agent.name}
        </Meta>
        <Meta label="Created">{formatDateTime(run.created_at)}</Meta>
        <Meta label="Started">{formatDateTime(run.started_at)}</Meta>
        <Meta label="Finished">{formatDateTime(run.finished_at)}</Meta>
        <Meta label="Duration">
          {run.started_at ? formatDurationBetween(run.started_at, run.finished_at, now) : "—"}
        </Meta>
        {run.tags?.length > 0 && (
          <Meta label="Tags">
            <span className="chips">
              {run.tags.map((t) => (
                <span key={t} className="chip">
                  {t}
                </span>
              ))}
            </span>
          </Meta>
        )}
      </div>
    </Panel>
  );
}
