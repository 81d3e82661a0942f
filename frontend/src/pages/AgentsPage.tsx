// The Agents page: every enrolled agent with its facts and last sign of life; an admin may revoke one.
import { listAgents } from "../api/client";
import type { Agent } from "../api/types";
import { DataTable, type Column } from "../components/DataTable";
import { Empty, ErrorBox, Loading, Panel } from "../components/States";
import { StatusBadge } from "../components/StatusBadge";
import { formatDateTime, formatRelative } from "../format";
import { useNow, usePolling } from "../hooks/usePolling";
import { useCan } from "../auth/session";
import { AgentActions, EnrollmentTokenPanel } from "./agents/AgentAdmin";
import { agentFacts, type AppliedLink } from "./agents/agentFacts";
import { getLinkStatus, listLinkProfiles, type LinkProfile, type LinkStatus } from "../api/links";
import { profileSummary } from "./launch/LinkProfileField";
import { PeerClocksPanel } from "./agents/PeerClocksPanel";

/** Any JSON value an agent reports, readable: yes/no, lists joined, objects as nested key/value lists. */
export function CapabilityValue({ value }: { value: unknown }) {
  if (value === true) return <span className="cap-yes">yes</span>;
  if (value === false) return <span className="cap-no">no</span>;
  if (value === null || value === undefined) return <span className="muted">—</span>;
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object")) return <>{value.map(String).join(", ") || "none"}</>;
    return <>{value.map((v, i) => <CapabilityValue key={i} value={v} />)}</>;
  }
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return <span className="muted">none</span>;
    return (
      <dl className="caps">
        {entries.map(([k, v]) => (
          <div key={k} style={{ display: "contents" }}>
            <dt>{k}</dt>
            <dd><CapabilityValue value={v} /></dd>
          </div>
        ))}
      </dl>
    );
  }
  return <>{String(value)}</>;
}

function Capabilities({ caps, applied }: { caps: Record<string, unknown>; applied: AppliedLink | null }) {
  if (Object.keys(caps ?? {}).length === 0) return <span className="muted">none reported</span>;
  const facts = agentFacts(caps, applied);
  return (
    <div>
      {facts.length > 0 && (
        <dl className="caps agent-facts" data-testid="agent-facts">
          {facts.map((f) => (
            <div key={f.label} style={{ display: "contents" }}>
              <dt>{f.label}</dt>
              <dd title={f.title}>{f.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <details>
        <summary className="small muted">all capabilities</summary>
        <div title={JSON.stringify(caps, null, 1)} data-testid="agent-capabilities">
          <CapabilityValue value={caps} />
        </div>
      </details>
    </div>
  );
}

/** The link applied to an agent on the lab's emulated link, in the profile's words; null off it. */
export function appliedLinkOf(name: string, status: LinkStatus | null | undefined, profiles: LinkProfile[]): AppliedLink | null {
  if (!status?.emulated || !status.applied_profile || !(name in (status.agents ?? {}))) return null;
  const p = profiles.find((x) => x.name === status.applied_profile);
  return { profile: status.applied_profile, words: p ? profileSummary(p) : "numbers not loaded" };
}

const CLOCKS: Record<number, string> = { 0: "CLOCK_REALTIME", 1: "CLOCK_MONOTONIC", 4: "CLOCK_MONOTONIC_RAW" };

const AGENT_COLUMNS: Column[] = [
  { label: "Name" },
  { label: "Status" },
  { label: "Host" },
  { label: "Address" },
  { label: "Version" },
  { label: "Clock" },
  { label: "Capabilities" },
  { label: "Last seen" },
];

export function AgentsPage() {
  const { data, error, loading, refresh } = usePolling(listAgents, 2000);
  // the lab's link as applied now (it changes with the runs' profiles) and the profiles' numbers
  const status = usePolling(getLinkStatus, 5000).data;
  const profiles = usePolling(listLinkProfiles, 0).data ?? [];
  const now = useNow(1000);
  const agents: Agent[] = data ?? [];
  const online = agents.filter((a) => a.status === "online").length;
  const revoked = agents.filter((a) => a.status === "revoked").length;
  const isAdmin = useCan("admin");
  const columns = isAdmin ? [...AGENT_COLUMNS, { label: "" }] : AGENT_COLUMNS;

  return (
    <div className="page">
      <div className="page-header">
        <h1>Agents</h1>
        <span className="muted">
          {data ? `${online} online · ${agents.length - online - revoked} offline${revoked ? ` · ${revoked} revoked` : ""}` : ""}
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
          <DataTable testId="agents-table" columns={columns}>
            {agents.map((a) => (
              <tr key={a.id} data-testid={`agent-row-${a.name}`}>
                <td className="strong">{a.name}</td>
                <td>
                  <StatusBadge status={a.status} testId="agent-status" />
                </td>
                <td>{a.host}</td>
                <td className="mono">{a.address}</td>
                <td className="mono">{a.version}</td>
                <td className="mono small" title={`clock id ${a.clock_id}`}>{CLOCKS[a.clock_id] ?? `clock ${a.clock_id}`}</td>
                <td>
                  <Capabilities caps={a.capabilities} applied={appliedLinkOf(a.name, status, profiles)} />
                </td>
                <td className="nowrap" title={`${formatDateTime(a.last_seen_at)} (local time)`} data-testid="agent-last-seen">
                  {formatRelative(a.last_seen_at, now)}
                </td>
                {isAdmin && <td><AgentActions agent={a} onChanged={refresh} /></td>}
              </tr>
            ))}
          </DataTable>
        )}
      </Panel>
      <PeerClocksPanel />
      {isAdmin && <EnrollmentTokenPanel />}
    </div>
  );
}
