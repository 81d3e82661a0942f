// The timeline's threads mode: a track per thread, client and server lanes, request and reply arrows, the RTT filter
// and the opening view.
import { describe, expect, it } from "vitest";
import type { TimelineData } from "../../api/types";
import { selectionStats } from "./selection";
import { buildThreadLayout, callOfSpan, callsInWindow, threadsInitialView, visibleArrows } from "./threads";
import { timelineOf } from "./syntheticTimeline";
import { fitView, OPENING_CALLS } from "./transform";

/** n calls by threads 0 and 1 in turn, call i at i·500 ns with an RTT of 1,000 ns (the two threads overlap): the
 * client's c.send (0–100 ns) and c.wait (100–1,000), the server's s.idle begun before the call (−300–200),
 * s.recv (200–400) and s.send (400–700). */
function data(n: number): TimelineData {
  return timelineOf({
    n,
    start: (c) => c * 500,
    rtt: () => 1000,
    thread: (c) => c % 2,
    spans: () => [[1, 0, 100], [2, 100, 1000], [101, -300, 200], [102, 200, 400], [103, 400, 700]],
    codes: [
      { code: 1, name: "c.send", side: "client", paper: "" }, { code: 2, name: "c.wait", side: "client", paper: "" },
      { code: 101, name: "s.idle", side: "server", paper: "" }, { code: 102, name: "s.recv", side: "server", paper: "" },
      { code: 103, name: "s.send", side: "server", paper: "" },
    ],
  });
}

describe("threads layout", () => {
  it("puts each thread's calls on its own track, client steps in lane 0 and the server's beside them in lane 1", () => {
    const l = buildThreadLayout(data(10), {});
    expect(l.mode).toBe("threads");
    expect(l.rows).toBe(2);
    expect(Array.from(l.rowCall)).toEqual([0, 1]); // thread ids
    expect(Array.from(l.spanStart)).toEqual([0, 25, 50]);
    for (let j = l.spanStart[1]; j < l.spanStart[2]; j++) expect(l.threads.callNo[callOfSpan(l, j)] % 2).toBe(1);
    const lanes = (row: number) => new Set(Array.from(l.lane.slice(l.spanStart[row], l.spanStart[row + 1])));
    expect(lanes(0)).toEqual(new Set([0, 1]));
    // the idle wait of call 0 reaches 300 ns before it: kept (under one median RTT)
    expect(l.extent).toEqual([-300, 9 * 500 + 1000]);
  });

  it("points an arrow from the client to where the request reaches the server, and one back from where the reply leaves", () => {
    const l = buildThreadLayout(data(10), {});
    const k = Array.from(l.threads.callNo).indexOf(3);
    // s.idle began before the call and does not count: the request arrives at s.recv's start, the reply leaves at s.send's end
    expect([l.threads.sendNs[k], l.threads.arriveNs[k], l.threads.departNs[k], l.threads.backNs[k]]).toEqual([1500, 1700, 2200, 2500]);
    const arrows = visibleArrows(l, 1500, 2500);
    // calls 1–5 touch [1500, 2500] (call 1 ends at 1500, call 5 starts at 2500): two arrows each, on their thread's track
    expect(arrows).toHaveLength(10);
    expect(arrows.filter((a) => !a.back).map((a) => a.row)).toEqual([1, 0, 1, 0, 1]);
    expect(visibleArrows(l, 0, 10_000, 4)).toEqual([]); // too many calls to draw arrows for
  });

  it("keeps the RTT filter, opens on the run's first calls on every track, and selects the calls of a range", () => {
    expect(buildThreadLayout(data(10), { maxRttNs: 999 }).rows).toBe(0);
    const big = buildThreadLayout(data(200), {});
    const v = threadsInitialView(big);
    expect([v.r0, v.r1]).toEqual([0, 2]);
    // the first OPENING_CALLS calls: the last of them ends at (12 − 1)·500 + 1000 ns
    const end = (OPENING_CALLS - 1) * 500 + 1000;
    // and the two begun before the last one ended (the threads overlap); not the whole run
    expect(callsInWindow(big, v.t0, v.t1)).toBe(OPENING_CALLS + 2);
    expect(v.t1).toBeGreaterThanOrEqual(end);
    expect(v.t1).toBeLessThan(end * 1.1);
    const small = buildThreadLayout(data(OPENING_CALLS), {});
    expect(threadsInitialView(small)).toEqual(fitView(small));
    // a range's statistics count the tracks' calls, not the tracks
    expect(selectionStats(big, 0, 2000).calls?.count).toBe(3); // calls 0, 1, 2 end by 2,000 ns
  });
});
