// The run page's header: title, status and actions on one line, the run's facts on one or two more, so the
// tabs' content starts near the top of the window.
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { Run } from "../../api/types";
import { useCan } from "../../auth/session";
import { StatusBadge } from "../../components/StatusBadge";
import { formatDateTime } from "../../format";
import { useNow } from "../../hooks/usePolling";
import { paramRows } from "./paramsSummary";
import { runTimes } from "./runTimes";
import "../../styles/runHeader.css";

interface RunHeaderProps {
  run: Run;
  terminal: boolean;
  cancelling: boolean;
  onCancel: () => void;
  /** more buttons beside New run (the Export menu) */
  actions?: ReactNode;
}

/** Breadcrumb, title, status badge and the Cancel / Export / Run again / New run buttons, on one line. */
export function RunHeader({ run, terminal, cancelling, onCancel, actions }: RunHeaderProps) {
  const canLaunch = useCan("operator"); // launch and cancel: operator and admin
  return (
    <div className="page-header run-header">
      <nav className="breadcrumbs run-breadcrumbs" aria-label="Breadcrumb">
        <Link to="/runs">Runs</Link> <span className="muted">/</span>
      </nav>
      <h1>{run.name || `Run #${run.id}`}</h1>
      <span className="muted mono">#{run.id} · {run.kind}</span>
      <StatusBadge status={run.status} testId="run-status" />
      <span className="spacer" />
      {!terminal && canLaunch && (
        <button type="button" className="btn btn-danger" onClick={onCancel} disabled={cancelling}>
          {cancelling ? "Cancelling…" : "Cancel"}
        </button>
      )}
      {actions}
      {canLaunch && (
        <Link to={`/launch?from=${run.id}`} className="btn" title="the launch form with this run's settings, to launch as they are or edited" data-testid="run-again">
          Run again…
        </Link>
      )}
      {canLaunch && (
        <Link to="/launch" className="btn">
          New run
        </Link>
      )}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className="run-fact">
      <span className="run-fact-label">{label}</span> {children}
    </span>
  );
}

/** The run's parameters on one line; agents, times, tags and `extra` (the finished progress) on the next. */
export function RunParams({ run, extra }: { run: Run; extra?: ReactNode }) {
  const now = useNow(1000);
  return (
    <div className="run-facts" data-testid="run-facts">
      <div className="run-facts-line">
        {paramRows(run.kind, run.params as unknown as Record<string, unknown>).map((row) => (
          <Fact key={row.label} label={row.label}>
            {row.value} {row.note && <span className="muted">{row.note}</span>}
          </Fact>
        ))}
      </div>
      <div className="run-facts-line">
        <span className="run-fact">
          {run.client_agent.name} <span className="muted">→</span> {run.server_agent.name}
        </span>
        <span className="run-fact" data-testid="run-times" title={`created ${formatDateTime(run.created_at)}${run.finished_at ? `, finished ${formatDateTime(run.finished_at)}` : ""}`}>
          {runTimes(run, now)}
        </span>
        {run.launched_by && <Fact label="Launched by">{run.launched_by}</Fact>}
        {extra}
        {run.tags?.length > 0 && (
          <span className="chips">
            {run.tags.map((t) => (
              <span key={t} className="chip">
                {t}
              </span>
            ))}
          </span>
        )}
      </div>
    </div>
  );
}
