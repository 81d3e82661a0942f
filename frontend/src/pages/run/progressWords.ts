// What a running run is doing, in words, from the backend's progress (services/run_progress.py): waiting for the
// agents, probing the noise floor, point i of n in round r; the bar's share of the points' estimated time (not calls
// done out of the most the run may make) and the time left at the run's own pace, rounded as an estimate is.
import type { Run } from "../../api/types";
import { pointWords } from "../../figures/pointWords";
import { kindUnit, runPoints } from "../../kinds";
import { formatCount } from "../../format";

export type RunProgressState = NonNullable<Run["progress"]>;

export interface ProgressWords {
  title: string;
  /** what the point is and what the rounds are for; "" when nothing to add */
  detail: string;
  /** 0-1 */
  share: number;
  /** the bar's text: points or calls done and the share */
  done: string;
  /** "about 40 s left", or null when there is no estimate */
  left: string | null;
}

/** An estimate's time as people say it: "a few seconds", "about 45 s", "about 3 min 20 s", "about 1 h 5 min". */
export function aboutLeft(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return null;
  if (seconds < 10) return "a few seconds left";
  if (seconds < 60) return `about ${Math.round(seconds / 5) * 5} s left`;
  if (seconds < 3600) {
    const s = Math.round(seconds / 10) * 10;
    const m = Math.floor(s / 60);
    return `about ${m} min${s % 60 ? ` ${s % 60} s` : ""} left`;
  }
  const m = Math.round(seconds / 60);
  return `about ${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ""} left`;
}

/** A share of the run done as its bar says it: "17 %", floored and kept within 0-100. */
export const sharePercent = (share: number) => `${Math.floor(Math.min(1, Math.max(0, share)) * 100)} %`;

function roundsWords(run: Run, p: RunProgressState): string {
  const target = Number((run.params as { ci_target_pct?: number }).ci_target_pct ?? 0);
  if (p.max_rounds <= 1 || !(target > 0)) return "";
  return `a point repeats until its mean's 95 % interval is within ${target} % (at most ${p.max_rounds} rounds)`;
}

/** The progress panel's words; a backend without progress (or a test's bare event) falls back to calls done. */
export function progressWords(run: Run): ProgressWords {
  const p = run.progress;
  const calls = `${formatCount(run.calls_done)} / ${formatCount(run.calls_total)} calls`;
  if (!p) {
    const share = run.calls_total > 0 ? run.calls_done / run.calls_total : 0;
    return { title: run.status === "queued" ? "Waiting for the agents…" : "Measuring…", detail: "", share,
      done: `${calls} · ${sharePercent(share)}`, left: null };
  }
  const left = aboutLeft(p.seconds_left);
  if (p.phase === "queued") {
    return { title: "Waiting for the agents…", detail: "the server agent starts listening, then the client connects",
      share: 0, done: "0 %", left: null };
  }
  const points = runPoints(run);
  if (p.phase === "noise_floor") {
    const n = Number((run.params as { noise_floor_calls?: number }).noise_floor_calls ?? 0);
    return { title: "Probing the noise floor", share: 0, left,
      detail: `${formatCount(n)} idle null RPCs before the first point: the lab's own round trip, the floor the points are judged against`,
      done: `0 of ${formatCount(p.points)} point${p.points === 1 ? "" : "s"} · 0 %` };
  }
  if (p.phase === "measuring" && kindUnit(run.kind).sweeps && p.point !== null) {
    const point = points[p.point - 1];
    const round = p.round !== null && p.max_rounds > 1 ? ` · round ${p.round}` : "";
    return {
      title: `Point ${p.point} of ${p.points}${round}`,
      detail: [pointWords(point, points), roundsWords(run, p)].filter(Boolean).join(" — "),
      share: p.share,
      done: `${formatCount(p.points_done)} of ${formatCount(p.points)} points done · ${sharePercent(p.share)} · ${formatCount(run.calls_done)} calls stored`,
      left,
    };
  }
  if (p.phase === "measuring") return { title: "Measuring…", detail: "", share: p.share, done: `${calls} · ${sharePercent(p.share)}`, left };
  const finished = { done: "Completed", failed: "Stopped: failed", cancelled: "Stopped: cancelled" } as const;
  return { title: finished[p.phase as keyof typeof finished] ?? "Measuring…", detail: "", share: p.share,
    done: `${calls} · ${sharePercent(p.share)}`, left: null };
}
