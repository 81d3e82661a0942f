// The Round trip path tab: the DCE paper's Figure 5 and Table 2 for a chosen point, from the run's rtp analysis.
import { useState } from "react";
import { unavailableReason } from "../../api/analyses";
import type { Run } from "../../api/types";
import { RtpChart } from "../../charts/rtp/RtpChart";
import { errorClass, table2 } from "../../charts/rtp/rtpLayout";
import { Empty, ErrorBox, Loading, Panel } from "../../components/States";
import { formatNs, formatSignedPct } from "../../format";
import { loadRtp } from "../../figures/data";
import { pointNamer } from "../../figures/pointWords";
import { runPoints } from "../../kinds";
import { PointSelect } from "./PointSelect";
import { loadingLabel, useRetryingFetch } from "./useRetryingFetch";


/** The Round trip path tab: Figure 5 and Table 2 of the DCE paper, from the run's `rtp` analysis. */
export function RtpTab({ run }: { run: Run }) {
  const q = useRetryingFetch((t) => loadRtp(run, t), `rtp-${run.id}`);
  const [pointNo, setPointNo] = useState<number | null>(null);
  const params = runPoints(run);
  const data = q.data;
  const why = unavailableReason(data);

  let body;
  if (q.error) {
    body = <div className="panel-pad"><ErrorBox title="Could not load the round trip path" onRetry={q.retry}>{q.error}</ErrorBox></div>;
  } else if (!data) {
    body = <Loading label={loadingLabel("round trip path", q.attempt)} />;
  } else if (why) {
    body = <Empty>No round trip path: {why}.</Empty>;
  } else if (data.points.length === 0) {
    body = (
      <Empty>
        <span data-testid="rtp-empty">
          No round trip path for this run:{" "}
          {data.unplaced_codes.length
            ? `the path analysis has no dependency rows for the step codes this run recorded (${data.unplaced_codes.join(", ")}), so it does not guess a path.`
            : "no call completed with both client and server steps."}
        </span>
        {data.notes.map((n) => <span key={n} className="muted small"><br />{n}</span>)}
      </Empty>
    );
  } else {
    const point = data.points.find((p) => p.point_no === pointNo) ?? data.points[0];
    const t2 = table2(point);
    body = (
      <>
        <div className="figure-controls">
          <PointSelect pointNos={data.points.map((p) => p.point_no)} params={params} value={point.point_no} onChange={setPointNo} />
          <span className="muted small">{point.calls} calls · {data.clock}</span>
        </div>
        <RtpChart point={point} lanes={data.lanes} />
        <p className="muted small panel-pad figure-notes">
          Solid: the critical path, one line hopping lanes at each send and receive. Dotted beside a lane: work
          done in parallel, off the path in most calls. Grey arrows: the messages between lanes. Times are means
          over the point's calls, relative to the call's first client step.
          {data.notes.map((n) => ` ${n}.`)}
          {!point.segments.some((s) => s.kind === "transit" && s.on_path_share >= 0.5) && (
            <strong data-testid="rtp-server-beside">
              {" "}In most calls the server had replied before the client's send returned (loopback or an emulated
              link hands the request over inside the send), so the server's turn ran beside the path and the
              path stays in the client lane.
            </strong>
          )}
        </p>
        <div className="table-scroll panel-pad">
          <table className="table" data-testid="rtp-table2">
            <caption className="muted small">Table 2 — {pointNamer(params)(point.point_no)}: calculated vs measured round trip</caption>
            <thead>
              <tr><th>Segment</th><th>Kind</th><th>Lanes</th><th className="num">On the path</th><th className="num" title="the segment's time on the critical path averaged over every call of the point, 0 in the calls where it ran beside the path: the Steps tab's mean is its whole time in the calls that ran it">Mean on path, per call</th></tr>
            </thead>
            <tbody>
              {t2.rows.map((r, i) => (
                <tr key={i}>
                  <td><code>{r.name}</code></td><td>{r.kind}</td><td>{r.lanes}</td>
                  <td className="num">{Math.round(r.share * 100)} % of calls</td>
                  <td className="num" title={`${r.onPathNs.toFixed(1)} ns`}>{formatNs(r.onPathNs)}</td>
                </tr>
              ))}
              <tr className="row-sum"><td colSpan={4}>Calculated RTT (sum of timed on-path segments)</td><td className="num">{formatNs(t2.calculatedNs)}</td></tr>
              <tr><td colSpan={4}>Untimed gaps on the path</td><td className="num">{formatNs(t2.untimedNs)}</td></tr>
              <tr><td colSpan={4}>Measured RTT</td><td className="num" title={`${t2.measuredNs.toFixed(1)} ns`}>{formatNs(t2.measuredNs)}</td></tr>
              <tr><td colSpan={4}>% error = (measured − calculated) × 100 / measured</td>
                <td className={`num err-${errorClass(t2.percentError)}`} data-testid="rtp-error">{formatSignedPct(t2.percentError)}</td></tr>
            </tbody>
          </table>
          {data.points.length > 1 && (
            <table className="table" data-testid="rtp-points-table">
              <caption className="muted small">Every point: calculated vs measured</caption>
              <thead><tr><th>Point</th><th className="num">Calculated</th><th className="num">Measured</th><th className="num">% error</th></tr></thead>
              <tbody>
                {data.points.map((p) => (
                  <tr key={p.point_no}>
                    <td>{pointNamer(params)(p.point_no)}</td>
                    <td className="num">{formatNs(p.calculated_rtt_ns)}</td>
                    <td className="num">{formatNs(p.measured_rtt_ns)}</td>
                    <td className={`num err-${errorClass(p.percent_error)}`}>{formatSignedPct(p.percent_error)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </>
    );
  }
  return (
    <Panel title="Round trip path" actions={<span className="muted small">lanes client · kernel · network · kernel · server (DCE RPC paper, Fig. 5 and Table 2)</span>}>
      {body}
    </Panel>
  );
}
