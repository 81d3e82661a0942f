// Whether a finished run's analyses are stored or still being computed by the analysis worker: GET
// /api/runs/{id}/analyses answers 202 {state: "analysing", done, total} meanwhile (docs/protocol.md). A file of its
// own: api/types.ts is left to the generated names.
import { GET } from "./call";
import type { components } from "./schema.generated";

/** The worker is on the run (or the run waits its turn: done 0): `done` of `total` analyses stored. */
export interface AnalysesProgress {
  state: "analysing";
  done: number;
  total: number;
}

/** Stored (the 200 index, which has no `state`): the kinds there are, or why there are none. */
export interface AnalysesReady {
  state: "ready";
  kinds: string[];
  error: string | null;
}

export type AnalysesState = AnalysesProgress | AnalysesReady;

/** The 200 index, or the 202 the backend answers while the worker computes the analyses. */
type IndexBody = components["schemas"]["AnalysisIndex"] | components["schemas"]["AnalysesProgress"];

export async function getAnalysesState(id: number | string, timeoutMs = 20_000): Promise<AnalysesState> {
  const body = (await GET("/api/runs/{run_id}/analyses", { path: { run_id: Number(id) } }, { timeoutMs })) as IndexBody;
  if ("state" in body && body.state === "analysing") return { state: "analysing", done: body.done, total: body.total };
  return { state: "ready", kinds: body.kinds, error: body.error ?? null };
}
