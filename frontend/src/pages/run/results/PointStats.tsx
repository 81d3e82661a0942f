// One point's statistics of its measured calls (an open loop's from the intended send, its RTT beside), its first
// calls apart, and where every call went.
import type { PointSummary } from "../../../api/types";
import { Empty } from "../../../components/States";
import { LoopTag, measureWords, type Loop } from "../../../figures/loop";
import { formatCount, formatNs } from "../../../format";
import { StatsTable } from "../SummaryStats";

/** "12 calls: 8 measured · 3 first calls · 1 more warm-up · 0 errors": every call in one category, so they add up
 * (the same numbers as the per-call chart's legend and the point table). */
export function countsText(p: Pick<PointSummary, "calls" | "counts">): string {
  const c = p.counts;
  const first = c.first === 1 ? "1 first call" : `${formatCount(c.first)} first calls`;
  return `${formatCount(p.calls)} calls: ${formatCount(c.measured)} measured · ${first} · ${formatCount(c.warmup)} more warm-up · ${formatCount(
    c.error)} error${c.error === 1 ? "" : "s"}`;
}

/** The loop a point's summary describes: the backend's word, else the run's params (`fallback`). */
export function summaryLoop(point: Pick<PointSummary, "loop" | "latency">, fallback: Loop = "closed"): Loop {
  return point.latency ? "open" : point.loop ?? fallback;
}

/** One point's statistics (its measured calls only), its first calls apart, and where every call went. An open
 * loop's headline is latency from the intended send (no coordinated omission); its RTT, from the actual send,
 * follows as the second row, labelled so. */
export function PointStats({ point, loop: runLoop = "closed" }: { point: PointSummary; loop?: Loop }) {
  const loop = summaryLoop(point, runLoop);
  const s = point.latency ?? point.rtt;
  const f = point.first_calls;
  return (
    <div data-testid="summary-stats" data-loop={loop}>
      <p className="stats-caption" data-testid="stats-caption">
        <b>{loop === "open" && point.latency ? measureWords("open") : "RTT"}</b> of the measured calls <LoopTag loop={loop} />
        {loop === "open" && !point.latency && <span className="muted"> · these are RTT (from actual send); the tail below counts from the intended send</span>}
      </p>
      {s ? (
        <>
          <StatsTable stats={s} />
          {point.latency && point.rtt && (
            <div data-testid="rtt-beside">
              <p className="stats-caption muted">RTT (from actual send), the same calls without the wait before the send:</p>
              <StatsTable stats={point.rtt} />
            </div>
          )}
        </>
      ) : (
        <Empty>No measured calls: the statistics leave out warm-up, first and error calls.</Empty>
      )}
      <div className="summary-extras">
        <span data-testid="first-call" title="a caller thread's first call sets up its binding and call handle: cold, so kept out of the statistics">
          {f && f.count > 1 ? (
            <>First calls: <b>{formatNs(f.median_ns)}</b> median <span className="muted">({f.count}, one per caller thread, {formatNs(f.min_ns)} – {formatNs(f.max_ns)}; not in the statistics)</span></>
          ) : (
            <>First call: <b>{f ? formatNs(f.median_ns) : "—"}</b> <span className="muted">(not in the statistics)</span></>
          )}
        </span>
        <span data-testid="point-counts" className={point.counts.error > 0 ? "text-error" : ""}>{countsText(point)}</span>
      </div>
    </div>
  );
}
