import { listAgents } from "../api/client";
import type { Agent } from "../api/types";
import { DataTable, type Column } from "../components/DataTable";
import { Empty, ErrorBox, Loading, Panel } from "../components/States";
import { StatusBadge } from "../components/StatusBadge";
import { formatDateTime, formatRelative } from "../format";
import { useNow, usePolling } from "../hooks/usePolling";

function capabilityText(v: unknown): string {
  if (v === true) return "";
  if (Array.isArray(v)) return v.map(String).join(", ");
  if (v && typeof v === "object") return JSON.stringify(v);
  return String(v);
}

function Capabilities({ caps }: { caps: Record<string, unknown> }) {
  const entries = Object.entries(caps ?? {});
  if (entries.length === 0) return <span className="muted">—</span>;
  return (
    <span className="chips">
      {entries.map(([k, v]) => {
        const text = capabilityText(v);
        return (
          <span key={k} className="chip" title={`${k}: ${JSON.stringify(v)}`}>
            {k}
            {text && <span className="chip-value">{text}</span>}
          </span>
        );
      })}
    </span>
  );
}

const AGENT_COLUMNS: Column[] = [
  { label: "Name" },
  { label: "Status" },
  { label: "Host" },
  { label: "Address" },
  { label: "Version" },
  { label: "Capabilities" },
  { label: "Last seen" },
];

export function AgentsPage() {
  const { data, error, loading, refresh } = usePolling(listAgents, 2000);
  const now = useNow(1000);
  const agents: Agent[] = data ?? [];
  const online = agents.filter((a) => a.status === "online").length;

  return (
    <div className="page">
      <div className="page-header">
        <h1>Agents</h1>
        <span className="muted">
          {data ? `${online} online · ${agents.length - online} offline` : ""}
        </span>
        <span className="spacer" />
        <span className="muted small live-dot" title="refreshes every 2 s">
          live
        </span>
      </div>
      {error && (
        <ErrorBox title="Could not load agents" onRetry={refresh}>
          {error}
        </ErrorBox>
      )}
      <Panel>
        {loading && !data ? (
          <Loading label="Loading agents…" />
        ) : agents.length === 0 && !error ? (
          <Empty>
            No agent has enrolled yet. Start an agent with the enrolment token; it shows up here within 2 s.
          </Empty>
        ) : (
          <DataTable testId="agents-table" columns={AGENT_COLUMNS}>
            {agents.map((a) => (
              <tr key={a.id} data-testid={`agent-row-${a.name}`}>
                <td className="strong">{a.name}</td>
                <td>
                  <StatusBadge status={a.status} testId="agent-status" />
                </td>
                <td>{a.host}</td>
                <td className="mono">{a.address}</td>
                <td className="mono">{a.version}</td>
                <td>
                  <Capabilities caps={a.capabilities} />
                </td>
                <td title={formatDateTime(a.last_seen_at)}>{formatRelative(a.last_seen_at, now)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Panel>
    </div>
  );
}
