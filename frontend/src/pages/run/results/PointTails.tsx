// One point's tail (the run's `tails` analysis, analysis/tails.py): its percentiles to p99.99 and the maximum with
// their 95 % intervals and the calls each rests on, labelled closed or open loop; HdrHistogram's percentile
// spectrum; which step makes the tail, in words, and a link to the tail's calls on the timeline.
import { Link } from "react-router-dom";
import { fetchAnalysis, unavailableReason } from "../../../api/analyses";
import type { TailAttribution, TailPoint, Tails } from "../../../api/types";
import { SpectrumChart } from "../../../charts/spectrum/SpectrumChart";
import { DataTable, type Column } from "../../../components/DataTable";
import { Empty, ErrorBox, Loading } from "../../../components/States";
import { LOOP_WORDS } from "../../../figures/loop";
import { formatCount, formatNs } from "../../../format";
import { TIMELINE_CALLS } from "../TimelineTab";
import { loadingLabel, useRetryingFetch } from "../useRetryingFetch";

/** What latency the percentiles are of: said beside every one of them (figures/loop.tsx's words). */
export function loopLabel(loop: string): string {
  return LOOP_WORDS[loop === "open" ? "open" : "closed"];
}

const COLUMNS: Column[] = [
  { label: "Percentile" },
  { label: "Latency", className: "num" },
  { label: "95% interval", className: "num", title: "distribution-free: two order statistics whose ranks a Binomial(calls, p) puts around the percentile with 95 % probability" },
  { label: "Rests on", className: "num", title: "calls at or above this latency: a percentile resting on a handful of calls is a handful of calls" },
  { label: "Loop" },
];

/** How the point's latency relates to its RTT statistics elsewhere on the page (they differ in an open loop). */
export function latencyNote(loop: string): string {
  return loop === "open"
    ? "Open loop: latency runs from each call's intended send, the RTT plus the wait before the send, so it is at or above the point's RTT statistics (which start at the actual send)."
    : "Closed loop: latency is the RTT, and each caller waited for its last call before sending, so a stall counts as one slow call rather than every call it delayed (coordinated omission).";
}

/** The untimed remainder of the tail, said in words: in an open loop mostly the wait before the send. */
export function unattributedHint(loop: string): string {
  return loop === "open" ? "untimed: mostly the wait between the intended and the actual send" : "untimed: time no step's probes cover";
}

/** The timeline's URL for a tail: its first call focused, the page holding it, every tail call listed. */
export function timelineSearch(a: Pick<TailAttribution, "call_nos" | "level">, pointNo: number): string {
  const first = a.call_nos[0] ?? 0;
  const p = new URLSearchParams({ tab: "timeline", call: String(first), from: String(Math.floor(first / TIMELINE_CALLS) * TIMELINE_CALLS) });
  p.set("tail", a.call_nos.join(","));
  p.set("tail_of", `point ${pointNo} ${a.level}`);
  return `?${p.toString()}`;
}

/** The point's percentiles, spectrum and tail attribution (presentational: the data in, the page out). */
export function TailsView({ point }: { point: TailPoint }) {
  const loop = loopLabel(point.loop);
  return (
    <div data-testid="point-tails" data-loop={point.loop}>
      <DataTable testId="percentile-table" columns={COLUMNS}>
        {point.percentiles.map((r) => (
          <tr key={r.name}>
            <td className="mono strong">{r.name}</td>
            <td className="num" data-testid={`pct-${r.name}`}>{formatNs(r.value_ns)}</td>
            <td className="num" title={r.reason ?? undefined}>
              {r.ci_low_ns !== null && r.ci_high_ns !== null ? `${formatNs(r.ci_low_ns)} – ${formatNs(r.ci_high_ns)}`
                : <span className="muted">{r.name === "max" ? "none: one call" : "too few calls"}</span>}
            </td>
            <td className="num">rests on {formatCount(r.rests_on)} call{r.rests_on === 1 ? "" : "s"}</td>
            <td className="muted small">{loop}</td>
          </tr>
        ))}
      </DataTable>
      <p className="muted small" data-testid="tails-latency-note">{latencyNote(point.loop)}</p>
      {point.percentiles.filter((r) => r.reason && r.name !== "max").map((r) => (
        <p key={r.name} className="muted small" data-testid="pct-reason">{r.reason}.</p>
      ))}
      <SpectrumChart rows={point.spectrum} marks={point.percentiles} />
      <p className="muted small">
        Percentile spectrum ({loop}): each tick to the right is ten times rarer; a flat line is a tail like the body,
        a climb at 99.9 % means one call in a thousand waits that long.
        {point.hdr_clipped > 0 && ` ${formatCount(point.hdr_clipped)} calls beyond one hour recorded as one hour.`}
      </p>
      <TailAttributionView point={point} />
    </div>
  );
}

function share(v: number | null | undefined): string {
  return v === null || v === undefined ? "—" : `${Math.round(100 * v)} %`;
}

/** Which step makes the tail: the sentence, the split per segment with intervals, the link to the calls. */
export function TailAttributionView({ point }: { point: TailPoint }) {
  if (!point.attribution.length) {
    return <p className="muted small" data-testid="tail-reason">Which step makes the tail: {point.attribution_reason ?? "not available"}.</p>;
  }
  return (
    <div data-testid="tail-attribution">
      {point.attribution.map((a) => (
        <div key={a.level} className="tail-level">
          <p data-testid={`tail-sentence-${a.level}`}><b>{a.sentence}</b></p>
          <DataTable testId={`tail-split-${a.level}`} columns={[
            { label: "Segment" }, { label: "Excess", className: "num", title: "its mean over the tail calls less its mean over the median calls (p45–p55)" },
            { label: "Share", className: "num" }, { label: "95% interval", className: "num", title: "bootstrap over the tail and median calls" }]}>
            {a.segments.map((s) => (
              <tr key={s.segment}>
                <td className="mono">
                  {s.segment}
                  {s.segment === "unattributed" && <span className="muted small" style={{ fontFamily: "inherit" }}> ({unattributedHint(point.loop)})</span>}
                </td>
                <td className="num">{formatNs(s.delta_ns)}</td>
                <td className="num">{share(s.share)}</td>
                <td className="num">{s.share_low === null ? "—" : `${share(s.share_low)} – ${share(s.share_high)}`}</td>
              </tr>
            ))}
          </DataTable>
          <p className="small">
            <Link to={{ search: timelineSearch(a, point.point_no) }} data-testid={`tail-timeline-${a.level}`}>
              show these calls on the timeline
            </Link>{" "}
            <span className="muted">
              ({a.call_nos_cut ? `the ${formatCount(a.call_nos.length)} slowest of ${formatCount(a.tail_calls)}` : `${formatCount(a.call_nos.length)}`} calls)
            </span>
          </p>
        </div>
      ))}
    </div>
  );
}

/** The selected point's tails, loaded from the run's stored `tails` analysis. */
export function PointTails({ runId, pointNo }: { runId: number; pointNo: number }) {
  const q = useRetryingFetch((t) => fetchAnalysis<Tails>(runId, "tails", t), `tails-${runId}`);
  if (q.error) return <div className="panel-pad"><ErrorBox title="Could not load the tails" onRetry={q.retry}>{q.error}</ErrorBox></div>;
  if (!q.data) return <Loading label={loadingLabel("percentiles", q.attempt)} />;
  const why = unavailableReason(q.data);
  if (why) return <Empty>No tail analysis: {why}.</Empty>;
  const point = (q.data.points ?? []).find((p) => p.point_no === pointNo);
  if (!point || point.calls === 0) return <Empty>No measured calls at this point.</Empty>;
  return <TailsView point={point} />;
}
