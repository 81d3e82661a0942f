import type { Run } from "../../api/types";
import "../../styles/stepPathStats.css";
import { RtpTab } from "./RtpTab";
import { StatisticsTab } from "./StatisticsTab";
import { StepsTab } from "./StepsTab";

/** The Steps, Round trip path and Statistics tabs of the run page (one import and one line in RunPage). */
export const STEP_PATH_STATS_TABS = [
  { id: "steps", label: "Steps" },
  { id: "rtp", label: "Round trip path" },
  { id: "statistics", label: "Statistics" },
];

export function StepPathStatsTab({ tab, run }: { tab: string; run: Run }) {
  if (tab === "steps") return <StepsTab run={run} />;
  if (tab === "rtp") return <RtpTab run={run} />;
  if (tab === "statistics") return <StatisticsTab run={run} />;
  return null;
}
