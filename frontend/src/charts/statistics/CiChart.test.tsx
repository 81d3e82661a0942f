// The Statistics tab's CI chart at 48 points: grouped (caches as colours, the other settings as rows of level labels)
// instead of 48 turned names printing on top of each other; names with no common parts turn; a few points stay level.
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
  it("groups 48 points' names: the caches as colours, think, threads and size as level rows, none overlapping", () => {
    // issue 37 item 8: 48 full names turned 45° took ~240 px below the plot and ran into each other
    const pts = casePoints;
    const { container, getByTestId } = render(<CiChart rows={pts.map((p) => row(p.point_no))} labelOf={pointNamer(pts, { varying: true })} width={1200} />);
    expect(getByTestId("ci-legend")).toHaveTextContent("per-thread cache");
    expect(getByTestId("ci-legend")).toHaveTextContent("single cache");
    const drawn = labels(container);
    expect(drawn.every((d) => d.text.length <= 12)).toBe(true); // no full point name on the axis
    const rowTexts = (depth: number) => [...container.querySelectorAll(`[data-testid="ci-group-row-${depth}"] text`)].map((t) => t.textContent);
    expect(rowTexts(2)).toEqual(["1,392 B", "4,016 B"]);
    expect(rowTexts(1)).toEqual(["1 thread", "3 threads", "6 threads", "1 thread", "3 threads", "6 threads"]);
    expect(rowTexts(0)).toHaveLength(24);
    // level labels of one row fit between their neighbours
    for (const depth of [1, 2]) {
      const xs = [...container.querySelectorAll(`[data-testid="ci-group-row-${depth}"] text`)].map((t) => ({ x: Number(t.getAttribute("x")), n: t.textContent!.length }));
      for (let i = 1; i < xs.length; i++) expect(xs[i].x - xs[i - 1].x).toBeGreaterThanOrEqual(((xs[i].n + xs[i - 1].n) / 2) * CHAR_PX);
    }
    // the innermost row's labels, level or on two staggered lines, never meet a neighbour on their own line
    const inner = [...container.querySelectorAll('[data-testid="ci-group-row-0"] text')].map((t) => ({ x: Number(t.getAttribute("x")), y: Number(t.getAttribute("y")), n: t.textContent!.length }));
    for (let i = 1; i < inner.length; i++) {
      const prev = inner.slice(0, i).reverse().find((l) => l.y === inner[i].y)!;
      if (prev) expect(inner[i].x - prev.x).toBeGreaterThanOrEqual(((inner[i].n + prev.n) / 2) * CHAR_PX);
    }
    // both caches' markers of one column side by side, not on top of each other
    const means = [...container.querySelectorAll("circle.ci-mean")].map((c) => Number(c.getAttribute("cx")));
    expect(means[1] - means[0]).toBeGreaterThan(4);
    // the labels take a fraction of the room the turned names took
    const svg = container.querySelector("svg")!;
    expect(Number(svg.getAttribute("height")) - 12 - 176).toBeLessThan(120);
    expect(LINE_PX).toBeGreaterThan(0);
  });

  it("turns names that do not fit and share no common parts", () => {
    const pts = casePoints.map((p) => p.point_no);
    const { container } = render(<CiChart rows={pts.map(row)} labelOf={(n) => `a long name for point number ${n}`} width={1200} />);
    const drawn = labels(container);
    expect(drawn.length).toBeGreaterThanOrEqual(24);
    expect(drawn.every((d) => d.turned)).toBe(true);
    expect(drawn[0].x - drawn[0].text.length * CHAR_PX * Math.SQRT1_2).toBeGreaterThanOrEqual(0);
  });

  it("keeps a few points' labels level", () => {
    const pts = casePoints.slice(0, 4);
    const { container } = render(<CiChart rows={pts.map((p) => row(p.point_no))} labelOf={pointNamer(pts, { varying: true })} width={1200} />);
    const drawn = labels(container);
    expect(drawn).toHaveLength(4);
    expect(drawn.every((d) => !d.turned)).toBe(true);
  });
});
