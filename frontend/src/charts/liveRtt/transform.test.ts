// The live RTT series: stream batches merged once each in time order and kept within bounds, old calls thinned to their
// extremes, the domains and the dot under the pointer.
import { describe, expect, it } from "vitest";
import { callsEvent } from "./testEvents";
import {
  emptySeries,
  latestMark,
  marksOf,
  mergeEvents,
  nearestDot,
  rttRange,
  thinDots,
  timeDomain,
  type LiveDot,
} from "./transform";

/** An event of one point whose batch held calls [from, from+n) 1 ms apart, RTT = base + call_no. */
const event = (id: number, from: number, n: number, base = 20_000, point = 0, warmup = 0) =>
  callsEvent(id, point, from, Array.from({ length: n }, (_, i) => base + from + i), warmup);

describe("mergeEvents", () => {
  it("adds the sampled calls and one p50/p99 mark per batch, with the counts", () => {
    const s = mergeEvents(emptySeries(), [event(1, 0, 10, 20_000, 0, 5), event(2, 10, 10)]);
    expect(s.dots).toHaveLength(20);
    expect(s.dots[3]).toEqual({ tNs: 3e6, callNo: 3, rttNs: 20_003, point: 0 });
    expect(s.marks.map((m) => [m.p50Ns, m.p99Ns])).toEqual([
      [20_005, 20_009],
      [20_015, 20_019],
    ]);
    expect([s.measured, s.warmup, s.received, s.lastId]).toEqual([20, 5, 20, 2]);
    expect(latestMark(s)?.p99Ns).toBe(20_019);
  });

  it("skips events it already has (a reconnect or an overlapping poll) and returns the same series", () => {
    const once = mergeEvents(emptySeries(), [event(1, 0, 10), event(2, 10, 10)]);
    expect(mergeEvents(once, [event(2, 10, 10)])).toBe(once);
    const twice = mergeEvents(emptySeries(), [event(1, 0, 10), event(2, 10, 10), event(1, 0, 10)]);
    expect(twice.dots).toHaveLength(20);
    expect(twice.measured).toBe(20);
    const more = mergeEvents(once, [event(1, 0, 10), event(3, 20, 5)]);
    expect(more.dots).toHaveLength(25);
    expect(more.measured).toBe(25);
  });

  it("keeps interleaved batches of several threads in time order", () => {
    const a = event(1, 0, 5);
    const b = event(2, 0, 5, 90_000, 0);
    b.points[0].samples.t_ns = b.points[0].samples.t_ns.map((t) => t + 0.5e6);
    const s = mergeEvents(emptySeries(), [b, a]);
    const ts = s.dots.map((d) => d.tNs);
    expect(ts).toEqual(ts.slice().sort((x, y) => x - y));
    expect(s.dots[0].rttNs).toBe(20_000);
    expect(s.dots[1].rttNs).toBe(90_000);
  });

  it("stays within the limits over a long run and keeps the newest calls whole and the old spikes", () => {
    const limits = { maxDots: 400, maxMarks: 50 };
    let s = emptySeries();
    for (let id = 1; id <= 500; id++) {
      const ev = event(id, (id - 1) * 200, 200);
      if (id === 3) ev.points[0].samples.rtt_ns[17] = 9_000_000; // an early spike
      s = mergeEvents(s, [ev], limits);
      expect(s.dots.length).toBeLessThanOrEqual(400);
      expect(s.marks.length).toBeLessThanOrEqual(50);
    }
    expect(s.received).toBe(100_000);
    expect(s.measured).toBe(100_000);
    const newest = s.dots.slice(-200).map((d) => d.callNo);
    expect(newest).toEqual(Array.from({ length: 200 }, (_, i) => 99_800 + i));
    expect(s.dots.some((d) => d.rttNs === 9_000_000)).toBe(true);
    expect(s.dots[0].callNo).toBe(0); // the start of the run is still drawn
    expect(s.marks[s.marks.length - 1].tNs).toBe(100_000 * 1e6);
  });
});

describe("thinDots", () => {
  it("keeps the min and max of each bucket of the older half, in time order", () => {
    const dots: LiveDot[] = Array.from({ length: 100 }, (_, i) => ({
      tNs: i,
      callNo: i,
      rttNs: i % 10 === 3 ? 500 : 100 + (i % 7),
      point: 0,
    }));
    const out = thinDots(dots, 20);
    expect(out.length).toBeLessThanOrEqual(20);
    expect(out.slice(-10).map((d) => d.callNo)).toEqual([90, 91, 92, 93, 94, 95, 96, 97, 98, 99]);
    const older = out.slice(0, -10);
    expect(older.filter((d) => d.rttNs === 500).length).toBeGreaterThanOrEqual(5);
    expect(older.map((d) => d.tNs)).toEqual(older.map((d) => d.tNs).sort((a, b) => a - b));
  });
});

describe("domains and lookup", () => {
  it("spans the data, at least 1 ms wide, and flags a heavy tail", () => {
    expect(timeDomain(emptySeries())).toEqual([0, 1e6]);
    const s = mergeEvents(emptySeries(), [event(1, 5, 1)]);
    expect(timeDomain(s)).toEqual([5e6, 6e6]);
    expect(rttRange(s).heavy).toBe(false);
    const spiky = mergeEvents(s, [event(2, 6, 1, 5_000_000)]);
    const r = rttRange(spiky);
    expect(r.max).toBe(5_000_006);
    const even = mergeEvents(emptySeries(), [event(1, 0, 50)]);
    const spike = event(2, 50, 1, 5_000_000);
    expect(rttRange(mergeEvents(even, [spike])).heavy).toBe(true);
  });

  it("finds the nearest dot in pixels and separates points' marks", () => {
    const s = mergeEvents(emptySeries(), [event(1, 0, 10, 20_000, 0), event(2, 10, 10, 40_000, 1)]);
    const i = nearestDot(s.dots, 12, 0, (d) => d.tNs / 1e6, () => 0);
    expect(s.dots[i].callNo).toBe(12);
    expect(nearestDot([], 0, 0, () => 0, () => 0)).toBe(-1);
    expect(marksOf(s, 1).map((m) => m.p50Ns)).toEqual([40_015]);
    expect(s.points).toEqual([0, 1]);
  });
});
