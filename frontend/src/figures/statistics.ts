// The RTT statistics' one list, in one order and one spelling for every table that shows them: a run's and a
// point's statistics, the compare page and the comparison report.
import type { Stats } from "../api/types";

export type StatKey = keyof Stats | "ci";

export const STATISTICS: { key: StatKey; label: string; title?: string }[] = [
  { key: "count", label: "Count" },
  { key: "mean_ns", label: "Mean" },
  { key: "median_ns", label: "Median" },
  { key: "p90_ns", label: "p90" },
  { key: "p99_ns", label: "p99" },
  { key: "p999_ns", label: "p99.9" },
  { key: "stddev_ns", label: "Std dev" },
  { key: "ci", label: "95% CI of mean", title: "95 % confidence interval of the mean" },
  { key: "min_ns", label: "Min" },
  { key: "max_ns", label: "Max" },
];

/** The list as numbers one can subtract (a comparison's rows): the interval as its two ends. */
export const STATISTIC_VALUES: { key: keyof Stats; label: string }[] = STATISTICS.flatMap((s) => (s.key === "ci"
  ? [{ key: "ci95_low_ns" as const, label: "95% CI low" }, { key: "ci95_high_ns" as const, label: "95% CI high" }]
  : [{ key: s.key, label: s.label }]));
