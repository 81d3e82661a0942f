// A y axis's title never shares room with its tick labels: turned beside the widest label, or over the plot a line
// above its top tick's label (the Statistics CI chart printed "mean RTT" on its top tick).
import { describe, expect, it } from "vitest";
import { render } from "@testing-library/react";
import { AxisLeft, CHAR_PX, LINE_PX, yTitleOffset } from "./Axis";
import { CiChart } from "../statistics/CiChart";

describe("y axis titles", () => {
  it("turns the title beside the widest tick label, not across it", () => {
    const ticks = [{ value: 0, label: "0" }, { value: 1, label: "20,000 µs" }];
    const { container } = render(<svg><AxisLeft ticks={ticks} position={(v) => 100 - v * 100} range={[100, 0]} label="RTT" offset={0} /></svg>);
    const title = [...container.querySelectorAll("text.axis-label")].find((t) => t.textContent === "RTT")!;
    const x = Number(/translate\((-?[\d.]+),/.exec(title.getAttribute("transform")!)![1]);
    // the label ends 8 px left of the axis; the turned title's half line must stay left of its start
    expect(x + LINE_PX / 2).toBeLessThanOrEqual(-(8 + "20,000 µs".length * CHAR_PX));
    expect(yTitleOffset(["0", "5"])).toBe(46);
  });

  it("puts the CI chart's title a line above its top tick's label", () => {
    const rows = [{ pointNo: 0, calls: 200, meanNs: 19e6, lowNs: 18e6, highNs: 20e6, halfWidthPct: 5 }];
    const { container } = render(<CiChart rows={rows} labelOf={() => "a"} width={600} />);
    const title = container.querySelector("text.axis-title")!;
    const tickYs = [...container.querySelectorAll("text.axis-label")].filter((t) => / (ns|µs|ms|s)$/.test(t.textContent ?? ""))
      .map((t) => Number(t.getAttribute("y")));
    const topTickBaseline = Math.min(...tickYs);
    // an 11 px label rises about 8 px over its baseline; the title's baseline must sit above that, inside the svg
    expect(Number(title.getAttribute("y"))).toBeLessThanOrEqual(topTickBaseline - 11);
    expect(Number(title.getAttribute("y"))).toBeGreaterThanOrEqual(9);
  });
});
