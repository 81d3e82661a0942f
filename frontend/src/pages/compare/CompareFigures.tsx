// The per-figure sections of the compare page (the registry's compare sections), loaded together for both runs (one request per stored kind).
import { Fragment } from "react";
import "../../styles/compare.css";
import type { Run } from "../../api/types";
import { ErrorBox, Loading, Panel } from "../../components/States";
import { loadFigures } from "../../figures/compareData";
import { COMPARE_SECTIONS } from "../../figures/registry";
import { loadingLabel, useRetryingFetch } from "../run/useRetryingFetch";
import type { PointParam } from "./pairing";

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
      {COMPARE_SECTIONS.map((s) => <Fragment key={s.id}>{s.render({ A: fa, B: fb, differsBy })}</Fragment>)}
    </div>
  );
}
