// The shape of one figure's declaration in the registry (figures/registry.tsx): what each of the four views takes from it.
import type { ReactNode } from "react";
import type { Run } from "../api/types";
import type { PointParam } from "../pages/compare/pairing";
import type { RunReport } from "../pages/report/useRunReport";
import type { SideFigures } from "./compareData";
import type { FigureDataKey } from "./data";

/** A tab of the run page. Several figures may share one (the Results tab draws RTT per call, the histogram …). */
export interface RunTab {
  /** its `?tab=` in the URL (the first tab has none) and `data-testid="tab-<id>"` */
  id: string;
  label: string;
  /** the tab's body for a finished run; `id` is the run id as the URL spells it */
  render: (p: { run: Run; id: string }) => ReactNode;
}

/** The figure's section in a run's report (and so its PDF). */
export interface ReportSection {
  /** the section's anchor and the key of its page number in the contents */
  id: string;
  render: (report: RunReport) => ReactNode;
}

/** The figure's section on the compare page, drawn from both runs' stored analyses (figures/compareData.ts). */
export interface CompareSection {
  /** where it sits among the compare page's figure sections: lower first */
  order: number;
  render: (p: { A: SideFigures; B: SideFigures; differsBy: PointParam[] }) => ReactNode;
}

/** The figure's section in the comparison report of two runs. */
export interface CompareReportSection {
  id: string;
  title: string;
  /** where it sits among the comparison report's figure sections: lower first */
  order: number;
  /** the registry tables (table.json) it puts side by side; the report loads them for both runs */
  tables?: string[];
  render: (a: RunReport, b: RunReport) => ReactNode;
}

/** One figure, declared once: every view that shows it reads this. */
export interface FigureDef {
  /** unique among the figures */
  id: string;
  /** its title in the run's report */
  title: string;
  /** the data it reads (figures/data.ts FIGURE_DATA), beyond the run, its summary and calls every view has */
  data: FigureDataKey[];
  /** the run-page tab it appears in */
  tab: RunTab;
  report: ReportSection | null;
  compare: CompareSection | null;
  compareReport: CompareReportSection | null;
}
