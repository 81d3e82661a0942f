// The series chart: lines, dots, error bars and markers with axis units, exact values by arrow key, 1-2-5 log ticks.
import { describe, expect, it } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { SeriesChart } from "./SeriesChart";

const props = {
  label: "test chart", testId: "sc", xLabel: "request size (bytes)", yLabel: "RTT (µs)",
  xFormat: String, yFormat: String, xExact: (v: number) => `${v} B`, yExact: (v: number) => `${v} µs`,
  series: [
    { id: "a", label: "measured", color: "#111", points: [{ x: 0, y: 10, lo: 9, hi: 11 }, { x: 100, y: 20 }] },
    { id: "b", label: "model", color: "#222", dash: "dashed" as const, points: [{ x: 0, y: 12 }, { x: 100, y: 18 }] },
  ],
  markers: [{ x: 50, label: "50 B: one more packet" }],
};

describe("SeriesChart", () => {
  it("draws lines, dots, error bars and markers with axis units", () => {
    render(<SeriesChart {...props} />);
    const c = screen.getByTestId("sc");
    expect(c.querySelectorAll('[data-series="a"] circle')).toHaveLength(2);
    expect(c.querySelector('[data-series="b"] path')?.getAttribute("stroke-dasharray")).toBe("6 4");
    expect(c.querySelector('[data-series="a"] path')?.getAttribute("stroke-dasharray")).toBeNull();
    expect(c.querySelectorAll(".error-bar")).toHaveLength(1);
    expect(c.querySelector('.model-marker[data-x="50"] title')?.textContent).toBe("50 B: one more packet");
    expect(c.textContent).toContain("request size (bytes)");
    expect(c.textContent).toContain("RTT (µs)");
  });

  it("reads exact values with the arrow keys", () => {
    render(<SeriesChart {...props} />);
    const c = screen.getByTestId("sc");
    fireEvent.keyDown(c, { key: "ArrowRight" });
    expect(screen.getByRole("tooltip").textContent).toContain("0 B");
    expect(screen.getByRole("tooltip").textContent).toContain("measured: 10 µs (9 µs – 11 µs)");
    fireEvent.keyDown(c, { key: "ArrowRight" });
    expect(screen.getByRole("tooltip").textContent).toContain("model: 18 µs");
    fireEvent.keyDown(c, { key: "Escape" });
    expect(screen.queryByRole("tooltip")).toBeNull();
  });
});

describe("logTicks", () => {
  it("gives 1-2-5 ticks inside the domain", async () => {
    const { logTicks } = await import("./SeriesChart");
    expect(logTicks([3, 120], String).map((t) => t.value)).toEqual([5, 10, 20, 50, 100]);
  });
});
