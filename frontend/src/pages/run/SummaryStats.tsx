// A run's RTT statistics of the measured calls, with first-call, warm-up and error counts.
import type { RunSummary, Stats } from "../../api/types";
import { Empty } from "../../components/States";
import { LoopTag, type Loop } from "../../figures/loop";
import { formatCi, formatCount, formatNs } from "../../format";
import { STATISTICS, type StatKey } from "../../figures/statistics";

export const STAT_COLUMNS = STATISTICS;

export function statCell(s: Stats, key: StatKey): string {
  if (key === "count") return formatCount(s.count);
  if (key === "ci") return formatCi(s.ci95_low_ns, s.ci95_high_ns);
  return formatNs(s[key]);
}

/** One row of RTT statistics under the STAT_COLUMNS headers (a run's, or one point's). */
export function StatsTable({ stats }: { stats: Stats }) {
  return (
    <div className="table-scroll">
      <table className="table stats-table">
        <thead>
          <tr>{STAT_COLUMNS.map((c) => <th key={c.key} title={c.title} className="num">{c.label}</th>)}</tr>
        </thead>
        <tbody>
          <tr>
            {STAT_COLUMNS.map((c) => (
              <td key={c.key} className={`num stat-${c.key}`} data-stat={c.key}>{statCell(stats, c.key)}</td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** RTT statistics of the measured calls, plus first-call, warm-up and error counts. The run's `rtt` is RTT from
 * the actual send whatever the loop: an open-loop run says so, its latency from the intended send is per point. */
export function SummaryStats({ summary, loop = "closed" }: { summary: RunSummary; loop?: Loop | "mixed" }) {
  const s = summary.rtt;
  return (
    <div data-testid="summary-stats" data-loop={loop}>
      <p className="stats-caption" data-testid="stats-caption">
        <b>RTT</b> of the measured calls <LoopTag loop={loop} rtt />
      </p>
      {s ? (
        <StatsTable stats={s} />
      ) : (
        <Empty>No measured calls: the statistics exclude warm-up, first and error calls.</Empty>
      )}
      <div className="summary-extras">
        <span data-testid="first-call">
          First call:{" "}
          <b>{summary.first_call ? formatNs(summary.first_call.rtt_ns) : "—"}</b>
          {summary.first_call && <span className="muted"> (call #{formatCount(summary.first_call.call_no)}, not in the statistics)</span>}
        </span>
        <span data-testid="warmup-count">
          Warm-up calls: <b>{formatCount(summary.warmup_calls)}</b>
        </span>
        <span data-testid="error-count" className={summary.error_calls > 0 ? "text-error" : ""}>
          Error calls: <b>{formatCount(summary.error_calls)}</b>
        </span>
      </div>
    </div>
  );
}
