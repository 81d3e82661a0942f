// The live RTT series of a running run: stream events batched into one render per 150 ms, or polled from GET live-calls
// every second when the event stream is not available.
import { useCallback, useEffect, useRef, useState } from "react";
import { getLiveCalls } from "../../api/client";
import { emptySeries, mergeEvents, type CallsEvent, type LiveSeries } from "./transform";

const POLL_MS = 1000;
const FLUSH_MS = 150;

/**
 * The live RTT series of one run. `onCalls` takes the `calls` events of the run's event stream; they are
 * queued and merged at most every 150 ms, so a burst of batches (one per caller thread) costs one render.
 */
export function useLiveSeries(id: string) {
  const [series, setSeries] = useState<LiveSeries>(emptySeries);
  const queue = useRef<CallsEvent[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastId = useRef(0);

  useEffect(() => {
    setSeries(emptySeries());
    queue.current = [];
    lastId.current = 0;
  }, [id]);

  const flush = useCallback(() => {
    timer.current = undefined;
    const events = queue.current;
    queue.current = [];
    if (events.length) setSeries((s) => mergeEvents(s, events));
  }, []);

  const onCalls = useCallback(
    (ev: CallsEvent) => {
      queue.current.push(ev);
      lastId.current = Math.max(lastId.current, ev.id);
      if (timer.current === undefined) timer.current = setTimeout(flush, FLUSH_MS);
    },
    [flush],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  return { series, onCalls, lastId };
}

/** Without server-sent events: fetches the same `calls` events from GET /api/runs/{id}/live-calls every second. */
export function usePollLiveCalls(id: string, active: boolean, feed: { onCalls: (ev: CallsEvent) => void;
  lastId: { current: number } }) {
  const { onCalls, lastId } = feed;
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let next: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const got = await getLiveCalls(id, lastId.current);
        if (stopped) return;
        got.events.forEach(onCalls);
      } catch {
        /* the progress poll reports an unreachable backend; keep trying */
      }
      if (!stopped) next = setTimeout(poll, POLL_MS);
    };
    next = setTimeout(poll, 0);
    return () => {
      stopped = true;
      clearTimeout(next);
    };
  }, [id, active, onCalls, lastId]);
}
