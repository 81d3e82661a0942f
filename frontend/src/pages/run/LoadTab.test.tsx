import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { LoadSweep } from "../../charts/loadSweep/transform";
import { LoadView } from "./LoadTab";

const data: LoadSweep = {
  available: true, loop: "open",
  points: [
    { point_no: 0, offered_per_s: 1000, achieved_per_s: 999, mean_ns: 500_000, p50_ns: 450_000, p99_ns: 1_000_000, p999_ns: 1_500_000 },
    { point_no: 1, offered_per_s: 3000, achieved_per_s: 2700, mean_ns: 9_000_000, p50_ns: 8_000_000, p99_ns: 20_000_000, p999_ns: null },
  ],
  knee: { found: true, below_per_s: 1000, above_per_s: 3000, reason: "served 90.0 % of the offered rate", sentence: "The knee lies between 1,000 and 3,000 calls/s: at 3,000 the run served 90.0 % of the offered rate." },
  model: { from_point: 0, saturation_per_s: 2500, callers: 1, rtt_cv2: 0.25, stations: [], curve: [{ offered_per_s: 0, mean_ns: 400_000 }, { offered_per_s: 2400, mean_ns: 5_000_000 }],
    at_points: [{ point_no: 0, offered_per_s: 1000, model_mean_ns: 480_000, error_pct: 4.17 }, { point_no: 1, offered_per_s: 3000, model_mean_ns: null, error_pct: null }] },
  schedules: [
    { point_no: 0, arrival: "constant", offered_calls_s: 1000, achieved_calls_s: 999, calls: 1000, threads: 1, thread_gap_ns: 1e6, late_sends: 0, late_share: 0, max_lag_ns: 20_000, p99_lag_ns: 5_000, kept: true, why: null },
    { point_no: 1, arrival: "constant", offered_calls_s: 3000, achieved_calls_s: 2700, calls: 3000, threads: 1, thread_gap_ns: 333_333, late_sends: 900, late_share: 0.3, max_lag_ns: 9e6, p99_lag_ns: 8e6, kept: false,
      why: "The agent did not keep the offered rate: it sent 2700 calls/s of the 3000 offered (90.0%, below 99%)." },
  ],
};

describe("LoadView", () => {
  it("states the knee, draws both figures and tables each point with the model's mean and error", () => {
    render(<LoadView data={data} />);
    expect(screen.getByTestId("load-knee").textContent).toContain("between 1,000 and 3,000 calls/s");
    expect(screen.getByTestId("load-latency-chart")).toBeTruthy();
    expect(screen.getByTestId("load-throughput-chart")).toBeTruthy();
    const rows = within(screen.getByTestId("load-table")).getAllByRole("row");
    expect(rows[1].textContent).toContain("1,000 calls/s");
    expect(rows[1].textContent).toContain("+4.2");
    expect(rows[2].textContent).toContain("saturated");
    expect(screen.getByText(/nothing in it is fitted/)).toBeTruthy();
    expect(screen.getByText(/saturating at 2,500 calls\/s/)).toBeTruthy();
    // the point whose schedule the agent could not keep says so, the kept one does not
    expect(screen.getByTestId("load-schedules").textContent).toMatch(/3,000 calls\/s: The agent did not keep the offered rate/);
    expect(screen.getByTestId("load-schedules").textContent).not.toMatch(/1,000 calls\/s:/);
  });

  it("says what a missed schedule means, qualifies a knee beside one, and marks the row", () => {
    render(<LoadView data={data} />);
    expect(screen.getByTestId("load-schedules").textContent).toContain("could not keep the offered rate at 1 of 2 points");
    expect(screen.getByTestId("load-knee-caveat").textContent).toContain("missed its schedule at 3,000 calls/s");
    const rows = screen.getAllByTestId("load-row");
    expect(rows.map((r) => r.getAttribute("data-rate"))).toEqual(["1000", "3000"]);
    expect(rows[0].textContent).toContain("kept");
    expect(rows[1].textContent).toContain("missed");
    // the knee's markers are named as such, not as a model boundary
    expect(screen.getByText(/the knee's sides/)).toBeTruthy();
    expect(screen.queryByTestId("load-model-note")).toBeNull();
  });

  it("warns when the model saturates below every offered rate", () => {
    render(<LoadView data={{ ...data, schedules: [], model: { ...data.model!, saturation_per_s: 300 } }} />);
    expect(screen.getByTestId("load-model-note").textContent).toContain("saturates at 300 calls/s, below the least offered rate (1,000 calls/s)");
    expect(screen.queryByTestId("load-schedules")).toBeNull();
    expect(screen.queryByTestId("load-knee-caveat")).toBeNull();
  });
});
