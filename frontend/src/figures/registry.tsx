// The figure registry: every figure declared once (its tab, data, report, compare and comparison-report sections); the four views iterate it.
//
// The run page draws RUN_TABS (the figures' tabs, in the order they first appear below), the run report prints the
// figures' report sections in this order (the sweep's own figure first: reportSections.figureSections), the compare
// page and the comparison report their sections by `order`. A view hand-lists only its own frame around them (the
// report's setup and appendix, the compare page's parameters and run-wide tables). docs/development.md: "Add a figure".
import "../styles/stepPathStats.css"; // the Steps, Round trip path and Statistics tabs' styles
import { RttHistogramChart } from "../charts/rttHistogram/RttHistogramChart";
import { measuredRtts } from "../charts/rttHistogram/transform";
import { RttPerCallChart } from "../charts/rttPerCall/RttPerCallChart";
import { Panel } from "../components/States";
import { RttSizeCompare, ThroughputCompare } from "../pages/compare/CompareCharts";
import { ModelCompare, RtpCompare, StatisticsCompare } from "../pages/compare/CompareTables";
import { StepsCompare } from "../pages/compare/StepsCompare";
import { CompareHistograms, ComparePerCall, CompareTable, RttSizeOverlay, SideBySide, ThroughputOverlay } from "../pages/report/compareSections";
import { ModelFigure, RttSizeFigure, ThroughputFigure, TimelineFigure } from "../pages/report/curveFigures";
import { CHART_HEIGHT, CHART_WIDTH, Figure } from "../pages/report/FigureParts";
import { RtpFigure, StatisticsFigure, StepsFigure } from "../pages/report/pathFigures";
import { labelOf } from "../pages/report/summary";
import { LoadFigure, TailsFigure } from "../pages/report/tailFigures";
import type { RunReport } from "../pages/report/useRunReport";
import { ModelTab } from "../pages/run/ModelTab";
import { PrecisionSection } from "../pages/run/NoiseFloor";
import { Results } from "../pages/run/Results";
import { RtpTab } from "../pages/run/RtpTab";
import { RttSizeTab } from "../pages/run/RttSizeTab";
import { StatisticsTab } from "../pages/run/StatisticsTab";
import { StepsTab } from "../pages/run/StepsTab";
import { LoadTab } from "../pages/run/LoadTab";
import { ThroughputTab } from "../pages/run/ThroughputTab";
import { TimelineTab } from "../pages/run/TimelineTab";
import { compareSteps } from "./compare";
import type { CompareReportSection, CompareSection, FigureDef, RunTab } from "./figureTypes";

/** The Results tab: the run's statistics, RTT per call, histogram, distributions and points (precision first). */
const RESULTS_TAB: RunTab = {
  id: "results",
  label: "Results",
  render: ({ run }) => (
    <>
      {run.precision && (
        <Panel title="Precision" actions={<span className="muted small">noise floor and rounds per point</span>}>
          <PrecisionSection run={run} />
        </Panel>
      )}
      <Results run={run} />
    </>
  ),
};

function rttMarkers(r: RunReport) {
  const rtt = r.summary.rtt;
  return rtt ? [{ label: "p50", ns: rtt.median_ns }, { label: "p99", ns: rtt.p99_ns }] : undefined;
}

/** Every figure, in the run page's tab order (which is also the run report's order of figures). */
export const FIGURES: FigureDef[] = [
  {
    id: "per-call", title: "RTT per call", data: [], tab: RESULTS_TAB,
    report: { id: "per-call", render: (r) => <Figure><RttPerCallChart calls={r.calls} width={CHART_WIDTH} height={CHART_HEIGHT} /></Figure> },
    compare: null,
    compareReport: { id: "per-call", title: "RTT per call", order: 20, render: (a, b) => <ComparePerCall a={a} b={b} /> },
  },
  {
    id: "histogram", title: "RTT histogram", data: [], tab: RESULTS_TAB,
    report: { id: "histogram", render: (r) => <Figure><RttHistogramChart values={measuredRtts(r.calls)} markers={rttMarkers(r)} width={CHART_WIDTH} height={CHART_HEIGHT} /></Figure> },
    compare: null,
    compareReport: { id: "histograms", title: "RTT histograms", order: 10, render: (a, b) => <CompareHistograms a={a} b={b} /> },
  },
  {
    // the Results tab's table of points; on paper only the comparison report has it (the run report's RTT section lists them)
    id: "points", title: "Points", data: [], tab: RESULTS_TAB,
    report: null,
    compare: null,
    compareReport: {
      id: "points", title: "Per-point aggregates", order: 40, tables: ["points"],
      render: (a, b) => <SideBySide a={a} b={b} table="points" keys={["point_no", "request_bytes"]} keyLabel="Point · request" testId="compare-points"
        values={["measured_calls", "rtt_mean_ns", "rtt_median_ns", "rtt_p99_ns"]} headers={["Calls", "Mean", "Median", "p99"]} />,
    },
  },
  {
    // the Results tab's tail panel; on paper every point's percentiles with intervals and its tail sentence
    id: "tails", title: "Tail: percentiles and the step that makes it", data: ["tails"], tab: RESULTS_TAB,
    report: { id: "tails", render: (r) => <TailsFigure value={r.figures.tails} labelOf={labelOf(r)} /> },
    compare: null,
    compareReport: null,
  },
  {
    id: "timeline", title: "Timeline", data: ["timeline"],
    tab: { id: "timeline", label: "Timeline", render: ({ id }) => <TimelineTab id={id} /> },
    report: { id: "timeline", render: (r) => <TimelineFigure value={r.figures.timeline} /> },
    compare: null,
    compareReport: null,
  },
  {
    id: "steps", title: "Steps", data: ["stepStats", "rtp"],
    tab: { id: "steps", label: "Steps", render: ({ run }) => <StepsTab run={run} /> },
    report: { id: "step-ladder", render: (r) => <StepsFigure run={r.run} stepStats={r.figures.stepStats} rtp={r.figures.rtp} /> },
    compare: { order: 10, render: (p) => <StepsCompare {...p} /> },
    compareReport: { id: "steps", title: "Step means compared", order: 30, render: (a, b) => <CompareTable rows={compareSteps(a.summary, b.summary)} testId="compare-steps" /> },
  },
  {
    id: "rtp", title: "Round trip path", data: ["rtp"],
    tab: { id: "rtp", label: "Round trip path", render: ({ run }) => <RtpTab run={run} /> },
    report: { id: "rtp-figure", render: (r) => <RtpFigure run={r.run} rtp={r.figures.rtp} /> },
    compare: { order: 20, render: (p) => <RtpCompare {...p} /> },
    compareReport: {
      id: "rtp", title: "Round trip path: calculated vs measured", order: 50, tables: ["rtp"],
      render: (a, b) => <SideBySide a={a} b={b} table="rtp" keys={["point_no", "request_bytes"]} keyLabel="Point · request" testId="compare-rtp"
        values={["calculated_rtt_ns", "measured_rtt_ns", "error_pct"]} headers={["Calculated", "Measured", "% error"]} />,
    },
  },
  {
    id: "statistics", title: "Statistics", data: ["ecs", "stepStats"],
    tab: { id: "statistics", label: "Statistics", render: ({ run }) => <StatisticsTab run={run} /> },
    report: { id: "statistics", render: (r) => <StatisticsFigure run={r.run} ecs={r.figures.ecs} stepStats={r.figures.stepStats} /> },
    // last on the compare page: its ratios pair the points the sections above show one pair at a time
    compare: { order: 60, render: (p) => <StatisticsCompare {...p} /> },
    compareReport: null,
  },
  {
    id: "rtt-size", title: "RTT vs size", data: ["rttSize"],
    tab: { id: "rtt-size", label: "RTT vs size", render: ({ run }) => <RttSizeTab run={run} /> },
    report: { id: "rtt-size", render: (r) => <RttSizeFigure run={r.run} value={r.figures.rttSize} /> },
    compare: { order: 30, render: ({ A, B }) => <RttSizeCompare A={A} B={B} /> },
    compareReport: { id: "rtt-size", title: "RTT vs size, both runs", order: 70, render: (a, b) => <RttSizeOverlay a={a} b={b} /> },
  },
  {
    id: "throughput", title: "Throughput vs threads", data: ["throughput"],
    tab: { id: "throughput", label: "Throughput vs threads", render: ({ run }) => <ThroughputTab run={run} /> },
    report: { id: "throughput", render: (r) => <ThroughputFigure run={r.run} value={r.figures.throughput} /> },
    compare: { order: 40, render: ({ A, B }) => <ThroughputCompare A={A} B={B} /> },
    compareReport: { id: "throughput", title: "Throughput vs threads, both runs", order: 80, render: (a, b) => <ThroughputOverlay a={a} b={b} /> },
  },
  {
    id: "load", title: "Latency vs load", data: ["load"],
    tab: { id: "load", label: "Latency vs load", render: ({ run }) => <LoadTab run={run} /> },
    report: { id: "load", render: (r) => <LoadFigure run={r.run} value={r.figures.load} /> },
    compare: null,
    compareReport: null,
  },
  {
    id: "model", title: "Model", data: ["model"],
    tab: { id: "model", label: "Model", render: ({ run }) => <ModelTab run={run} /> },
    report: { id: "model-figure", render: (r) => <ModelFigure run={r.run} value={r.figures.model} /> },
    compare: { order: 50, render: ({ A, B }) => <ModelCompare A={A} B={B} /> },
    compareReport: {
      id: "model", title: "Model vs measured", order: 60, tables: ["model"],
      render: (a, b) => <SideBySide a={a} b={b} table="model" keys={["label", "threads", "think_time_us"]} keyLabel="Size · threads · think" testId="compare-model"
        values={["model_rtt_ns", "measured_rtt_ns", "error_pct"]} headers={["Model", "Measured", "% error"]} />,
    },
  },
];

/** The run page's tabs: each figure's tab once, in the order the figures first name it. */
export const RUN_TABS: RunTab[] = FIGURES.map((f) => f.tab).filter((t, i, all) => all.findIndex((u) => u.id === t.id) === i);

const byOrder = <T extends { order: number }>(xs: T[]) => [...xs].sort((x, y) => x.order - y.order);

/** The compare page's figure sections, in their order, each with its figure's id. */
export const COMPARE_SECTIONS: (CompareSection & { id: string })[] =
  byOrder(FIGURES.flatMap((f) => (f.compare ? [{ ...f.compare, id: f.id }] : [])));

/** The comparison report's figure sections, in their order. */
export const COMPARE_REPORT_SECTIONS: CompareReportSection[] = byOrder(FIGURES.flatMap((f) => (f.compareReport ? [f.compareReport] : [])));

/** The registry tables the comparison report's sections put side by side, in section order, each once. */
export const COMPARE_REPORT_TABLES: string[] = [...new Set(COMPARE_REPORT_SECTIONS.flatMap((s) => s.tables ?? []))];
