// RTT per point of any number of runs on one chart: the runs' points lined up by pairRuns (under the chosen
// "differs by"), one series per run, x = the matched point's place in the line-up.
import type { PointWordsParams } from "../../figures/pointWords";
import { differenceWords, pairRuns, type PointMatch, type PointParam } from "./pairing";

export interface PointRtt {
  point_no: number;
  mean_ns: number;
  ci95_low_ns: number;
  ci95_high_ns: number;
}

export interface OverlayRun {
  name: string; // "A", "B", "C" …
  points: PointWordsParams[]; // the run's points (params)
  rtt: PointRtt[]; // the points it measured
}

export interface OverlayPoint {
  x: number;
  y: number; // µs
  lo: number;
  hi: number;
}

export interface Overlay {
  /** x = index + 1; each with the shared parameters and what differs between the runs */
  matches: (PointMatch & { x: number; differs: string })[];
  series: { name: string; points: OverlayPoint[] }[];
  unpaired: number;
}

const us = (ns: number) => ns / 1e3;

export function rttOverlay(runs: OverlayRun[], differsBy: PointParam[]): Overlay {
  // only the points each run measured take part
  const measured = runs.map((r) => r.points.filter((p) => r.rtt.some((q) => q.point_no === p.point_no)));
  const pairing = pairRuns(measured, differsBy);
  const matches = pairing.matches.map((m, i) => ({ ...m, x: i + 1, differs: differenceWords(m, measured, differsBy) }));
  const series = runs.map((r, ri) => ({
    name: r.name,
    points: matches.flatMap((m) => {
      const n = m.points[ri];
      const s = n === null ? undefined : r.rtt.find((q) => q.point_no === n);
      // a CI bound below zero says nothing about a time: clamp to 0
      return s ? [{ x: m.x, y: us(s.mean_ns), lo: us(Math.max(0, s.ci95_low_ns)), hi: us(s.ci95_high_ns) }] : [];
    }),
  }));
  return { matches, series, unpaired: pairing.unpaired.length };
}
