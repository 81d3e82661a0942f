// RTT per call's data: call kinds from the flags, min/max downsampling that keeps the extremes, slicing and lookup, the
// axes' domains, heavy tails and warm-up bands.
import { describe, expect, it } from "vitest";
import {
  callKind,
  countKinds,
  downsampleMinMax,
  heavyTail,
  nearestIndex,
  sliceByCall,
  toPoints,
  warmupSpans,
  xDomain,
  yDomainUs,
  type CallPoint,
} from "./transform";

function makePoints(n: number, rtt: (i: number) => number = (i) => 10_000 + (i % 7) * 100): CallPoint[] {
  return toPoints({
    call_no: Array.from({ length: n }, (_, i) => i),
    rtt_ns: Array.from({ length: n }, (_, i) => rtt(i)),
    flags: Array.from({ length: n }, (_, i) => (i < 3 ? 1 : i === 3 ? 2 : 0)),
  });
}

describe("callKind / toPoints", () => {
  it("decodes flags with error > first > warm-up precedence", () => {
    expect(callKind(0)).toBe("measured");
    expect(callKind(1)).toBe("warmup");
    expect(callKind(2)).toBe("first");
    expect(callKind(3)).toBe("first");
    expect(callKind(4)).toBe("error");
    expect(callKind(6)).toBe("error");
  });
  it("zips the columns and sorts by call number", () => {
    const pts = toPoints({ call_no: [2, 0, 1], rtt_ns: [30, 10, 20], flags: [0, 1, 2] });
    expect(pts.map((p) => p.callNo)).toEqual([0, 1, 2]);
    expect(pts.map((p) => p.kind)).toEqual(["warmup", "first", "measured"]);
  });
  it("counts kinds", () => {
    expect(countKinds(makePoints(10))).toEqual({ measured: 6, warmup: 3, first: 1, error: 0 });
  });
});

describe("downsampleMinMax", () => {
  it("returns small inputs unchanged", () => {
    const pts = makePoints(50);
    expect(downsampleMinMax(pts, 100)).toBe(pts);
  });

  it("bounds the output and keeps extremes, first call and errors", () => {
    const n = 100_000;
    const pts = makePoints(n, (i) => (i === 54_321 ? 999_000 : i === 77_777 ? 1_000 : 10_000 + (i % 13)));
    pts[60_000] = { ...pts[60_000], kind: "error" };
    const out = downsampleMinMax(pts, 500);
    expect(out.length).toBeLessThanOrEqual(2 * 500 + 2);
    expect(out.length).toBeGreaterThan(500);
    const calls = out.map((p) => p.callNo);
    expect(calls).toContain(54_321); // max spike survives
    expect(calls).toContain(77_777); // min survives
    expect(calls).toContain(3); // first call
    expect(calls).toContain(60_000); // error call
    // still in call order, no duplicates
    for (let i = 1; i < calls.length; i++) expect(calls[i]).toBeGreaterThan(calls[i - 1]);
  });

  it("handles strided call numbers", () => {
    const pts = toPoints({
      call_no: Array.from({ length: 5000 }, (_, i) => i * 10),
      rtt_ns: Array.from({ length: 5000 }, (_, i) => 1000 + i),
      flags: Array.from({ length: 5000 }, () => 0),
    });
    const out = downsampleMinMax(pts, 100);
    expect(out.length).toBeLessThanOrEqual(200);
    expect(out[0].callNo).toBe(0);
    expect(out[out.length - 1].callNo).toBe(49_990);
  });
});

describe("slicing and lookup", () => {
  const pts = makePoints(100);
  it("sliceByCall is inclusive", () => {
    const s = sliceByCall(pts, 10, 19.5);
    expect(s.map((p) => p.callNo)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(sliceByCall(pts, 200, 300)).toEqual([]);
  });
  it("nearestIndex", () => {
    expect(nearestIndex(pts, 41.4)).toBe(41);
    expect(nearestIndex(pts, -5)).toBe(0);
    expect(nearestIndex(pts, 1e9)).toBe(99);
    expect(nearestIndex([], 3)).toBe(-1);
  });
});

describe("domains", () => {
  it("xDomain", () => {
    expect(xDomain(makePoints(10))).toEqual([0, 9]);
    expect(xDomain(makePoints(1))).toEqual([-0.5, 0.5]);
    expect(xDomain([])).toEqual([0, 1]);
  });
  it("yDomainUs ignores error calls and starts at 0 when linear", () => {
    const pts: CallPoint[] = [
      { callNo: 0, rttNs: 10_000, kind: "measured" },
      { callNo: 1, rttNs: 20_000, kind: "measured" },
      { callNo: 2, rttNs: 1_000_000_000, kind: "error" },
    ];
    const [lo, hi] = yDomainUs(pts, false);
    expect(lo).toBe(0);
    expect(hi).toBeCloseTo(21, 5);
    const [llo, lhi] = yDomainUs(pts, true);
    expect(llo).toBeGreaterThan(0);
    expect(llo).toBeLessThan(10);
    expect(lhi).toBeGreaterThan(20);
    expect(yDomainUs([], false)).toEqual([0, 1]);
  });
});

describe("heavyTail", () => {
  it("flags spikes far above the median, ignoring errors", () => {
    const flat = makePoints(100);
    expect(heavyTail(flat)).toBe(false);
    const spiky = makePoints(100, (i) => (i === 50 ? 10_000_000 : 10_000));
    expect(heavyTail(spiky)).toBe(true);
    const errOnly = spiky.map((p) => (p.callNo === 50 ? { ...p, kind: "error" as const } : p));
    expect(heavyTail(errOnly)).toBe(false);
    expect(heavyTail(makePoints(5, () => 1))).toBe(false);
  });
});

describe("warmupSpans", () => {
  it("one span a ping-pong, one per caller thread's block of an RPC point", () => {
    const kinds = ["first", "warmup", "warmup", "measured", "measured", "first", "warmup", "measured", "error"] as const;
    const pts = kinds.map((kind, i) => ({ callNo: 100 + i, rttNs: 1000, kind }));
    expect(warmupSpans(pts)).toEqual([[100, 102], [105, 106]]);
    expect(warmupSpans([])).toEqual([]);
  });
});
