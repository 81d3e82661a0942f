// The Statistics tab's CI chart at 48 points: its x labels turn (and thin out only when even a line's height does not
// fit) instead of printing on top of each other; a few points keep level labels.
import { describe, expect, it } from "vitest";
import { render } from "@testing-library/react";
import { CiChart } from "./CiChart";
import { CHAR_PX, LINE_PX } from "./xLabels";
import { pointNamer } from "../../figures/pointWords";
import type { CiRow } from "./statsTables";

const casePoints = [1392, 4016].flatMap((b) => [1, 3, 6].flatMap((t) => [0, 3000, 9000, 18000].flatMap((k) =>
  ["per-thread", "single"].map((c) => ({ request_bytes: b, threads: t, think_time_us: k, cache: c })))))
  .map((p, i) => ({ point_no: i, ...p }));
const row = (pointNo: number): CiRow => ({ pointNo, calls: 600, meanNs: 5e6 + pointNo * 1e5, lowNs: 4.9e6 + pointNo * 1e5, highNs: 5.1e6 + pointNo * 1e5, halfWidthPct: 2 } as CiRow);

/** Each drawn label's x and whether it is turned. */
function labels(container: HTMLElement) {
  return [...container.querySelectorAll("text.ci-x-label")].map((t) => {
    const tr = t.getAttribute("transform");
    const x = tr ? Number(/translate\(([\d.]+),/.exec(tr)?.[1]) : Number(t.getAttribute("x"));
    return { x, text: t.textContent ?? "", turned: !!tr && tr.includes("rotate(-45)") };
  });
}

describe("CiChart", () => {
  it("turns 48 points' labels so that none overlaps another", () => {
    const pts = casePoints;
    const labelOf = pointNamer(pts, { varying: true });
    const { container } = render(<CiChart rows={pts.map((p) => row(p.point_no))} labelOf={labelOf} width={1200} />);
    const drawn = labels(container);
    expect(drawn.length).toBeGreaterThanOrEqual(24);
    for (let i = 1; i < drawn.length; i++) {
      const gap = drawn[i].x - drawn[i - 1].x;
      // level labels must fit between their neighbours; turned ones need a line's height
      const needed = drawn[i].turned ? LINE_PX : (drawn[i].text.length * CHAR_PX + drawn[i - 1].text.length * CHAR_PX) / 2;
      expect(gap).toBeGreaterThanOrEqual(needed);
    }
    // the first turned label stays inside the chart on the left
    expect(drawn[0].x - drawn[0].text.length * CHAR_PX * Math.SQRT1_2).toBeGreaterThanOrEqual(0);
    // the svg is tall enough for the turned labels below the plot
    const svg = container.querySelector("svg")!;
    const longest = Math.max(...drawn.map((d) => d.text.length)) * CHAR_PX;
    expect(Number(svg.getAttribute("height"))).toBeGreaterThan(12 + 176 + longest * Math.SQRT1_2);
  });

  it("keeps a few points' labels level", () => {
    const pts = casePoints.slice(0, 4);
    const { container } = render(<CiChart rows={pts.map((p) => row(p.point_no))} labelOf={pointNamer(pts, { varying: true })} width={1200} />);
    const drawn = labels(container);
    expect(drawn).toHaveLength(4);
    expect(drawn.every((d) => !d.turned)).toBe(true);
  });
});
