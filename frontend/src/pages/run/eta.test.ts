import { describe, expect, it } from "vitest";
import { timeLeftMs, timeLeftSeenMs } from "./eta";

describe("timeLeftMs", () => {
  const start = "2026-11-21T20:00:00Z";
  const t0 = Date.parse(start);
  it("extrapolates the pace so far", () => {
    // 250 of 1000 calls in 10 s: 750 more at 25 calls/s is 30 s
    expect(timeLeftMs(250, 1000, start, t0 + 10_000)).toBe(30_000);
    expect(timeLeftMs(1000, 1000, start, t0 + 10_000)).toBe(0);
  });
  it("has no estimate before the first call or the start", () => {
    expect(timeLeftMs(0, 1000, start, t0 + 5_000)).toBeNull();
    expect(timeLeftMs(10, 1000, null, t0)).toBeNull();
    expect(timeLeftMs(10, 1000, start, t0)).toBeNull();
    expect(timeLeftMs(10, 1000, "not a date", t0)).toBeNull();
  });
});

describe("timeLeftSeenMs", () => {
  it("uses the pace seen since the first sample", () => {
    // 100 → 300 calls in 4 s is 50 calls/s: 700 left take 14 s
    expect(timeLeftSeenMs({ at: 1000, done: 100 }, 300, 1000, 5000)).toBe(14_000);
    expect(timeLeftSeenMs({ at: 1000, done: 100 }, 100, 1000, 5000)).toBeNull();
    expect(timeLeftSeenMs({ at: 1000, done: 100 }, 1000, 1000, 5000)).toBe(0);
  });
});
