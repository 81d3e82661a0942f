// The tests' stand-in backend: a fake fetch routing requests to handlers, a fake EventSource, and run fixtures.
import { vi } from "vitest";

export interface FakeCall {
  method: string;
  url: string;
  body: unknown;
  headers: Headers; // as sent (the CSRF header among them)
  credentials?: RequestCredentials;
}

type Handler = (call: FakeCall) => { status?: number; body: unknown; headers?: Record<string, string> } | undefined;

/** Replaces global fetch with a router over `handlers` (first match wins); records every call. */
export function installFakeFetch(handlers: Handler[]) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input.toString();
    const call: FakeCall = {
      method: (init?.method ?? "GET").toUpperCase(),
      url,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      headers: new Headers(init?.headers),
      credentials: init?.credentials,
    };
    calls.push(call);
    for (const h of handlers) {
      const r = h(call);
      if (r) {
        const status = r.status ?? 200;
        return new Response(status === 204 ? null : JSON.stringify(r.body), {
          status,
          headers: { "Content-Type": "application/json", ...r.headers },
        });
      }
    }
    return new Response(JSON.stringify({ detail: "Not Found" }), { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock };
}

export const agentsFixture = [
  {
    id: 1, name: "local-a", host: "box", address: "127.0.0.1", version: "0.1.0", status: "online",
    last_seen_at: new Date().toISOString(), enrolled_at: new Date().toISOString(), clock_id: 1,
    capabilities: { transports: ["tcp", "udp"] },
  },
  {
    id: 2, name: "local-b", host: "box", address: "127.0.0.1", version: "0.1.0", status: "online",
    last_seen_at: new Date().toISOString(), enrolled_at: new Date().toISOString(), clock_id: 1,
    capabilities: {},
  },
  {
    id: 3, name: "gone", host: "old", address: "10.0.0.9", version: "0.0.9", status: "offline",
    last_seen_at: "2020-01-01T00:00:00Z", enrolled_at: "2020-01-01T00:00:00Z", clock_id: 1, capabilities: {},
  },
];

export function runFixture(over: Record<string, unknown> = {}) {
  return {
    id: 42, kind: "pingpong", name: "baseline", tags: [], status: "running", reason: null,
    params: { transport: "tcp", request_bytes: 64, response_bytes: 64, calls: 1000, warmup_calls: 10 },
    client_agent: { id: 1, name: "local-a" }, server_agent: { id: 2, name: "local-b" },
    created_at: "2024-05-01T10:00:00Z", started_at: "2024-05-01T10:00:01Z", finished_at: null,
    calls_done: 250, calls_total: 1010,
    ...over,
  };
}

/** Minimal EventSource stand-in: tests push events with emit() and errors with fail(). */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  url: string;
  closed = false;
  onerror: ((ev: Event) => void) | null = null;
  private listeners: Record<string, ((ev: MessageEvent) => void)[]> = {};

  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, fn: (ev: MessageEvent) => void) {
    (this.listeners[type] ??= []).push(fn);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    for (const fn of this.listeners[type] ?? []) fn(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  fail() {
    this.onerror?.(new Event("error"));
  }
}

export const summaryFixture = {
  unit: "ns",
  first_call: { call_no: 10, rtt_ns: 123_400 },
  rtt: {
    count: 999, mean_ns: 21_500, median_ns: 20_100, p90_ns: 25_000, p99_ns: 40_200, p999_ns: 90_000,
    stddev_ns: 3_100, ci95_low_ns: 21_300, ci95_high_ns: 21_700, min_ns: 15_000, max_ns: 1_250_000,
  },
  warmup_calls: 10,
  error_calls: 0,
  // each point on its own (a ping-pong has one): the Results page reads these
  points: [{
    point_no: 0, calls: 1010, counts: { measured: 999, first: 1, warmup: 10, error: 0 },
    rtt: {
      count: 999, mean_ns: 21_500, median_ns: 20_100, p90_ns: 25_000, p99_ns: 40_200, p999_ns: 90_000,
      stddev_ns: 3_100, ci95_low_ns: 21_300, ci95_high_ns: 21_700, min_ns: 15_000, max_ns: 1_250_000,
    },
    first_calls: { count: 1, median_ns: 123_400, min_ns: 123_400, max_ns: 123_400 },
    cdf: { rtt_ns: [15_000, 20_100, 25_000, 40_200, 1_250_000], p: [0.001, 0.5, 0.9, 0.99, 1] },
    box: { q1_ns: 18_000, median_ns: 20_100, q3_ns: 22_000, mean_ns: 21_500, whisker_low_ns: 15_000, whisker_high_ns: 28_000,
      outliers_low: 0, outliers_high: 12, outlier_ns: [40_200, 1_250_000] },
  }],
  steps: [
    { code: 1, name: "c.send", side: "client", paper: "C8", stats: { count: 999, mean_ns: 3_000, median_ns: 2_900, p90_ns: 3_500, p99_ns: 5_000, p999_ns: 8_000, stddev_ns: 400, ci95_low_ns: 2_990, ci95_high_ns: 3_010, min_ns: 2_000, max_ns: 9_000 } },
    { code: 101, name: "s.wait", side: "server", paper: "S15, S1–S3", stats: { count: 999, mean_ns: 15_000, median_ns: 14_000, p90_ns: 18_000, p99_ns: 30_000, p999_ns: 60_000, stddev_ns: 2_000, ci95_low_ns: 14_900, ci95_high_ns: 15_100, min_ns: 10_000, max_ns: 70_000 } },
  ],
};

/** A point's RTT statistics of 600 calls around mean (ns), as the step_stats analysis gives them. */
export const rttStatFixture = (mean: number) => ({
  count: 600, mean_ns: mean, median_ns: mean, p90_ns: mean, p99_ns: 2 * mean, stddev_ns: 5, ci95_low_ns: mean - 3, ci95_high_ns: mean + 3,
});

/** GET /api/runs/{id}/analyses/step_stats of the same run: the Results page's steps table per point. */
export const stepStatsFixture = {
  probe_cost_ns: { client: 20, server: 20 }, probe_cost_note: "one clock read subtracted per timed segment",
  points: [{
    point_no: 0, calls: 999, first_call: null,
    rtt: { count: 999, mean_ns: 21_500, median_ns: 20_100, p90_ns: 25_000, p99_ns: 40_200, stddev_ns: 3_100, ci95_low_ns: 21_300, ci95_high_ns: 21_700 },
    steps: summaryFixture.steps.map((st) => ({ ...st, runs_per_call: 1 })),
  }],
};

export function callsFixture(n = 1010, warmup = 10) {
  return {
    call_no: Array.from({ length: n }, (_, i) => i),
    rtt_ns: Array.from({ length: n }, (_, i) => (i === warmup ? 123_400 : 18_000 + ((i * 7919) % 50) * 100)),
    flags: Array.from({ length: n }, (_, i) => (i < warmup ? 1 : i === warmup ? 2 : 0)),
    stride: 1,
    total: n,
  };
}
