// Agents page: clock offset to peers — per agent, the latest fitted offset ± bound, drift and age to each peer,
// linked to the run it was measured in.
import { Link } from "react-router-dom";
import { DataTable } from "../../components/DataTable";
import { Empty, ErrorBox, Loading, Panel } from "../../components/States";
import { formatDateTime } from "../../format";
import { useNow, usePolling } from "../../hooks/usePolling";
import { getAgentClocks, peerRows } from "./peerClocks";

export function PeerClocksPanel() {
  const { data, error, loading, refresh } = usePolling(getAgentClocks, 5000);
  const now = useNow(1000);
  return (
    <Panel title="Clock offset to peers" actions={<span className="muted small">fitted from each pair's latest finished run (Sites' timealign: least-delay calls, offset + drift)</span>}>
      {error ? (
        <div className="panel-pad"><ErrorBox title="Could not load the clock offsets" onRetry={refresh}>{error}</ErrorBox></div>
      ) : loading && !data ? (
        <Loading label="Loading clock offsets…" />
      ) : !data || data.length === 0 ? (
        <Empty>No agent has enrolled yet.</Empty>
      ) : (
        <DataTable testId="peer-clocks" columns={[{ label: "Agent" }, { label: "Peer" }, { label: "Offset ± bound" }, { label: "Drift" }, { label: "Measured" }, { label: "Run" }]}>
          {data.flatMap((a) => {
            const rows = peerRows(a, now);
            if (rows.length === 0) {
              return [
                <tr key={a.agent_id} data-testid={`peer-clocks-none-${a.agent_name}`}>
                  <td className="strong">{a.agent_name}</td>
                  <td colSpan={5} className="muted">no finished run with another agent yet: launch one to measure the offset</td>
                </tr>,
              ];
            }
            return rows.map((r, i) => (
              <tr key={r.key} data-testid={`peer-clock-${r.agent}-${r.peer}`} title={r.note}>
                <td className="strong">{i === 0 ? r.agent : ""}</td>
                <td>{r.peer}</td>
                <td className={`num ${r.withinBound ? "" : "strong"}`} data-testid="peer-offset"
                  title={r.withinBound ? "the offset lies within the fit's bound: the clocks agree as far as it can tell" : "the offset exceeds the fit's bound"}>{r.offset}</td>
                <td className="num" data-testid="peer-drift">{r.drift}</td>
                <td className="nowrap" title={`${formatDateTime(r.measuredAt)} (local time)`}>{r.age}</td>
                <td><Link to={`/runs/${r.runId}`}>#{r.runId}{r.runName ? ` ${r.runName}` : ""}</Link></td>
              </tr>
            ));
          })}
        </DataTable>
      )}
    </Panel>
  );
}
