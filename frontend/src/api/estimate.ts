// How long a run will take (backend services/run_estimate.py): POST /api/runs/estimate for a launch body. Seconds,
// each point's in the order the points run. A launched run's time left comes with its progress (run.progress).
import { POST, type Schema } from "./call";
import type { AnyRunCreate } from "./types";

/** One point's first round (calls, seconds) and, for RPC points that repeat until their CI target, each further round. */
export type PointEstimate = Schema<"PointEstimate">;
/** Every point one round (`seconds`), every point its most rounds (`seconds_most`), the start and end around them. */
export type RunEstimate = Schema<"RunEstimate">;

export const estimateLaunch = (body: AnyRunCreate, signal?: AbortSignal): Promise<RunEstimate> =>
  POST("/api/runs/estimate", { body, signal });
