// The per-figure sections of the compare page, loaded together for both runs (one request per stored kind).
import "../../styles/compare.css";
import type { Run } from "../../api/types";
import { ErrorBox, Loading, Panel } from "../../components/States";
import { loadingLabel, useRetryingFetch } from "../run/useRetryingFetch";
import { RttSizeCompare, ThroughputCompare } from "./CompareCharts";
import { loadFigures } from "./compareData";
import { ModelCompare, RtpCompare, StatisticsCompare } from "./CompareTables";
import type { PointParam } from "./pairing";
import { StepsCompare } from "./StepsCompare";

/** `differsBy`: the point parameters the runs are compared by; the per-point sections pair points on the rest. */
export function CompareFigures({ A, B, differsBy }: { A: Run; B: Run; differsBy: PointParam[] }) {
  const q = useRetryingFetch((t) => Promise.all([loadFigures(A, t), loadFigures(B, t)]), `cmp-fig-${A.id}-${B.id}-${A.status}-${B.status}`);
  if (q.error) {
    return <Panel title="Figures"><div className="panel-pad"><ErrorBox title="Could not load the runs' analyses" onRetry={q.retry}>{q.error}</ErrorBox></div></Panel>;
  }
  if (!q.data) return <Panel title="Figures"><Loading label={loadingLabel("both runs' analyses", q.attempt)} /></Panel>;
  const [fa, fb] = q.data;
  return (
    <div data-testid="compare-figures">
      <StepsCompare A={fa} B={fb} differsBy={differsBy} />
      <RtpCompare A={fa} B={fb} differsBy={differsBy} />
      <RttSizeCompare A={fa} B={fb} />
      <ThroughputCompare A={fa} B={fb} />
      <ModelCompare A={fa} B={fb} />
      <StatisticsCompare A={fa} B={fb} differsBy={differsBy} />
    </div>
  );
}
