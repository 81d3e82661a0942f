// The RTT-per-call chart: a dot per call with warm-up and first calls marked, axis units, downsampling, the tooltip,
// brush zoom and reset, error calls and the empty state.
import { describe, expect, it } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { RttPerCallChart } from "./RttPerCallChart";
import type { RunCalls } from "../../api/types";

function calls(n: number, warmup = 5): RunCalls {
  return {
    call_no: Array.from({ length: n }, (_, i) => i),
    rtt_ns: Array.from({ length: n }, (_, i) => 20_000 + (i % 10) * 500),
    flags: Array.from({ length: n }, (_, i) => (i < warmup ? 1 : i === warmup ? 2 : 0)),
    stride: 1,
    total: n,
  };
}

describe("RttPerCallChart", () => {
  it("draws one point per call with warm-up and first call marked", () => {
    const { container } = render(<RttPerCallChart calls={calls(60)} width={900} />);
    const chart = screen.getByTestId("chart-rtt-per-call");
    expect(chart.querySelectorAll("circle.pt")).toHaveLength(60);
    expect(chart.querySelectorAll("circle.pt-warmup")).toHaveLength(5);
    expect(chart.querySelectorAll("circle.pt-first")).toHaveLength(1);
    expect(chart.querySelectorAll("circle.pt-measured")).toHaveLength(54);
    expect(container.querySelector(".warmup-band")).not.toBeNull();
    expect(container.querySelector("path.rtt-line")?.getAttribute("d")).toMatch(/^M/);
  });

  it("labels the axes with units", () => {
    render(<RttPerCallChart calls={calls(20)} width={900} />);
    const chart = screen.getByTestId("chart-rtt-per-call");
    const labels = [...chart.querySelectorAll(".axis-label")].map((e) => e.textContent);
    expect(labels).toContain("RTT (µs)");
    expect(labels).toContain("Call number");
    // y ticks are µs values: the data spans 20–24.5 µs
    const yTicks = [...chart.querySelectorAll(".axis-y .tick text")].map((e) => Number(e.textContent));
    expect(Math.max(...yTicks)).toBeGreaterThanOrEqual(20);
    expect(Math.max(...yTicks)).toBeLessThan(100);
  });

  it("downsamples large inputs to at most two points per pixel column", () => {
    render(<RttPerCallChart calls={calls(20_000)} width={482} />);
    const n = screen.getByTestId("chart-rtt-per-call").querySelectorAll(".pt").length;
    expect(n).toBeLessThanOrEqual(2 * 400 + 2);
    expect(n).toBeGreaterThan(100);
    expect(screen.getByText(/min\/max of 20,000 points/)).toBeInTheDocument();
  });

  it("shows a tooltip with call number and exact RTT on hover", () => {
    const { container } = render(<RttPerCallChart calls={calls(11)} width={900} />);
    const overlay = container.querySelector("rect.overlay")!;
    // jsdom: bounding rect is at 0; inner width 900-64-18=818 px for calls 0..10 → call 10 at x=818
    fireEvent.mouseMove(overlay, { clientX: 64 + 818 });
    const tip = screen.getByRole("tooltip");
    expect(tip).toHaveTextContent("Call #10");
    expect(tip).toHaveTextContent("RTT 20.0 µs");
    expect(tip).toHaveTextContent("20,000 ns");
  });

  it("zooms by brushing and resets on double-click", () => {
    const { container } = render(<RttPerCallChart calls={calls(101)} width={900} />);
    const overlay = container.querySelector("rect.overlay")!;
    const count = () => container.querySelectorAll("circle.pt").length;
    expect(count()).toBe(101);
    fireEvent.mouseDown(overlay, { clientX: 64, button: 0 });
    fireEvent.mouseMove(overlay, { clientX: 64 + 409 }); // half the width → calls 0..50
    fireEvent.mouseUp(overlay, { clientX: 64 + 409 });
    expect(count()).toBe(51);
    expect(screen.getByRole("button", { name: "Reset zoom" })).toBeInTheDocument();
    fireEvent.doubleClick(overlay);
    expect(count()).toBe(101);
  });

  it("marks error calls and shows an empty state", () => {
    const c = calls(10);
    c.flags[8] = 4;
    const { container, rerender } = render(<RttPerCallChart calls={c} width={900} />);
    expect(container.querySelectorAll("path.pt-error")).toHaveLength(1);
    rerender(<RttPerCallChart calls={{ call_no: [], rtt_ns: [], flags: [], stride: 1, total: 0 }} width={900} />);
    expect(screen.getByText("No calls recorded.")).toBeInTheDocument();
  });
});
