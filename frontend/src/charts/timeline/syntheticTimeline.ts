// A synthetic timeline for the timeline's tests: n calls 1 µs apart, three steps each, every time chosen here.
import type { TimelineData } from "../../api/types";

/** n calls from call `from`, call i starting at i·1000 ns with an RTT of 100 + i ns; c.send the first 10 ns of
 * each, s.recv 20–30 ns in (server lane), c.wait 10 ns to the end; times relative to `origin_ns`. */
export function syntheticTimeline(n: number, from = 0, origin_ns = 5_000_000): TimelineData {
  const call_no = Array.from({ length: n }, (_, i) => from + i);
  const start = call_no.map((c) => c * 1000);
  const rtt = call_no.map((c) => 100 + c);
  const steps = { call_no: [] as number[], code: [] as number[], start_ns: [] as number[], end_ns: [] as number[] };
  call_no.forEach((c, i) => {
    // client steps first, then the server's, as the endpoint orders them (call_no, start) per side
    for (const [code, a, b] of [[1, 0, 10], [2, 10, rtt[i]], [102, 20, 30]] as const) {
      steps.call_no.push(c);
      steps.code.push(code);
      steps.start_ns.push(start[i] + a);
      steps.end_ns.push(start[i] + b);
    }
  });
  return {
    unit: "ns", origin_ns, from_call: from, to_call: from + n, total_calls: n, next_call: null,
    calls: { call_no, flags: call_no.map(() => 0), start_ns: start, rtt_ns: rtt, thread: call_no.map(() => 0), retransmits: call_no.map(() => 0) },
    steps,
    codes: [
      { code: 1, name: "c.send", side: "client", paper: "C8" },
      { code: 2, name: "c.wait", side: "client", paper: "C13–C17" },
      { code: 102, name: "s.recv", side: "server", paper: "S4" },
    ],
  };
}
