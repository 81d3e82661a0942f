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
  model: { from_point: 0, saturation_per_s: 2500, callers: 1, rtt_cv2: 0.25, curve: [{ offered_per_s: 0, mean_ns: 400_000 }, { offered_per_s: 2400, mean_ns: 5_000_000 }],
    at_points: [{ point_no: 0, offered_per_s: 1000, model_mean_ns: 480_000, error_pct: 4.17 }, { point_no: 1, offered_per_s: 3000, model_mean_ns: null, error_pct: null }] },
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
  });
});
