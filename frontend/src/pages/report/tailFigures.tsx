// The report's tail and load sections (issue 32): each point's percentiles p50 … p99.99 and the maximum with their
// 95 % intervals and the tail sentence, labelled by loop; an open-loop sweep's latency against offered load (the
// Latency vs load tab's series and knee, drawn at the paper's width).
import { isUnavailable, type Unavailable } from "../../api/figures";
import type { LoadSweep, Run, TailPoint, Tails } from "../../api/types";
import { kneeMarkers, latencySeries, throughputSeries } from "../../charts/loadSweep/transform";
import { SeriesChart } from "../../charts/rttSize/SeriesChart";
import { LOOP_WORDS, loopOf } from "../../figures/loop";
import { formatCount, formatNs } from "../../format";
import type { Settled } from "./figureData";
import { Absent, CHART_WIDTH, Figure, NumbersTable, WhenLoaded } from "./FigureParts";

/** Points printed with their full percentile table; a larger sweep gets one row a point (the table below). */
export const MAX_TAIL_TABLES = 4;

const interval = (lo: number | null, hi: number | null) => (lo !== null && hi !== null ? `${formatNs(lo)} – ${formatNs(hi)}` : "—");

/** One point's percentiles with intervals and the calls each rests on, then its tail sentences. */
export function PointTailBlock({ point, label }: { point: TailPoint; label: string }) {
  return (
    <Figure testId="report-tail-point">
      <h3>{label} <span className="muted small">· {formatCount(point.calls)} measured calls · {LOOP_WORDS[point.loop]}</span></h3>
      <NumbersTable testId="report-tail-table" className="report-compact" columns={["Percentile", "#Latency", "#95% interval", "#Rests on"]}
        rows={point.percentiles.map((r) => [r.name, formatNs(r.value_ns), interval(r.ci_low_ns, r.ci_high_ns),
          `${formatCount(r.rests_on)} call${r.rests_on === 1 ? "" : "s"}`])} />
      {point.attribution.length ? point.attribution.map((a) => (
        <p key={a.level} className="small" data-testid="report-tail-sentence">{a.sentence}</p>
      )) : <p className="muted small" data-testid="report-tail-sentence">Which step makes the tail: {point.attribution_reason ?? "not available"}.</p>}
    </Figure>
  );
}

const pct = (p: TailPoint, name: string) => p.percentiles.find((r) => r.name === name);

/** Every point's tail: a table each up to MAX_TAIL_TABLES points, else one row a point with its intervals. */
export function TailsFigure({ value, labelOf }: { value: Settled<Tails | Unavailable>; labelOf: (n: number) => string }) {
  return (
    <WhenLoaded value={value} what="tail analysis" draw={(d) => {
      if (isUnavailable(d)) return <Absent>{d.reason ?? d.error ?? "no tail analysis"}.</Absent>;
      const points = (d.points ?? []).filter((p) => p.calls > 0);
      if (!points.length) return <Absent>no measured calls.</Absent>;
      const note = (
        <p className="muted small" data-testid="report-tails-note">
          Latency is {d.loop === "open" ? "counted from each call's intended send (RTT plus the wait before the send): no coordinated omission"
            : "the RTT of a closed loop: a caller waits for its last call, so a stall counts as one slow call, not every call it held up (coordinated omission)"}.
          Percentiles by nearest rank; intervals from two order statistics (distribution-free, 95 %); "rests on" counts the calls at or above each.
        </p>
      );
      if (points.length <= MAX_TAIL_TABLES) {
        return <>{note}{points.map((p) => <PointTailBlock key={p.point_no} point={p} label={labelOf(p.point_no)} />)}</>;
      }
      const names = ["p50", "p99", "p99.9", "p99.99", "max"];
      return (
        <>
          {note}
          <NumbersTable testId="report-tails-all" className="report-compact report-dense" columns={["Point", "Loop", ...names.map((n) => `#${n}`)]}
            rows={points.map((p) => [labelOf(p.point_no), p.loop, ...names.map((n) => {
              const r = pct(p, n);
              return r ? `${formatNs(r.value_ns)}${r.ci_low_ns !== null && r.ci_high_ns !== null ? ` (${interval(r.ci_low_ns, r.ci_high_ns)})` : ""}` : "—";
            })])} />
          {points.map((p) => p.attribution.map((a) => (
            <p key={`${p.point_no}-${a.level}`} className="small" data-testid="report-tail-sentence">{labelOf(p.point_no)}: {a.sentence}</p>
          )))}
        </>
      );
    }} />
  );
}

const rate = (v: number) => `${formatCount(Math.round(v))} calls/s`;

/** An open-loop sweep's hockey stick: latency percentiles and served calls against offered load, its knee in words. */
export function LoadFigure({ run, value }: { run: Run; value: Settled<LoadSweep | Unavailable> }) {
  if (loopOf(run) === "closed") return <Absent>a closed-loop run offers no rate: latency against load needs open-loop arrivals.</Absent>;
  return (
    <WhenLoaded value={value} what="load sweep" draw={(d) => {
      if (isUnavailable(d)) return <Absent>{d.reason ?? d.error ?? "no load sweep"}.</Absent>;
      const pts = [...d.points].sort((a, b) => a.offered_per_s - b.offered_per_s);
      return (
        <>
          <Figure testId="report-load">
            <p data-testid="report-load-knee">{d.knee.sentence}</p>
            <SeriesChart testId="report-load-chart" width={CHART_WIDTH} height={260} logY label="Latency percentiles against offered calls per second"
              series={latencySeries(d)} markers={kneeMarkers(d.knee)} markerLabel="the knee's sides" xLabel="offered calls/s"
              yLabel="latency from intended send (µs, log)" xFormat={(v) => formatCount(v)} yFormat={(v) => formatCount(v)}
              xExact={rate} yExact={(v) => formatNs(v * 1e3)} />
            <SeriesChart testId="report-load-served" width={CHART_WIDTH} height={180} label="Served calls per second against offered"
              series={throughputSeries(d)} xLabel="offered calls/s" yLabel="served calls/s" xFormat={(v) => formatCount(v)}
              yFormat={(v) => formatCount(v)} xExact={rate} yExact={rate} />
            <p className="muted small">
              {LOOP_WORDS.open}: a call delayed behind a slow one counts its wait.
              {d.model ? ` Dashed: the open network's mean from point ${d.model.from_point}'s measured demands, nothing fitted to the loaded points.` : ""}
            </p>
          </Figure>
          <NumbersTable testId="report-load-table" className="report-compact" columns={["#Offered", "#Served", "#p50", "#p99", "#p99.9", "#Mean"]}
            rows={pts.map((p) => [rate(p.offered_per_s), rate(p.achieved_per_s), formatNs(p.p50_ns), formatNs(p.p99_ns),
              p.p999_ns === null ? "—" : formatNs(p.p999_ns), formatNs(p.mean_ns)])} />
        </>
      );
    }} />
  );
}
