// The Steps tab: the DCE paper's step ladders (Figures 1–2) from step_stats, off-path steps from the rtp analysis.
import { useState } from "react";
import { unavailableReason } from "../../api/analyses";
import type { Run } from "../../api/types";
import { buildLadder } from "../../charts/stepLadder/ladder";
import { StepLadder } from "../../charts/stepLadder/StepLadder";
import { Empty, ErrorBox, Loading, Panel } from "../../components/States";
import { formatNs } from "../../format";
import { loadRtp, loadStepStats } from "../../figures/data";
import { packetDataOf } from "../../figures/figurePoints";
import { runPoints } from "../../kinds";
import { PointSelect } from "./PointSelect";
import { partialCalls, stepNotes, stepSegment } from "./stepNotes";
import { loadingLabel, useRetryingFetch } from "./useRetryingFetch";

/** The Steps tab: the DCE paper's Figures 1–2 drawn from the run's `step_stats` (and `rtp` for off-path steps). */
export function StepsTab({ run }: { run: Run }) {
  const ss = useRetryingFetch((t) => loadStepStats(run, t), `ss-${run.id}`);
  // the path analysis only decides which steps are dotted: its failure leaves the ladder drawn
  const rtp = useRetryingFetch((t) => loadRtp(run, t).catch(() => null), `rtp-${run.id}`);
  const [pointNo, setPointNo] = useState<number | null>(null);
  const [first, setFirst] = useState(false);
  const [mode, setMode] = useState<"schematic" | "scale">("schematic");
  const params = runPoints(run);

  let body;
  const why = unavailableReason(ss.data);
  if (ss.error) {
    body = <div className="panel-pad"><ErrorBox title="Could not load the step statistics" onRetry={ss.retry}>{ss.error}</ErrorBox></div>;
  } else if (!ss.data || rtp.loading) {
    body = <Loading label={loadingLabel("step statistics", ss.attempt)} />;
  } else if (why) {
    body = <Empty>No step ladder: {why}.</Empty>;
  } else if (ss.data.points.length === 0) {
    body = <Empty>No step ladder: the run recorded no completed calls, so no step has a time.</Empty>;
  } else {
    const pts = ss.data.points;
    const point = pts.find((p) => p.point_no === pointNo) ?? pts[0];
    const rtpPoint = rtp.data?.points?.find((p) => p.point_no === point.point_no) ?? null;
    const pp = params.find((p) => p.point_no === point.point_no);
    const hasFirst = !!point.first_call;
    const ladder = buildLadder(point, rtpPoint, {
      requestBytes: pp?.request_bytes ?? null,
      packetData: packetDataOf(run.params as unknown as Record<string, unknown>),
      firstCall: first && hasFirst,
    });
    const rows = [...ladder.client, ...ladder.server];
    const unknownPath = rows.some((r) => r.path === "unknown");
    const notes = first && hasFirst ? [] : stepNotes(rows, point.calls);
    body = (
      <>
        <div className="figure-controls">
          <PointSelect pointNos={pts.map((p) => p.point_no)} params={params} value={point.point_no} onChange={setPointNo} />
          <div className="segmented" role="group" aria-label="Calls shown">
            <button type="button" className={`btn btn-small ${!first ? "btn-active" : ""}`} aria-pressed={!first} onClick={() => setFirst(false)}>
              Later calls (mean)
            </button>
            <button type="button" className={`btn btn-small ${first ? "btn-active" : ""}`} aria-pressed={first} disabled={!hasFirst}
              title={hasFirst ? "the point's cold first call" : "this point recorded no first call"} onClick={() => setFirst(true)}>
              First call
            </button>
          </div>
          <div className="segmented" role="group" aria-label="Segment lengths">
            <button type="button" className={`btn btn-small ${mode === "schematic" ? "btn-active" : ""}`} aria-pressed={mode === "schematic"} onClick={() => setMode("schematic")}>
              Schematic
            </button>
            <button type="button" className={`btn btn-small ${mode === "scale" ? "btn-active" : ""}`} aria-pressed={mode === "scale"} onClick={() => setMode("scale")}>
              To scale
            </button>
          </div>
        </div>
        <div className="figure-split">
          <div className="figure-main">
            <StepLadder ladder={ladder} mode={mode} firstCall={first && hasFirst} />
          </div>
          <div className="figure-side table-scroll">
            <table className="table" data-testid="steps-table">
              <caption className="muted small">
                {first && hasFirst ? `first call #${point.first_call!.call_no}: RTT ${formatNs(point.first_call!.rtt_ns)}`
                  : `${point.calls} calls: mean RTT ${formatNs(point.rtt?.mean_ns)}`}
              </caption>
              <thead>
                <tr><th>Paper</th><th>Step</th><th className="num">{first && hasFirst ? "Time" : "Mean"}</th><th className="num">95% CI</th><th>Path</th><th className="num" title="the calls the step ran in, where fewer than the point's">In calls</th></tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.code}>
                    <td>{r.paper || "—"}</td>
                    <td title={stepSegment(r.code)}><code>{r.name}</code></td>
                    <td className="num" title={`${(r.firstNs ?? r.meanNs).toFixed(1)} ns`}>{formatNs(first && hasFirst ? (r.firstNs ?? null) : r.meanNs)}</td>
                    <td className="num">{first && hasFirst ? "—" : `${formatNs(r.ciLowNs)} – ${formatNs(r.ciHighNs)}`}</td>
                    <td>{r.path === "unknown" ? "?" : r.path === "on" ? "on" : "off (dotted)"}</td>
                    <td className="num" data-testid={`step-calls-${r.name}`}>{first && hasFirst ? "—" : partialCalls(r, point.calls) ?? "all"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
        <p className="muted small panel-pad figure-notes">
          Labels: our step name with the DCE paper's C/S step numbers (agents/STEPS.md). Times in µs/ns, the probe cost{" "}
          {ss.data.probe_cost_ns ? `(client ${formatNs(ss.data.probe_cost_ns.client ?? null)}, server ${formatNs(ss.data.probe_cost_ns.server ?? null)}) ` : ""}
          already subtracted{ss.data.probe_cost_note ? ` — ${ss.data.probe_cost_note}` : ""}; a step no longer than one clock read shows 0.
          {" "}Dotted steps are off the round trip path in most calls (from the round-trip-path analysis).
          {unknownPath && " Steps marked ? are not placed by the round-trip-path analysis for this run, so they are drawn solid."}
          {ladder.loops.length > 0 && " Arrows: steps a large-data call repeats, with how many times per call."}
          {" "}A step's mean here is its whole time in the calls that ran it; the Round trip path tab counts only the
          part of it on the critical path, averaged over every call (0 where it ran beside the path), so the two
          differ wherever a step is off the path in some calls.
        </p>
        {notes.length > 0 && (
          <p className="muted small panel-pad figure-notes" data-testid="step-notes">{notes.join(" ")}</p>
        )}
      </>
    );
  }
  return (
    <Panel title="Steps" actions={<span className="muted small">client and server step ladders (DCE RPC paper, Figs 1–2)</span>}>
      {body}
    </Panel>
  );
}
