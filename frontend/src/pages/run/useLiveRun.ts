// Follows a run while it goes: its server-sent events, or polling every second when the stream fails.
import { useEffect, useRef, useState } from "react";
import { ApiError, getRun, runEventsUrl } from "../../api/client";
import { isTerminal, type ProgressEvent, type Run } from "../../api/types";
import type { CallsEvent } from "../../charts/liveRtt/transform";

export type LiveMode = "sse" | "polling" | null;

/** Follows a run: server-sent events, falling back to polling GET /api/runs/{id} every second.
 * `onCalls` receives the stream's `calls` events (live RTT of each ingested batch). */
export function useLiveRun(id: string, onCalls?: (ev: CallsEvent) => void) {
  const [run, setRun] = useState<Run | null>(null);
  const onCallsRef = useRef(onCalls);
  onCallsRef.current = onCalls;
  const [error, setError] = useState<ApiError | Error | null>(null);
  const [mode, setMode] = useState<LiveMode>(null);

  useEffect(() => {
    let alive = true;
    setRun(null);
    setError(null);
    getRun(id)
      .then((r) => alive && setRun(r))
      .catch((e) => alive && setError(e instanceof Error ? e : new Error(String(e))));
    return () => {
      alive = false;
    };
  }, [id]);

  const loaded = run !== null;
  const terminal = run ? isTerminal(run.status) : false;

  useEffect(() => {
    if (!loaded || terminal) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let es: EventSource | null = null;

    const poll = async () => {
      try {
        const r = await getRun(id);
        if (stopped) return;
        setRun(r);
        if (isTerminal(r.status)) return;
      } catch {
        /* keep trying: the backend may be restarting */
      }
      if (!stopped) timer = setTimeout(poll, 1000);
    };
    const startPolling = () => {
      if (stopped) return;
      setMode("polling");
      timer = setTimeout(poll, 0);
    };

    if (typeof EventSource === "undefined") {
      startPolling();
    } else {
      es = new EventSource(runEventsUrl(id));
      setMode("sse");
      es.addEventListener("progress", (ev) => {
        let d: ProgressEvent;
        try {
          d = JSON.parse((ev as MessageEvent<string>).data) as ProgressEvent;
        } catch {
          return;
        }
        if (stopped) return;
        setRun((r) => (r ? { ...r, ...d } : r));
        if (isTerminal(d.status)) es?.close();
      });
      es.addEventListener("calls", (ev) => {
        try {
          if (!stopped) onCallsRef.current?.(JSON.parse((ev as MessageEvent<string>).data) as CallsEvent);
        } catch {
          /* a malformed event is skipped; the next one carries on */
        }
      });
      es.onerror = () => {
        es?.close();
        es = null;
        startPolling();
      };
    }
    return () => {
      stopped = true;
      es?.close();
      clearTimeout(timer);
      setMode(null);
    };
  }, [id, loaded, terminal]);

  // Once finished: reload the run for its final times (an event carries only the progress fields).
  useEffect(() => {
    if (!terminal) return;
    let alive = true;
    getRun(id)
      .then((r) => alive && setRun(r))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [id, terminal]);

  return { run, setRun, error, mode, terminal };
}
