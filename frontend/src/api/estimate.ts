// How long a run will take (backend services/run_estimate.py): POST /api/runs/estimate for a launch body. Seconds,
// each point's in the order the points run. A launched run's time left comes with its progress (run.progress).
import { requestJson } from "./http";
import type { AnyRunCreate } from "./types";

export interface PointEstimate {
  point_no: number;
  /** what the point's first round adds to the run's calls_done, and how long it takes */
  calls: number;
  seconds: number;
  /** RPC points repeat in rounds until their interval meets the CI target: each further round, at most rounds_most */
  round_calls?: number;
  round_seconds?: number;
  rounds_most?: number;
}

export interface RunEstimate {
  /** every point one round */
  seconds: number;
  /** every point max_rounds (the run's limit is made from this) */
  seconds_most: number;
  /** jobs handed out, server ready, last upload: before and after the points */
  start_s: number;
  points: PointEstimate[];
  timeout_s: number;
  link_profile: string;
}

export function estimateLaunch(body: AnyRunCreate, signal?: AbortSignal): Promise<RunEstimate> {
  return requestJson<RunEstimate>("/api/runs/estimate", { method: "POST", signal, body: JSON.stringify(body) });
}
