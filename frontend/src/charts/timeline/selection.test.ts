// A selected timeline range's statistics: the calls and steps wholly inside, mean, p50 and p99, real time and aligned.
import { describe, expect, it } from "vitest";
import { selectionStats } from "./selection";
import { syntheticTimeline } from "./syntheticTimeline";
import { buildLayout } from "./transform";

const data = (n: number) => syntheticTimeline(n, 0, 0);

describe("selection statistics", () => {
  it("counts the calls and steps wholly inside a real-time range, with mean, p50 and p99", () => {
    const l = buildLayout(data(100), { mode: "real" });
    // from call 10's start to call 19's end: calls 10–19 (RTT 110–119), call 20 starts at 20,000 and is left out
    const s = selectionStats(l, 19_119, 10_000);
    expect([s.t0, s.t1]).toEqual([10_000, 19_119]);
    expect(s.calls).toEqual({ count: 10, meanNs: 114.5, p50Ns: 114.5, p99Ns: 118.91 });
    expect(s.steps.map((x) => [x.name, x.count])).toEqual([["c.wait", 10], ["c.send", 10], ["s.recv", 10]]);
    const wait = s.steps[0];
    expect(wait.meanNs).toBeCloseTo(104.5, 9); // 100 … 109 ns
    expect(wait.totalNs).toBeCloseTo(1045, 9);
    // a range that cuts call 10 in half keeps its first steps but not the call
    const cut = selectionStats(l, 10_015, 11_200);
    expect(cut.calls?.count).toBe(1); // call 11 only
    expect(cut.steps.find((x) => x.name === "s.recv")?.count).toBe(2); // 10's (20–30 ns in) and 11's
  });

  it("aligned: times from each call's start, over every row; hidden steps are left out; nothing inside is null", () => {
    const l = buildLayout(data(100), { mode: "aligned" });
    const s = selectionStats(l, 0, 150);
    expect(s.calls?.count).toBe(51); // RTT 100 … 150
    expect(s.steps.find((x) => x.name === "s.recv")?.count).toBe(100);
    const hidden = Uint8Array.from(l.codes, (c) => (c.name === "s.recv" ? 1 : 0));
    expect(selectionStats(l, 0, 150, hidden).steps.map((x) => x.name)).toEqual(["c.wait", "c.send"]);
    expect(selectionStats(l, 40, 45)).toEqual({ t0: 40, t1: 45, calls: null, steps: [] });
  });
});
