// The steps of one point's measured calls, from the run's step_stats analysis (probe cost subtracted).
import { getAnalysis, unavailableReason, type StepStatsAnalysis } from "../../../api/analyses";
import { DataTable, type Column } from "../../../components/DataTable";
import { Empty, ErrorBox, Loading } from "../../../components/States";
import { formatCi, formatCount, formatNs } from "../../../format";
import { loadingLabel, useRetryingFetch } from "../useRetryingFetch";
import { stepNotes, stepSegment } from "../stepNotes";

const COLUMNS: Column[] = [
  { label: "Code", className: "num" },
  { label: "Step" },
  { label: "Side" },
  { label: "Paper", title: "nearest step of the DCE RPC paper (1995), Figures 1 and 2" },
  { label: "Calls", className: "num" },
  { label: "Per call", className: "num", title: "times the step ran in a call (a large request is sent in several packets)" },
  { label: "Mean", className: "num" },
  { label: "95% CI", className: "num" },
  { label: "p50", className: "num" },
  { label: "p99", className: "num" },
];

/** The steps of one point's measured calls (the run's step_stats analysis, probe cost subtracted, as the Steps tab). */
export function PointSteps({ runId, pointNo }: { runId: number; pointNo: number }) {
  const q = useRetryingFetch((t) => getAnalysis<StepStatsAnalysis>(runId, "step_stats", t), `ss-${runId}`);
  if (q.error) return <div className="panel-pad"><ErrorBox title="Could not load the step statistics" onRetry={q.retry}>{q.error}</ErrorBox></div>;
  if (!q.data) return <Loading label={loadingLabel("step statistics", q.attempt)} />;
  const why = unavailableReason(q.data);
  if (why) return <Empty>No step statistics: {why}.</Empty>;
  const point = q.data.points.find((p) => p.point_no === pointNo);
  const steps = (point?.steps ?? []).filter((st) => st.stats);
  if (steps.length === 0) return <Empty>No step timings were recorded for this point.</Empty>;
  const notes = stepNotes(steps.map((st) => ({ code: st.code, name: st.name, count: st.stats.count, meanNs: st.stats.mean_ns })),
    point!.calls);
  return (
    <>
    <DataTable testId="steps-table" columns={COLUMNS}>
      {steps.map((st) => (
        <tr key={st.code}>
          <td className="num mono">{st.code}</td>
          <td className="mono strong" title={stepSegment(st.code)}>{st.name}</td>
          <td><span className={`side side-${st.side}`}>{st.side}</span></td>
          <td className="mono">{st.paper || "—"}</td>
          <td className="num">{formatCount(st.stats.count)}</td>
          <td className="num">{st.runs_per_call.toFixed(st.runs_per_call === Math.round(st.runs_per_call) ? 0 : 2)}</td>
          <td className="num">{formatNs(st.stats.mean_ns)}</td>
          <td className="num">{formatCi(st.stats.ci95_low_ns, st.stats.ci95_high_ns)}</td>
          <td className="num">{formatNs(st.stats.median_ns)}</td>
          <td className="num">{formatNs(st.stats.p99_ns)}</td>
        </tr>
      ))}
    </DataTable>
    {notes.length > 0 && <p className="muted small panel-pad" data-testid="step-notes">{notes.join(" ")}</p>}
    </>
  );
}
