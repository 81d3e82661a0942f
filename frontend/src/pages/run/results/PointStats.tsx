// One point's RTT statistics of its measured calls, its first calls apart, and where every call went.
import type { PointSummary } from "../../../api/types";
import { Empty } from "../../../components/States";
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

/** One point's RTT statistics (its measured calls only), its first calls apart, and where every call went. */
export function PointStats({ point }: { point: PointSummary }) {
  const s = point.rtt;
  const f = point.first_calls;
  return (
    <div data-testid="summary-stats">
      {s ? (
        <StatsTable stats={s} />
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
