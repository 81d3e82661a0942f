// The RTT histogram chart: a bar per bin with counts that add up, axis units and p50/p99 markers, the hatched tail bin,
// log bins, hover, one value and no values.
import { describe, expect, it } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { RttHistogramChart } from "./RttHistogramChart";
import { histogram, logHistogram } from "./transform";

const values = Array.from({ length: 1000 }, (_, i) => 10_000 + ((i * 37) % 100) * 100); // 10–19.9 µs

describe("RttHistogramChart", () => {
  it("draws one bar per bin and the counts add up", () => {
    const { container } = render(<RttHistogramChart values={values} width={900} />);
    const bars = container.querySelectorAll("rect.bar");
    expect(bars.length).toBe(histogram(values).bins.length);
    expect(bars.length).toBeGreaterThan(3);
    const total = [...bars].reduce((s, b) => s + Number(b.getAttribute("data-count")), 0);
    expect(total).toBe(1000);
  });

  it("labels the axes with units and draws p50/p99 markers", () => {
    render(<RttHistogramChart values={values} width={900} />);
    const chart = screen.getByTestId("chart-rtt-histogram");
    const labels = [...chart.querySelectorAll(".axis-label")].map((e) => e.textContent);
    expect(labels).toEqual(expect.arrayContaining(["RTT (µs)", "Calls"]));
    expect(chart.querySelector(".marker-p50")).toHaveTextContent(/p50 1\d\.\d µs/);
    expect(chart.querySelector(".marker-p99")).toHaveTextContent(/p99 19\.\d µs/);
    const xTicks = [...chart.querySelectorAll(".axis-x .tick text")].map((e) => Number(e.textContent));
    expect(Math.min(...xTicks)).toBeGreaterThanOrEqual(9);
    expect(Math.max(...xTicks)).toBeLessThanOrEqual(21);
  });

  it("folds the tail into a hatched bin, and switches to log-spaced bins", () => {
    const withTail = [...values, 5_000_000, 8_000_000];
    const { container } = render(
      <RttHistogramChart
        values={withTail}
        markers={[{ label: "p50", ns: 15_000 }, { label: "p99", ns: 19_800 }]}
        width={900}
      />,
    );
    // default: linear Freedman–Diaconis bins over the body, the tail folded into one hatched bin
    expect(container.querySelectorAll("rect.bar-overflow")).toHaveLength(1);
    expect(screen.getByText(/Freedman–Diaconis bins/)).toBeInTheDocument();
    expect(container.querySelector(".marker-p50")).toHaveTextContent("p50 15.0 µs");

    // log x: log-spaced bins over the whole range, no tail bin
    const logBox = screen.getByRole("checkbox", { name: "log x" });
    expect(logBox).not.toBeChecked();
    fireEvent.click(logBox);
    expect(container.querySelectorAll("rect.bar-overflow")).toHaveLength(0);
    const bars = container.querySelectorAll("rect.bar");
    expect(bars.length).toBe(logHistogram(withTail).bins.length);
    expect([...bars].reduce((s, b) => s + Number(b.getAttribute("data-count")), 0)).toBe(withTail.length);
    expect(screen.getByText("log-spaced bins")).toBeInTheDocument();
    const ticks = [...container.querySelectorAll(".axis-x .tick text")].map((e) => e.textContent);
    expect(ticks).toEqual(expect.arrayContaining(["10", "100", "1,000"]));
  });

  it("shows bin range and count on hover", () => {
    const { container } = render(<RttHistogramChart values={[1000, 1000, 2000]} width={600} />);
    const hits = container.querySelectorAll(".hit-areas rect");
    fireEvent.mouseEnter(hits[0]);
    const tip = screen.getByRole("tooltip");
    expect(tip).toHaveTextContent(/1\.00 µs – /);
    expect(tip).toHaveTextContent(/2 calls \(66\.7 %\)/);
  });

  it("handles one value and empty input", () => {
    const { container, rerender } = render(<RttHistogramChart values={[42_000]} width={600} />);
    expect(container.querySelectorAll("rect.bar")).toHaveLength(1);
    rerender(<RttHistogramChart values={[]} width={600} />);
    expect(screen.getByText(/No measured calls/)).toBeInTheDocument();
  });
});
