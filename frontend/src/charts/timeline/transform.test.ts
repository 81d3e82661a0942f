// The timeline's layout and views: rows in real time or aligned, filters, the idle-wait cut, zoom and pan limits, hit
// testing, the minimap's buckets, search and the opening view.
import { describe, expect, it } from "vitest";
import { syntheticTimeline } from "./syntheticTimeline";
import {
  bucketRows,
  buildLayout,
  fitView,
  focusRow,
  initialView,
  matchingCodes,
  OPENING_CALLS,
  quantileOf,
  OPENING_ROWS,
  pan,
  parseSearch,
  rowOfCall,
  rowsForTime,
  spanAt,
  visibleSpans,
  zoomTime,
} from "./transform";

const data = (n: number, from = 0) => syntheticTimeline(n, from);

describe("buildLayout", () => {
  it("puts every call on its own row with its spans at real time", () => {
    const l = buildLayout(data(5), { mode: "real" });
    expect(l.rows).toBe(5);
    expect(l.spans).toBe(15);
    expect(Array.from(l.spanStart)).toEqual([0, 3, 6, 9, 12, 15]);
    expect(Array.from(l.x0.slice(3, 6))).toEqual([1000, 1010, 1020]);
    expect(Array.from(l.lane.slice(0, 3))).toEqual([0, 0, 1]);
    expect(l.extent).toEqual([0, 4000 + 104]);
  });

  it("aligned mode moves each call to a common start (Figure 6.18)", () => {
    const l = buildLayout(data(5), { mode: "aligned" });
    expect(Array.from(l.x0.slice(12, 15))).toEqual([0, 10, 20]);
    expect(Array.from(l.x1.slice(12, 15))).toEqual([10, 104, 30]);
    expect(l.extent).toEqual([0, 104]);
  });

  it("filters calls by RTT and orders aligned rows slowest first", () => {
    const l = buildLayout(data(10), { mode: "aligned", order: "rtt", minRttNs: 103, maxRttNs: 106 });
    expect(Array.from(l.rowCall)).toEqual([6, 5, 4, 3]);
    expect(l.spans).toBe(12);
    expect(Array.from(l.x1.slice(0, 3))).toEqual([10, 106, 30]); // row 0 is call 6: its wait ends at its RTT
  });

  it("handles a range that does not start at call 0, and steps of unknown codes", () => {
    const d = data(3, 100);
    d.steps.call_no.push(101);
    d.steps.code.push(250);
    d.steps.start_ns.push(101_000);
    d.steps.end_ns.push(101_005);
    d.steps.call_no.push(7); // a call outside the range: dropped
    d.steps.code.push(1);
    d.steps.start_ns.push(0);
    d.steps.end_ns.push(1);
    const l = buildLayout(d, { mode: "real" });
    expect(l.spans).toBe(10);
    expect(l.codes.map((c) => c.name)).toEqual(["c.send", "c.wait", "s.recv", "step.250"]);
    expect(l.codes[3].side).toBe("kernel");
  });

  it("cuts a long idle wait before the first call to one median RTT", () => {
    const d = data(5); // RTTs 100..104 ns, median 102
    d.steps.call_no.push(0);
    d.steps.code.push(101);
    d.steps.start_ns.push(-1_000_000); // the server waited a millisecond for the first request
    d.steps.end_ns.push(5);
    d.codes.push({ code: 101, name: "s.wait", side: "server", paper: "S15" });
    expect(buildLayout(d, { mode: "real" }).extent).toEqual([-102, 4104]);
    expect(buildLayout(d, { mode: "aligned" }).extent).toEqual([-102, 104]);
  });

  it("aligned fit ends at 1.1 × the p99 RTT: one slow call does not squash the rest", () => {
    // RTTs 100..299 ns and one of 1 ms: the 99th percentile of 201 values is the 199th smallest (position 198) = 298
    const d = data(201);
    d.calls.rtt_ns[200] = 1_000_000;
    d.steps.end_ns[200 * 3 + 1] = d.calls.start_ns[200] + 1_000_000;
    const l = buildLayout(d, { mode: "aligned" });
    expect(l.extent[1]).toBe(1_000_000);
    expect(l.fitEnd).toBeCloseTo(327.8, 9);
    expect(fitView(l).t1).toBe(l.fitEnd);
    expect(buildLayout(d, { mode: "real" }).fitEnd).toBe(buildLayout(d, { mode: "real" }).extent[1]);
  });

  it("gives an empty layout a usable extent", () => {
    const l = buildLayout(data(0), { mode: "real" });
    expect(l.rows).toBe(0);
    expect(l.extent).toEqual([0, 1]);
    expect(visibleSpans(l, fitView(l))).toEqual([0, 0]);
  });
});

describe("windows", () => {
  it("real mode: the rows follow the time window", () => {
    const l = buildLayout(data(100), { mode: "real" });
    expect(rowsForTime(l, 10_050, 20_010)).toEqual([10, 21]);
    const v = zoomTime(l, fitView(l), 0.1, 0.5);
    expect(v.t1 - v.t0).toBeCloseTo((99_000 + 199) * 0.1, 6);
    // rows whose calls touch the window, no more
    const [a, b] = rowsForTime(l, v.t0, v.t1);
    expect(v.r0).toBe(a);
    expect(v.r1).toBe(b);
  });

  it("zoom keeps the anchor in place and stops at the minimum window", () => {
    const l = buildLayout(data(100), { mode: "aligned" });
    const v0 = fitView(l);
    const anchorT = v0.t0 + (v0.t1 - v0.t0) * 0.25;
    const v = zoomTime(l, v0, 0.5, 0.25);
    expect(v.t0 + (v.t1 - v.t0) * 0.25).toBeCloseTo(anchorT, 9);
    let w = v;
    for (let i = 0; i < 50; i++) w = zoomTime(l, w, 0.5, 0.5);
    expect(w.t1 - w.t0).toBe(50);
  });

  it("pan stays within the data", () => {
    const l = buildLayout(data(100), { mode: "aligned" });
    const v = zoomTime(l, fitView(l), 0.5, 0);
    const far = pan(l, v, -10, -10);
    expect(far.t0).toBeGreaterThanOrEqual(l.extent[0] - (l.extent[1] - l.extent[0]) * 0.025 - 1e-9);
    expect(far.r0).toBe(0);
  });

  it("focusRow centres a call (deep link)", () => {
    const l = buildLayout(data(1000), { mode: "real" });
    const row = rowOfCall(l, 500);
    expect(row).toBe(500);
    const v = focusRow(l, row);
    expect(v.t0).toBeLessThanOrEqual(500_000);
    expect(v.t1).toBeGreaterThanOrEqual(500_000 + 600);
    expect(v.r0).toBeLessThanOrEqual(500);
    expect(v.r1).toBeGreaterThan(500);
    expect(v.r1 - v.r0).toBeLessThan(10);
    expect(rowOfCall(l, 5000)).toBe(-1);
  });

  it("visibleSpans culls by row", () => {
    const l = buildLayout(data(100), { mode: "aligned" });
    expect(visibleSpans(l, { t0: 0, t1: 10, r0: 10.5, r1: 20.2 })).toEqual([30, 63]);
  });
});

describe("hit testing, minimap, search", () => {
  it("finds the shortest span under a time, honouring hidden steps and lanes", () => {
    const l = buildLayout(data(3), { mode: "real" });
    expect(spanAt(l, 1, 1005)).toBe(3); // c.send
    expect(spanAt(l, 1, 1025)).toBe(5); // s.recv nests in c.wait: the shorter wins
    expect(spanAt(l, 1, 1025, undefined, 0)).toBe(4); // the client lane only
    expect(spanAt(l, 1, 1025, Uint8Array.from([0, 0, 1]))).toBe(4); // s.recv hidden
    expect(spanAt(l, 1, 1025, undefined, undefined, 11)).toBe(4); // s.recv (10 ns) is under the step filter
    expect(spanAt(l, 1, 1005, undefined, undefined, 11)).toBe(-1); // so is c.send
    expect(spanAt(l, 1, 5000)).toBe(-1);
    expect(spanAt(l, 7, 1005)).toBe(-1);
  });

  it("buckets rows into max and mean RTT", () => {
    const l = buildLayout(data(10), { mode: "real" });
    const b = bucketRows(l, 5);
    expect(Array.from(b.count)).toEqual([2, 2, 2, 2, 2]);
    expect(Array.from(b.max)).toEqual([101, 103, 105, 107, 109]);
    expect(Array.from(b.mean)).toEqual([100.5, 102.5, 104.5, 106.5, 108.5]);
  });

  it("parses a search for a call or a step", () => {
    expect(parseSearch(" #42 ")).toEqual({ call: 42 });
    expect(parseSearch("42")).toEqual({ call: 42 });
    expect(parseSearch("Wait")).toEqual({ step: "wait" });
    expect(parseSearch("  ")).toBeNull();
    const l = buildLayout(data(1), { mode: "real" });
    expect(matchingCodes(l.codes, "wait")).toEqual([1]);
    expect(matchingCodes(l.codes, "s4")).toEqual([2]);
    expect(matchingCodes(l.codes, "c.")).toEqual([0, 1]);
  });
});

describe("the opening view", () => {
  it("real time: frames the first calls, each wide enough to read, not the whole run as a hairline", () => {
    const l = buildLayout(data(1000), { mode: "real" });
    const v = initialView(l);
    const shown = Math.ceil(v.r1) - Math.floor(v.r0);
    expect(v.r0).toBe(0);
    expect(shown).toBe(OPENING_CALLS);
    // the window runs from the first call's start to the last shown call's end, and stops before the next call
    expect(v.t0).toBeLessThanOrEqual(0);
    expect(v.t1).toBeGreaterThanOrEqual((OPENING_CALLS - 1) * 1000 + 100 + OPENING_CALLS - 1);
    expect(v.t1).toBeLessThan(OPENING_CALLS * 1000);
    // on a 1,000 px plot every shown call is at least 5 px wide (the whole run would give each 0.1 px)
    const px = (ns: number) => (ns / (v.t1 - v.t0)) * 1000;
    for (let r = 0; r < shown; r++) expect(px(l.rowRttNs[r])).toBeGreaterThan(5);
    expect(px(l.rowRttNs[0]) / ((l.rowRttNs[0] / (l.extent[1] - l.extent[0])) * 1000)).toBeGreaterThan(50);
  });

  it("aligned: the first rows over the fitted time; a short run opens fitted whole", () => {
    const l = buildLayout(data(1000), { mode: "aligned" });
    const v = initialView(l);
    expect([v.r0, v.r1]).toEqual([0, OPENING_ROWS]);
    expect([v.t0, v.t1]).toEqual([fitView(l).t0, fitView(l).t1]);
    for (const mode of ["real", "aligned"] as const) {
      const few = buildLayout(data(OPENING_CALLS), { mode });
      expect(initialView(few)).toEqual(fitView(few));
    }
  });
});

describe("quantileOf (selection, not a sort)", () => {
  /** The definition: linear interpolation between the order statistics of the sorted values. */
  const bySort = (xs: number[], q: number) => {
    const s = [...xs].sort((a, b) => a - b);
    const pos = (s.length - 1) * q;
    const i = Math.floor(pos);
    return i + 1 < s.length ? s[i] + (s[i + 1] - s[i]) * (pos - i) : s[i];
  };

  it("agrees with sorting on shuffled, sorted, reversed and repeated values", () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const shuffled = Array.from({ length: 1001 }, () => Math.round(rand() * 500));
    const sets = [shuffled, [...shuffled].sort((a, b) => a - b), [...shuffled].sort((a, b) => b - a), Array(50).fill(3), [9], [2, 1]];
    for (const xs of sets) {
      for (const q of [0, 0.01, 0.5, 0.9, 0.99, 1]) expect(quantileOf(Float64Array.from(xs), q)).toBeCloseTo(bySort(xs, q), 9);
    }
    expect(quantileOf(new Float64Array(0), 0.5)).toBe(0);
  });
});

describe("retransmissions", () => {
  it("go with their call's row, whatever the order, and read as a tooltip line", async () => {
    const { buildLayout, retransmissionsLabel } = await import("./transform");
    const d = syntheticTimeline(20);
    const retx = d.calls.call_no.map((c) => (c === 3 ? 2 : c === 7 ? 1 : 0));
    const rtt = d.calls.rtt_ns.map((r, i) => (i === 3 ? 9e9 : r)); // call 3 the slowest: first by RTT
    const withRetx = { ...d, calls: { ...d.calls, rtt_ns: rtt, retransmits: retx } };
    const byCall = buildLayout(withRetx, { mode: "real" });
    expect(Array.from(byCall.rowRetransmits)).toEqual(retx);
    const byRtt = buildLayout(withRetx, { mode: "real", order: "rtt" });
    expect(byRtt.rowCall[0]).toBe(3);
    expect(byRtt.rowRetransmits[0]).toBe(2);
    const { retransmits: _r, ...old } = withRetx.calls; // an answer without the column: no marks
    expect(Array.from(buildLayout({ ...d, calls: old }, { mode: "real" }).rowRetransmits).every((n) => n === 0)).toBe(true);
    expect(retransmissionsLabel(2)).toBe("2 retransmissions");
    expect(retransmissionsLabel(1)).toBe("1 retransmission");
    expect(retransmissionsLabel(0)).toBe("");
  });
});
