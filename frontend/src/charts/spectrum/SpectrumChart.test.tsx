// The percentile spectrum's axes: 1/(1-p) ticks named as percentiles, the latency unit chosen from the data, the
// maximum drawn at the last call's rank, hover naming a row.
import { describe, expect, it } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { latencyUnit, percentileLabel, SpectrumChart, spectrumTicks } from "./SpectrumChart";

describe("SpectrumChart", () => {
  it("names 1/(1-p) ticks as percentiles", () => {
    expect([1, 2, 10, 100, 1000, 10_000, 100_000].map(percentileLabel))
      .toEqual(["0 %", "50 %", "90 %", "99 %", "99.9 %", "99.99 %", "99.999 %"]);
    expect(spectrumTicks(1000).map((t) => t.value)).toEqual([1, 10, 100, 1000]);
  });

  it("picks a latency unit the numbers read in", () => {
    expect(latencyUnit(850).label).toBe("ns");
    expect(latencyUnit(45_000).label).toBe("µs");
    expect(latencyUnit(2_300_000)).toEqual({ label: "ms", div: 1e6 });
  });

  it("draws every row, the maximum at the last call's rank, and names a row on hover", () => {
    const rows = [
      { percentile: 0, value_ns: 10_000, total_count: 1, inverse_tail: 1 },
      { percentile: 0.9, value_ns: 12_000, total_count: 900, inverse_tail: 10 },
      { percentile: 0.99, value_ns: 40_000, total_count: 990, inverse_tail: 100 },
      { percentile: 1, value_ns: 90_000, total_count: 1000, inverse_tail: null },
    ];
    const { container } = render(<SpectrumChart rows={rows} width={600} />);
    const dots = [...container.querySelectorAll("circle.spectrum-row")];
    expect(dots.map((d) => Number(d.getAttribute("data-value")))).toEqual([10_000, 12_000, 40_000, 90_000]);
    const xs = dots.map((d) => Number(d.getAttribute("cx")));
    expect(xs[3]).toBeGreaterThan(xs[2]); // the maximum at 1/(1-p) = 1000 calls, right of 99 %
    expect([...container.querySelectorAll(".axis-x .tick text")].map((t) => t.textContent)).toEqual(["0 %", "90 %", "99 %", "99.9 %"]);
    fireEvent.mouseEnter(dots[2]);
    expect(screen.getByTestId("spectrum-hover")).toHaveTextContent("p99 40.0 µs · 990 calls at or below");
    fireEvent.mouseEnter(dots[3]);
    expect(screen.getByTestId("spectrum-hover")).toHaveTextContent("max 90.0 µs");
  });

  it("says so when there are no calls", () => {
    render(<SpectrumChart rows={[]} width={400} />);
    expect(screen.getByText("No measured calls.")).toBeTruthy();
  });
});
