// Synthetic timelines for the timeline's tests, every time chosen by the test.
import type { TimelineData } from "../../api/types";

type Span = readonly [code: number, fromNs: number, toNs: number];

/** Calls numbered from `from`, call i starting at start(c) with rtt(c); each call's steps are spans(c, i) (ns from
 * the call's start, client steps before the server's as the endpoint orders them); thread(c) says whose. */
export function timelineOf(o: {
  n: number;
  from?: number;
  start: (c: number) => number;
  rtt: (c: number) => number;
  thread?: (c: number) => number;
  spans: (c: number) => readonly Span[];
  codes: TimelineData["codes"];
  origin_ns?: number;
}): TimelineData {
  const from = o.from ?? 0;
  const call_no = Array.from({ length: o.n }, (_, i) => from + i);
  const steps = { call_no: [] as number[], code: [] as number[], start_ns: [] as number[], end_ns: [] as number[] };
  for (const c of call_no) {
    for (const [code, a, b] of o.spans(c)) {
      steps.call_no.push(c);
      steps.code.push(code);
      steps.start_ns.push(o.start(c) + a);
      steps.end_ns.push(o.start(c) + b);
    }
  }
  return {
    unit: "ns", origin_ns: o.origin_ns ?? 0, from_call: from, to_call: from + o.n, total_calls: o.n, next_call: null,
    calls: {
      call_no, flags: call_no.map(() => 0), start_ns: call_no.map(o.start), rtt_ns: call_no.map(o.rtt),
      thread: call_no.map(o.thread ?? (() => 0)), retransmits: call_no.map(() => 0),
    },
    steps,
    codes: o.codes,
  };
}

/** n calls from call `from`, call i starting at i·1000 ns with an RTT of 100 + i ns; c.send the first 10 ns of
 * each, s.recv 20–30 ns in (server lane), c.wait 10 ns to the end; times relative to `origin_ns`. */
export function syntheticTimeline(n: number, from = 0, origin_ns = 5_000_000): TimelineData {
  return timelineOf({
    n, from, origin_ns,
    start: (c) => c * 1000,
    rtt: (c) => 100 + c,
    spans: (c) => [[1, 0, 10], [2, 10, 100 + c], [102, 20, 30]],
    codes: [
      { code: 1, name: "c.send", side: "client", paper: "C8" },
      { code: 2, name: "c.wait", side: "client", paper: "C13–C17" },
      { code: 102, name: "s.recv", side: "server", paper: "S4" },
    ],
  });
}
