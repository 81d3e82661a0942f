// A sweep's points as a table, one row each; clicking a row selects the point the Results tab details. Each row
// says its loop: an open loop's numbers are latency from the intended send, a closed loop's RTT.
import { useEffect, useRef, type KeyboardEvent } from "react";
import type { PointSummary } from "../../../api/types";
import { LineSwatch } from "../../../charts/pointDist/CdfChart";
import type { PointStyle } from "../../../charts/pointDist/transform";
import { LOOP_TITLES, type Loop } from "../../../figures/loop";
import { DataTable, type Column } from "../../../components/DataTable";
import { formatCi, formatCount, formatNs } from "../../../format";

const COLUMNS: Column[] = [
  { label: "Point" },
  { label: "Measured", className: "num", title: "calls in the statistics" },
  { label: "Mean", className: "num" },
  { label: "95% CI of mean", className: "num", title: "percentile bootstrap of the mean (analysis/stats.py)" },
  { label: "p50", className: "num" },
  { label: "p90", className: "num" },
  { label: "p99", className: "num" },
  { label: "Max", className: "num" },
  { label: "First calls", className: "num", title: "each caller thread's first call (new call handle and binding): median, left out" },
  { label: "Warm-up", className: "num", title: "warm-up calls that are not first calls, left out" },
  { label: "Errors", className: "num" },
];
// shown only when some point retransmitted: what loss on the link did to its calls
const RETRANSMITS_COLUMN: Column = {
  label: "Retransmissions",
  className: "num",
  title: "retransmissions during the point's calls (RPC over UDP: the runtime's; over TCP: the kernel's), and the calls that had any",
};

/** The retransmission cell of a point: "3 in 2 calls", "—" for none. */
export function retransmitsCell(p: Pick<PointSummary, "retransmits" | "calls_retransmitted">): string {
  const n = p.retransmits ?? 0;
  const calls = p.calls_retransmitted ?? 0;
  return n > 0 ? `${formatCount(n)} in ${formatCount(calls)} call${calls === 1 ? "" : "s"}` : "—";
}

export interface PointRow {
  point: PointSummary;
  label: string;
  style: PointStyle;
  loop?: Loop;
}

/** Every point of a sweep, one row each; a row selects the point the charts and tables below describe. */
export function PointTable({ rows, selected, onSelect }: { rows: PointRow[]; selected: number; onSelect: (n: number) => void }) {
  const box = useRef<HTMLDivElement | null>(null);
  useEffect(() => scrollToRow(box.current, `tr[data-point="${selected}"]`), [selected]);
  const onKey = (e: KeyboardEvent, n: number) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      onSelect(n);
    }
  };
  const lossy = rows.some(({ point }) => (point.retransmits ?? 0) > 0);
  return (
    <div className="table-scroll point-table" ref={box}>
      <DataTable testId="point-table" columns={lossy ? [...COLUMNS, RETRANSMITS_COLUMN] : COLUMNS}>
        {rows.map(({ point: p, label, style, loop }) => {
          const on = p.point_no === selected;
          // an open loop's numbers are its latency from the intended send (the summary's `latency`), said per row
          const st = p.latency ?? p.rtt;
          const open = loop === "open" || Boolean(p.latency);
          return (
            <tr key={p.point_no} data-point={p.point_no} aria-selected={on} tabIndex={0} className={on ? "row-selected" : "row-selectable"}
              onClick={() => onSelect(p.point_no)} onKeyDown={(e) => onKey(e, p.point_no)}>
              <td className="point-name"><LineSwatch style={style} /> {label} <span className="muted small">#{p.point_no}</span>
                <span className={`loop-tag loop-${open ? "open" : "closed"}`} data-testid="point-loop" title={LOOP_TITLES[open ? "open" : "closed"]}>
                  {open ? "open loop" : "closed loop"}</span></td>
              <td className="num">{formatCount(p.counts.measured)}</td>
              <td className="num strong">{formatNs(st?.mean_ns)}</td>
              <td className="num">{st ? formatCi(st.ci95_low_ns, st.ci95_high_ns) : "—"}</td>
              <td className="num">{formatNs(st?.median_ns)}</td>
              <td className="num">{formatNs(st?.p90_ns)}</td>
              <td className="num">{formatNs(st?.p99_ns)}</td>
              <td className="num">{formatNs(st?.max_ns)}</td>
              <td className="num" title={p.first_calls ? `${p.first_calls.count} first calls, ${formatNs(p.first_calls.min_ns)} – ${formatNs(p.first_calls.max_ns)}` : undefined}>
                {p.first_calls ? `${formatNs(p.first_calls.median_ns)} (${p.first_calls.count})` : "—"}
              </td>
              <td className="num">{formatCount(p.counts.warmup)}</td>
              <td className={`num${p.counts.error > 0 ? " text-error" : ""}`}>{formatCount(p.counts.error)}</td>
              {lossy && <td className="num" data-testid="point-retransmits">{retransmitsCell(p)}</td>}
            </tr>
          );
        })}
      </DataTable>
    </div>
  );
}

/** Scrolls a scrolling box (not the page) so that its element matching `selector` is in view. */
export function scrollToRow(container: HTMLElement | null, selector: string) {
  const el = container?.querySelector<HTMLElement | SVGElement>(selector);
  if (!container || !el) return;
  const top = el.getBoundingClientRect().top - container.getBoundingClientRect().top + container.scrollTop;
  const h = el.getBoundingClientRect().height;
  if (top < container.scrollTop + 30 || top + h > container.scrollTop + container.clientHeight) {
    container.scrollTop = Math.max(0, top - container.clientHeight / 2);
  }
}
