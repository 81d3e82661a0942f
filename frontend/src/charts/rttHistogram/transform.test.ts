// The RTT histogram's bins: counts add up, a long tail folds into an overflow bin, no bin narrower than 1 ns,
// log-spaced bins, and the helpers (measured RTTs, Freedman–Diaconis width, quantiles).
import { describe, expect, it } from "vitest";
import {
  freedmanDiaconisWidth,
  tailFence,
  histogram,
  logHistogram,
  measuredRtts,
  quantileOf,
} from "./transform";

function sum(h: { bins: { count: number }[] }) {
  return h.bins.reduce((s, b) => s + b.count, 0);
}

/** deterministic pseudo-random generator (LCG) so tests are reproducible */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (1664525 * s + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function expectCovers(h: ReturnType<typeof histogram>) {
  expect(h.bins[0].x0).toBeLessThanOrEqual(h.min);
  expect(h.bins[h.bins.length - 1].x1).toBeGreaterThanOrEqual(h.max);
  for (let i = 1; i < h.bins.length; i++) expect(h.bins[i].x0).toBe(h.bins[i - 1].x1);
}

describe("histogram", () => {
  it("counts sum to n and edges cover min..max (roughly normal data)", () => {
    const r = rng(1);
    const values = Array.from({ length: 5000 }, () => Math.round(20_000 + (r() + r() + r() - 1.5) * 4000));
    const h = histogram(values);
    expect(h.n).toBe(5000);
    expect(sum(h)).toBe(5000);
    expectCovers(h);
    expect(h.clipAt).toBeNull();
    expect(h.bins.length).toBeGreaterThan(5);
    expect(h.bins.length).toBeLessThanOrEqual(80);
    expect(h.method).toBe("freedman-diaconis");
  });

  it("folds a long tail into an overflow bin, still summing to n", () => {
    const r = rng(7);
    const values = Array.from({ length: 10_000 }, () => Math.round(15_000 + r() * 2000));
    values.push(5_000_000, 9_000_000, 12_345_678); // three huge outliers
    const h = histogram(values, { maxBins: 60 });
    expect(h.clipAt).toBeLessThan(25_000); // the body 15–17 µs is not squashed by the 12 ms outlier
    expect(sum(h)).toBe(values.length);
    expect(h.clipAt).not.toBeNull();
    const last = h.bins[h.bins.length - 1];
    expect(last.overflow).toBe(true);
    expect(last.x1).toBe(12_345_678);
    expect(last.count).toBeGreaterThanOrEqual(3);
    expect(h.bins.filter((b) => !b.overflow).length).toBeLessThanOrEqual(60);
    expectCovers(h);
  });

  it("spans min..max without overflow when clipping is off", () => {
    const values = [...Array.from({ length: 1000 }, (_, i) => 10_000 + i), 5_000_000];
    const h = histogram(values, { clip: "none" });
    expect(h.clipAt).toBeNull();
    expect(h.bins.some((b) => b.overflow)).toBe(false);
    expect(sum(h)).toBe(1001);
    expectCovers(h);
  });

  it("tailFence is Q3 + 3 IQR", () => {
    const v = Array.from({ length: 101 }, (_, i) => i); // Q1 25, Q3 75
    expect(tailFence(v)).toBe(225);
    expect(tailFence([5, 5, 5, 5, 9])).toBe(quantileOf([5, 5, 5, 5, 9], 0.995));
  });

  it("handles a single value and all-equal values", () => {
    expect(histogram([42])).toMatchObject({ n: 1, bins: [{ x0: 42, x1: 42, count: 1 }] });
    const h = histogram([7, 7, 7]);
    expect(h.bins).toHaveLength(1);
    expect(sum(h)).toBe(3);
  });

  it("handles empty input", () => {
    const h = histogram([]);
    expect(h.n).toBe(0);
    expect(h.bins).toEqual([]);
  });

  it("puts the maximum in the last bin and respects the fixed count", () => {
    const values = Array.from({ length: 101 }, (_, i) => 1000 + i * 10); // 1000..2000
    const h = histogram(values, { method: "fixed", binCount: 10 });
    expect(h.method).toBe("fixed");
    expect(h.bins).toHaveLength(10);
    expect(sum(h)).toBe(101);
    expectCovers(h);
    expect(h.bins[9].count).toBe(11); // 1900..2000 inclusive of 2000
  });

  it("never uses bins narrower than 1 ns for integer data", () => {
    const h = histogram([100, 101, 102, 103, 100, 101]);
    for (const b of h.bins) expect(b.x1 - b.x0).toBeGreaterThanOrEqual(1);
    expect(sum(h)).toBe(6);
  });
});

describe("helpers", () => {
  it("measuredRtts drops warm-up, first and error calls", () => {
    expect(measuredRtts({ rtt_ns: [1, 2, 3, 4, 5, 6], flags: [1, 1, 2, 0, 4, 0] })).toEqual([4, 6]);
  });
  it("freedmanDiaconisWidth", () => {
    expect(freedmanDiaconisWidth([1])).toBe(0);
    const w = freedmanDiaconisWidth(Array.from({ length: 8 }, (_, i) => i)); // IQR 3.5, n^(1/3)=2
    expect(w).toBeCloseTo(3.5, 6);
  });
  it("quantileOf", () => {
    expect(quantileOf([3, 1, 2], 0.5)).toBe(2);
    expect(quantileOf([], 0.5)).toBeUndefined();
  });
});

describe("logHistogram", () => {
  it("counts sum to n, edges cover min..max and grow geometrically", () => {
    const r = rng(3);
    const values = Array.from({ length: 20_000 }, () => Math.round(5_000 * Math.exp(Math.abs(r() + r() - 1) * 6)));
    const h = logHistogram(values);
    expect(h.method).toBe("log");
    expect(sum(h)).toBe(values.length);
    expectCovers(h);
    const ratios = h.bins.slice(1, -1).map((b) => b.x1 / b.x0);
    for (const q of ratios) expect(q).toBeCloseTo(ratios[0], 6);
    expect(h.bins.length).toBeLessThanOrEqual(120);
  });

  it("puts edge values in the right bins", () => {
    const h = logHistogram([1000, 10_000, 100_000], 1);
    expect(h.bins.map((b) => b.count)).toEqual([1, 2]);
    expect(h.bins[0].x0).toBe(1000);
    expect(h.bins[1].x1).toBe(100_000);
  });

  it("limits the bin count for very wide ranges", () => {
    const h = logHistogram([1, 1e12], 20, 50);
    expect(h.bins.length).toBeLessThanOrEqual(50);
    expect(sum(h)).toBe(2);
  });

  it("handles one value and empty input", () => {
    expect(logHistogram([5000]).bins).toEqual([{ x0: 5000, x1: 5000, count: 1 }]);
    expect(logHistogram([]).bins).toEqual([]);
  });

});
