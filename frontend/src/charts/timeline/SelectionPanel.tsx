// The timeline's area selection: what a shift-drag range holds (calls and steps wholly inside), as a small table.
import { formatCount, formatNs } from "../../format";
import type { SelectionStats, Summary } from "./selection";

const STEPS_SHOWN = 12;

function Cells({ s }: { s: Summary }) {
  return (
    <>
      <td className="num">{formatCount(s.count)}</td>
      <td className="num">{formatNs(s.meanNs)}</td>
      <td className="num">{formatNs(s.p50Ns)}</td>
      <td className="num">{formatNs(s.p99Ns)}</td>
    </>
  );
}

export function SelectionPanel({ stats, aligned }: { stats: SelectionStats; aligned: boolean }) {
  const more = stats.steps.length - STEPS_SHOWN;
  return (
    <div className="timeline-selection" data-testid="timeline-selection">
      <div className="small">
        <strong>Selection</strong> {formatNs(stats.t1 - stats.t0)}
        <span className="muted"> ({aligned ? "the same range of every call, from its start" : "calls and steps wholly inside"}; Esc clears)</span>
      </div>
      <table className="table timeline-selection-table">
        <thead>
          <tr><th>inside</th><th>side</th><th className="num">count</th><th className="num">mean</th><th className="num">p50</th><th className="num">p99</th></tr>
        </thead>
        <tbody>
          <tr data-testid="selection-calls">
            <td><strong>calls (RTT)</strong></td><td />
            {stats.calls ? <Cells s={stats.calls} /> : <td colSpan={4} className="muted">no call wholly inside</td>}
          </tr>
          {stats.steps.slice(0, STEPS_SHOWN).map((s) => (
            <tr key={s.code} data-testid="selection-step">
              <td className="mono">{s.name}</td><td className="muted">{s.side}</td><Cells s={s} />
            </tr>
          ))}
        </tbody>
      </table>
      {more > 0 && <div className="muted small">{more} more step{more === 1 ? "" : "s"} with less time inside</div>}
    </div>
  );
}
