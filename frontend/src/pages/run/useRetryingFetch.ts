// A fetch that retries what may pass (no answer in 20 s, a network error, a 5xx) before showing the error.
import { useEffect, useRef, useState } from "react";
import { ApiError, errorMessage, TIMEOUT_STATUS } from "../../api/client";

const RESULTS_TIMEOUT_MS = 20_000;
const RESULTS_ATTEMPTS = 3;

export interface Fetched<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  attempt: number;
  retry: () => void;
}

/**
 * Fetches once `key` is set; a request without an answer within 20 s, a network error or a 5xx is
 * retried (3 attempts, 1 s apart) before the error is shown.
 */
export function useRetryingFetch<T>(fn: (timeoutMs: number) => Promise<T>, key: string): Fetched<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(1);
  const [round, setRound] = useState(0);
  const fnRef = useRef(fn);
  fnRef.current = fn;
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async (n: number) => {
      setAttempt(n);
      setLoading(true);
      setError(null);
      try {
        const d = await fnRef.current(RESULTS_TIMEOUT_MS);
        if (!alive) return;
        setData(d);
        setLoading(false);
      } catch (e) {
        if (!alive) return;
        const retriable = e instanceof ApiError && (e.status === TIMEOUT_STATUS || e.status === 0 || e.status >= 500);
        if (retriable && n < RESULTS_ATTEMPTS) {
          timer = setTimeout(() => void load(n + 1), 1000);
        } else {
          setError(errorMessage(e));
          setLoading(false);
        }
      }
    };
    void load(1);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [key, round]);
  return { data, error, loading, attempt, retry: () => setRound((r) => r + 1) };
}

export function loadingLabel(what: string, attempt: number): string {
  return attempt > 1 ? `Loading ${what}… (attempt ${attempt} of ${RESULTS_ATTEMPTS})` : `Loading ${what}…`;
}
