// An RPC run's precision: the noise floor as mean ± interval with CV, the points meeting the target, the smallest
// detectable effect, and the rounds per point.
import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import type { NoiseFloor as Floor, PointRounds, Run, RunPrecision } from "../../api/types";
import { runFixture } from "../../test/fakeApi";
import { NoiseFloor, PointRoundsTable } from "./NoiseFloor";
import { formatPct, noiseFloorDetail, noiseFloorLine, precisionSummary, roundsCell, verdict } from "./precisionFormat";

const floor: Floor = {
  procedure: "null", request_bytes: 0, threads: 1, protection: "none", calls: 200, warmup_calls: 10, count: 200,
  errors: 0, mean_ns: 412_000, median_ns: 400_000, p99_ns: 1_200_000, min_ns: 380_000, max_ns: 2_000_000,
  stddev_ns: 32_960, ci95_half_ns: 3_100, cv: 0.08, error: null,
};
const point = (over: Partial<PointRounds>): PointRounds => ({
  point_no: 0, rounds: 1, calls: 210, measured: 200, mean_ns: 26_149, ci95_half_ns: 969, ci95_pct: 3.705, met: true, ...over,
});
const precision = (over: Partial<RunPrecision> = {}): RunPrecision => ({
  ci_target_pct: 5, max_rounds: 5, interval: "student-t", noise_floor_calls: 200, noise_floor: floor,
  points: [point({}), point({ point_no: 1, rounds: 5, measured: 3000, mean_ns: 136_158, ci95_half_ns: 15_200, ci95_pct: 11.16, met: false })],
  points_meeting_target: 1, median_ci95_pct: 7.43, ...over,
});

describe("precision formatting", () => {
  it("prints the noise floor as mean ± its interval with the CV", () => {
    expect(noiseFloorLine(floor)).toBe("idle null RPC: 412.0 µs ± 3.10 µs (CV 0.080)");
    expect(noiseFloorLine({ ...floor, cv: 0.19283 })).toBe("idle null RPC: 412.0 µs ± 3.10 µs (CV 0.19)");
    expect(noiseFloorDetail(floor)).toBe("median 400.0 µs · p99 1.20 ms · 200 calls after 10 warm-up · protection none");
    expect(noiseFloorDetail({ ...floor, errors: 3 })).toContain("· 3 failed");
  });

  it("says why there is no noise floor", () => {
    const failed = { ...floor, mean_ns: null, median_ns: null, p99_ns: null, stddev_ns: null, ci95_half_ns: null, cv: null,
      count: 0, error: "no call of the probe answered by udp:127.0.0.1[1] (timeout)" };
    expect(noiseFloorLine(failed)).toBe("idle null RPC: not measured — no call of the probe answered by udp:127.0.0.1[1] (timeout)");
    expect(noiseFloorDetail(failed)).toBe("");
    expect(noiseFloorLine(null, 0)).toBe("idle null RPC: not measured (switched off at launch)");
    expect(noiseFloorLine(null, 200)).toBe("idle null RPC: not reported yet");
  });

  it("formats percentages, rounds and verdicts", () => {
    expect(formatPct(3.705)).toBe("±3.7 %");
    expect(formatPct(11.6)).toBe("±12 %");
    expect(formatPct(null)).toBe("—");
    const p = precision();
    expect(roundsCell(p.points[1], 5)).toBe("5 of 5");
    expect(verdict(p.points[0], p)).toBe("met");
    expect(verdict(p.points[1], p)).toBe("not met (cap)");
    expect(verdict({ ...p.points[1], rounds: 2 }, p)).toBe("not met");
    expect(verdict({ ...p.points[0], met: null }, { ...p, ci_target_pct: 0 })).toBe("no target");
  });

  it("reads the run: points meeting the target and the smallest effect it can detect", () => {
    expect(precisionSummary(precision())).toBe(
      "1 of 2 points met the target of ±5.0 % within 5 rounds. Smallest effect this run can detect: ±7.4 % of a " +
        "point's mean (the median 95% CI half-width reached).");
    expect(precisionSummary(precision({ ci_target_pct: 0, max_rounds: 1, points_meeting_target: null })))
      .toMatch(/^No CI target: each point ran one round\. Smallest effect/);
    expect(precisionSummary(precision({ points: [] }))).toBe("");
  });

});

describe("NoiseFloor and PointRoundsTable", () => {
  it("show the floor, the reading and a row per point with its rounds and interval", () => {
    const run = runFixture({ kind: "rpc", status: "done", params: { points: [
      { point_no: 0, request_bytes: 0, threads: 1, think_time_us: 0 },
      { point_no: 1, request_bytes: 4016, threads: 1, think_time_us: 0 }] } }) as unknown as Run;
    const p = precision();
    render(<><NoiseFloor precision={p} /><PointRoundsTable run={run} precision={p} /></>);
    expect(screen.getByTestId("noise-floor-line")).toHaveTextContent("idle null RPC: 412.0 µs ± 3.10 µs (CV 0.080)");
    expect(screen.getByTestId("precision-summary")).toHaveTextContent("1 of 2 points met the target");
    const rows = within(screen.getByTestId("point-rounds")).getAllByRole("row");
    expect(rows).toHaveLength(3);
    // the stopping rule's interval says it is that, beside the Statistics tab's bootstrap of the same calls
    const ci = within(rows[0]).getByText("95% CI at stop");
    expect(ci).toHaveAttribute("title", expect.stringMatching(/Student t .* bootstrap of the same calls/));
    expect(within(rows[2]).getAllByRole("cell").map((c) => c.textContent)).toEqual(
      ["4,016 B · 1 thread · no think", "5 of 5", "3,000", "136.2 µs", "±11 %", "not met (cap)"]); // named as the Results table names it
  });

  it("shows no table before the client reported its rounds", () => {
    const run = runFixture({ kind: "rpc" }) as unknown as Run;
    const { container } = render(<PointRoundsTable run={run} precision={precision({ points: [] })} />);
    expect(container).toBeEmptyDOMElement();
  });
});
