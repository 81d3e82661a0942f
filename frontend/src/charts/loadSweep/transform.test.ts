import { describe, expect, it } from "vitest";
import { formatLatencyAxisUs, kneeCaveat, kneeMarkers, latencySeries, modelNote, scheduleSummary, throughputSeries, type LoadSweep } from "./transform";

const sweep: LoadSweep = {
  available: true, loop: "open",
  points: [
    { point_no: 1, offered_per_s: 2000, achieved_per_s: 1980, mean_ns: 900_000, p50_ns: 800_000, p99_ns: 4_000_000, p999_ns: null },
    { point_no: 0, offered_per_s: 1000, achieved_per_s: 1000, mean_ns: 500_000, p50_ns: 450_000, p99_ns: 1_000_000, p999_ns: 1_500_000 },
  ],
  knee: { found: true, below_per_s: 1000, above_per_s: 2000, reason: "p99 4.0x", sentence: "The knee lies between 1,000 and 2,000 calls/s" },
  model: { from_point: 0, saturation_per_s: 2500, callers: 1, rtt_cv2: 0.2, stations: [], curve: [{ offered_per_s: 0, mean_ns: 400_000 }, { offered_per_s: 2000, mean_ns: 1_200_000 }], at_points: [] },
  schedules: [],
};

describe("load sweep series", () => {
  it("sorts points by offered rate, in µs, the p99.9 only where it rests on enough calls, the model dashed", () => {
    const s = latencySeries(sweep);
    expect(s.map((x) => x.id)).toEqual(["p50", "mean", "p99", "p999", "model"]);
    expect(s[2].points).toEqual([{ x: 1000, y: 1000 }, { x: 2000, y: 4000 }]);
    expect(s[3].points).toEqual([{ x: 1000, y: 1500 }]);
    expect(s[4].dash).toBe("dashed");
    expect(s[4].lineOnly).toBe(true); // the model's dense curve without dots
  });
  it("draws the served rate against the line of a system that keeps up", () => {
    const [ideal, served] = throughputSeries(sweep);
    expect(ideal.points).toEqual([{ x: 0, y: 0 }, { x: 2000, y: 2000 }]);
    expect(served.points.map((p) => p.y)).toEqual([1000, 1980]);
  });
  it("marks both sides of the knee, nothing when none was found", () => {
    expect(kneeMarkers(sweep.knee).map((m) => m.x)).toEqual([2000, 1000]);
    expect(kneeMarkers({ found: false, sentence: "No knee" })).toEqual([]);
  });
  it("labels the latency axis in µs, ms and s", () => {
    expect(formatLatencyAxisUs(200)).toBe("200 µs");
    expect(formatLatencyAxisUs(2500)).toBe("2.5 ms");
    expect(formatLatencyAxisUs(1_000_000)).toBe("1 s");
  });
  it("summarises missed schedules and qualifies a knee beside one", () => {
    expect(scheduleSummary(sweep).sentence).toBeNull();
    expect(kneeCaveat(sweep)).toBeNull();
    const late = { ...sweep, schedules: [{ point_no: 1, arrival: "constant", offered_calls_s: 2000, achieved_calls_s: 1980, calls: 100, threads: 1,
      thread_gap_ns: 5e5, late_sends: 30, late_share: 0.3, max_lag_ns: 1e6, p99_lag_ns: 1e6, kept: false, why: "late" }] };
    expect(scheduleSummary(late).sentence).toContain("at 1 of 2 points");
    expect(kneeCaveat(late)).toContain("2,000 calls/s");
  });
  it("notes a model that saturates below the least offered rate, not one that saturates above it", () => {
    expect(modelNote(sweep)).toBeNull();
    expect(modelNote({ ...sweep, model: { ...sweep.model!, saturation_per_s: 300 } })).toContain("saturates at 300 calls/s");
  });
});
