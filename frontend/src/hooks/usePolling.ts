// Data that refreshes itself: a fetch repeated every interval, keeping the last good answer beside an error; and a
// clock that ticks for relative times ("3 s ago").
import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "../api/client";

export interface PollState<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
  refresh: () => void;
}

/**
 * Calls `fn` now and then every `intervalMs` (after the previous call settled) until unmount or a
 * change of `key`. Keeps the last good data when a later call fails (the error is reported beside it).
 */
export function usePolling<T>(fn: () => Promise<T>, intervalMs: number, key: string = ""): PollState<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const kick = useRef<() => void>(() => undefined);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setLoading(true);
    const tick = async () => {
      clearTimeout(timer);
      try {
        const d = await fnRef.current();
        if (cancelled) return;
        setData(d);
        setError(null);
      } catch (e) {
        if (cancelled) return;
        setError(errorMessage(e));
      } finally {
        if (!cancelled) {
          setLoading(false);
          if (intervalMs > 0) timer = setTimeout(tick, intervalMs);
        }
      }
    };
    kick.current = () => void tick();
    void tick();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [key, intervalMs]);

  const refresh = useCallback(() => kick.current(), []);
  return { data, error, loading, refresh };
}

/** Re-renders every `ms` (for relative times). */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}
