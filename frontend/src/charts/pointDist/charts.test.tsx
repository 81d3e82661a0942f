// The CDF and box plot charts: every point's share read under the pointer, the tail scale, a box row per point, its
// numbers on hover and a click selecting it.
import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { BoxPlotChart } from "./BoxPlotChart";
import { CdfChart } from "./CdfChart";
import { pointStyle } from "./transform";

const series = [0, 1].map((i) => ({
  pointNo: i, label: `point ${i}`, style: pointStyle(i),
  cdf: { rtt_ns: [10_000, 20_000, 30_000, 40_000].map((v) => v * (i + 1)), p: [0.25, 0.5, 0.75, 1] },
}));

describe("CdfChart", () => {
  it("reads every point's share at the RTT under the pointer, and switches to the tail scale", () => {
    render(<CdfChart series={series} selected={1} width={658} height={300} />);
    const chart = screen.getByTestId("chart-cdf");
    expect(chart).toHaveTextContent("point 1: p50 40.0 µs");
    // 582 px of plot over 0 … 82.8 µs (4 % padding): the pointer at 300 px is at 42.7 µs
    fireEvent.mouseMove(chart.querySelector(".chart-body")!, { clientX: 58 + 300, clientY: 50 });
    const tip = screen.getByRole("tooltip");
    expect(tip).toHaveTextContent("RTT ≤ 42.7 µs");
    expect(tip).toHaveTextContent("point 0: 100.0 %");
    expect(tip).toHaveTextContent("point 1: 50.0 %");
    fireEvent.click(screen.getByLabelText("tail"));
    expect(chart).toHaveTextContent("Percentile (log of tail)");
    expect(chart).toHaveTextContent("99.9");
  });
});

describe("BoxPlotChart", () => {
  it("one row per point, its numbers on hover, a click selects it", () => {
    const onSelect = vi.fn();
    const box = { q1_ns: 18_000, median_ns: 20_000, q3_ns: 25_000, mean_ns: 23_000, whisker_low_ns: 10_000,
      whisker_high_ns: 35_000, outliers_low: 0, outliers_high: 1, outlier_ns: [90_000] };
    render(<BoxPlotChart width={700} selected={null} onSelect={onSelect}
      rows={[0, 1].map((i) => ({ pointNo: i, label: `point ${i}`, style: pointStyle(i), box: i ? box : null, n: i ? 200 : 0 }))} />);
    const rows = screen.getByTestId("chart-box").querySelectorAll("g.box-row");
    expect(rows).toHaveLength(2);
    expect(rows[1].querySelectorAll("circle")).toHaveLength(1); // the one call beyond the whiskers
    fireEvent.mouseEnter(rows[1]);
    expect(screen.getByRole("tooltip")).toHaveTextContent("median 20.0 µs · mean 23.0 µs");
    expect(screen.getByRole("tooltip")).toHaveTextContent("beyond: 0 below, 1 above");
    fireEvent.mouseEnter(rows[0]);
    expect(screen.getByRole("tooltip")).toHaveTextContent("no measured calls");
    fireEvent.click(rows[1]);
    expect(onSelect).toHaveBeenCalledWith(1);
  });
});
