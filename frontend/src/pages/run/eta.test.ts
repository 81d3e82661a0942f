// Time left of a running run: from its pace, from what the page saw, and from the launch estimate weighed by time and
// the run's own pace, with rounds.
import { describe, expect, it } from "vitest";
import { estimatedAt, timeLeftByEstimate, timeLeftMs, timeLeftSeenMs } from "./eta";

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

describe("timeLeftByEstimate", () => {
  // the eta-demo sweep: 6 threads without think time (900 calls in 0.5 s), 6 threads thinking 20 ms (900 calls in 3 s),
  // then 1 thread without (150 calls in 0.1 s) and 1 thread thinking 20 ms (150 calls in 3 s)
  const e = {
    seconds: 7, seconds_most: 7, start_s: 0.4, timeout_s: 74, link_profile: "loopback",
    points: [
      { point_no: 0, calls: 900, seconds: 0.5 }, { point_no: 1, calls: 900, seconds: 3 },
      { point_no: 2, calls: 150, seconds: 0.1 }, { point_no: 3, calls: 150, seconds: 3 },
    ],
  };

  it("places calls done in the points' time", () => {
    expect(estimatedAt(e, 0).at).toBeCloseTo(0.4);
    expect(estimatedAt(e, 900).at).toBeCloseTo(0.9);
    expect(estimatedAt(e, 1350).at).toBeCloseTo(2.4);
    expect(estimatedAt(e, 2025).at).toBeCloseTo(5.5);
  });

  it("weighs progress by time, not calls: 96 % of the calls can be half the time left", () => {
    // 2025 of 2100 calls after 5.5 s, as estimated: 1.5 s of the last point to go; by calls alone 0.2 s
    expect(timeLeftByEstimate(e, 2025, 2100, 5500)).toBeCloseTo(1500, 0);
    expect(timeLeftMs(2025, 2100, "2026-11-21T20:00:00Z", Date.parse("2026-11-21T20:00:05.5Z"))).toBeLessThan(210);
  });

  it("scales what is left by the run's own pace", () => {
    // the run is at the estimate's 5.5 s after 11 s: it goes at half the speed, so 3 s are left, not 1.5
    expect(timeLeftByEstimate(e, 2025, 2100, 11_000)).toBeCloseTo(3000, 0);
    // early on (under a tenth of the estimate's calls time) the pace counts in part only
    const early = timeLeftByEstimate(e, 90, 2100, 2000)!; // at 0.45 s of the estimate after 2 s
    const modelOnly = (7 - 0.45) * 1000;
    expect(early).toBeGreaterThan(modelOnly);
    expect(early).toBeLessThan(modelOnly * (2 / 0.45));
  });

  it("is the estimate alone without a start time, and 0 when done", () => {
    expect(timeLeftByEstimate(e, 900, 2100, null)).toBeCloseTo(6100, 0);
    expect(timeLeftByEstimate(e, 2100, 2100, 9000)).toBe(0);
    expect(timeLeftByEstimate({ ...e, points: [] }, 10, 2100, 9000)).toBeNull();
  });
});

describe("timeLeftByEstimate with rounds", () => {
  const e = {
    seconds: 4.4, seconds_most: 12.4, start_s: 0.4, timeout_s: 86, link_profile: "loopback",
    points: [0, 1].map((n) => ({ point_no: n, calls: 100, seconds: 2, round_calls: 100, round_seconds: 2, rounds_most: 3 })),
  };
  it("counts each point one round, and gives up once the run has made more calls than that", () => {
    // calls_total is the worst case (3 rounds a point) until the run ends
    expect(timeLeftByEstimate(e, 150, 600, 3400)).toBeCloseTo(1000, 0);
    expect(timeLeftByEstimate(e, 250, 600, 6000)).toBeNull();
  });
});
