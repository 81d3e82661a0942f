// Whether a finished run's analyses are stored or still being computed by the analysis worker: GET
// /api/runs/{id}/analyses answers 202 {state: "analysing", done, total} meanwhile (docs/protocol.md). A file of its
// own, apart from the generated API types.
import { requestJson } from "./http";

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

interface IndexBody {
  state?: string;
  done?: number;
  total?: number;
  kinds?: string[];
  error?: string | null;
}

export async function getAnalysesState(id: number | string, timeoutMs = 20_000): Promise<AnalysesState> {
  const body = await requestJson<IndexBody>(`/api/runs/${id}/analyses`, {}, { timeoutMs });
  if (body.state === "analysing") return { state: "analysing", done: body.done ?? 0, total: body.total ?? 0 };
  return { state: "ready", kinds: body.kinds ?? [], error: body.error ?? null };
}
