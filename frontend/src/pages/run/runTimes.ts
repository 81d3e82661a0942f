// What the run page's header says about when a run ran, in every state: never a bare dash.
import type { Run } from "../../api/types";
import { formatDateTime, formatDurationBetween } from "../../format";

/** A run's time in words: queued, starting, running for, took; `now` in ms since the epoch. A running run
 * without its start time (a progress event from a backend that did not send it) is "starting…", not "—". */
export function runTimes(run: Pick<Run, "status" | "created_at" | "started_at" | "finished_at">, now: number): string {
  const started = run.started_at;
  switch (run.status) {
    case "queued":
      return `queued ${formatDateTime(run.created_at)} · waiting for the server agent to listen`;
    case "running":
      return started
        ? `started ${formatDateTime(started)} · running for ${formatDurationBetween(started, null, now)}`
        : "starting… (the server agent is listening, the client's calls begin)";
    default:
      if (!started) return `${run.status} before it started (queued ${formatDateTime(run.created_at)})`;
      return `started ${formatDateTime(started)} · took ${formatDurationBetween(started, run.finished_at, now)}`;
  }
}
