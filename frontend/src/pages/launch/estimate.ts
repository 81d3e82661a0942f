// The launch form's duration estimate: the backend's (services/run_estimate.py, one model for the form, the run's
// time limit and its live time left) from the link's rate, think time and the emulated hosts, asked for once the
// form is valid and has stood still for a moment.
import { useEffect, useState } from "react";
import { estimateLaunch, type RunEstimate } from "../../api/estimate";
import { toRunCreate, type LaunchForm } from "./validation";

export const ESTIMATE_DEBOUNCE_MS = 250;

/** "≈ 12 s", "≈ 3 min 20 s", "≈ 1 h 05 min". */
export function formatDuration(s: number): string {
  if (!Number.isFinite(s)) return "—";
  if (s < 60) return `≈ ${Math.max(1, Math.round(s))} s`;
  if (s < 3600) {
    const m = Math.floor(s / 60);
    const r = Math.round(s - m * 60);
    return r ? `≈ ${m} min ${r} s` : `≈ ${m} min`;
  }
  const h = Math.floor(s / 3600);
  const m = Math.round((s - h * 3600) / 60);
  return `≈ ${h} h ${String(m).padStart(2, "0")} min`;
}

/** What the estimate accounts for, for its tooltip. */
export function estimateBasis(e: RunEstimate): string {
  const slowest = e.points.reduce((a, p) => (p.seconds > a.seconds ? p : a), e.points[0]);
  const parts = [`link ${e.link_profile}`, `${e.points.length} point${e.points.length === 1 ? "" : "s"}`];
  if (e.points.length > 1 && slowest) parts.push(`slowest point ${formatDuration(slowest.seconds).slice(2)}`);
  return `estimated from the link's rate and delay, think time, emulated hosts and each point's start (${parts.join(
    ", ")}); the run stops if it takes longer than ${formatDuration(e.timeout_s).slice(2)}`;
}

export type LaunchEstimate = { state: "idle" | "loading" | "failed"; estimate: null } | { state: "ready"; estimate: RunEstimate };

/** The backend's estimate of the form as it stands; a newer form aborts the question about an older one. */
export function useLaunchEstimate(form: LaunchForm, valid: boolean): LaunchEstimate {
  const [got, setGot] = useState<LaunchEstimate>({ state: "idle", estimate: null });
  const key = valid ? JSON.stringify(toRunCreate(form)) : "";
  useEffect(() => {
    if (!key) {
      setGot({ state: "idle", estimate: null });
      return;
    }
    const ctrl = new AbortController();
    setGot({ state: "loading", estimate: null });
    const timer = setTimeout(() => {
      estimateLaunch(JSON.parse(key), ctrl.signal)
        .then((estimate) => setGot({ state: "ready", estimate }))
        .catch(() => !ctrl.signal.aborted && setGot({ state: "failed", estimate: null }));
    }, ESTIMATE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [key]);
  return got;
}
