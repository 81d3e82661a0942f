// The Trends page's transforms on a real series: RTT and step lines in µs against run order, change markers between
// two runs with their sentences, the baseline's x, and the step a reader wants first.
import { describe, expect, it } from "vitest";
import { trendFixture as trend } from "../../test/seriesFixtures";
import {
  axisUnit, baselineX, beforeAfter, changeMarkers, changeSentence, changeText, compareUrl, leadStep, pointNumbers, rttLines, runAt,
  stepLine, stepMarkers, stepNames,
} from "./trend";

describe("lines against run order", () => {
  it("gives the RTT's mean with its 95 % interval, p50 and p99 in µs at x = 1…n", () => {
    const [mean, p50, p99] = rttLines(trend, 0);
    expect(mean.values.map((v) => v.x)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(mean.values[0]).toEqual({ x: 1, y: 73.602, lo: 59.185, hi: 91.268 });
    expect(p50.values[5]).toEqual({ x: 6, y: 372.038 });
    expect(p99.values[7].y).toBeCloseTo(3518.313);
    expect(p99.values[7].lo).toBeUndefined(); // a percentile has no interval here
  });

  it("leaves a gap, not a zero, where a run lacks the point", () => {
    const holed = { ...trend, runs: trend.runs.map((r, i) => (i === 2 ? { ...r, points: [] } : r)) };
    expect(rttLines(holed, 0)[0].values.map((v) => v.x)).toEqual([1, 2, 4, 5, 6, 7, 8]);
    expect(stepLine(holed, 0, "c.marshal").values).toHaveLength(7);
  });

  it("lists the steps in the agents' order and draws one with its interval", () => {
    expect(pointNumbers(trend)).toEqual([0]);
    expect(stepNames(trend, 0)).toEqual(["c.marshal", "c.wait", "s.end"]);
    const marshal = stepLine(trend, 0, "c.marshal");
    expect(marshal.values[5]).toEqual({ x: 6, y: 322.859, lo: 304.248, hi: 357.48 });
    expect(marshal.label).toBe("c.marshal mean (95 % CI)");
  });
});

describe("change points", () => {
  it("puts each marker halfway between the last run before the change and the first after it", () => {
    const markers = changeMarkers(trend);
    expect(markers.map((m) => [m.x, m.previousRunId, m.runId])).toEqual([[2.5, 2, 3], [5.5, 5, 6]]);
    expect(compareUrl(markers[1].previousRunId, markers[1].runId)).toBe("/compare?a=5&b=6");
  });

  it("names the steps that moved and by how much, the largest three, and the run", () => {
    expect(changeSentence(trend.change_points[0], false)).toBe("s.end -45.0 % (47 → 26 ns) at run 3");
    expect(changeSentence(trend.change_points[1], false)).toBe(
      "c.marshal ×49,575 (6 ns → 321.3 µs), RTT +876.2 % (52.7 → 514.1 µs), c.wait +388.8 % (21.9 → 107.0 µs), and 1 more step at run 6",
    );
    const several = changeSentence({ ...trend.change_points[0], steps: [{ ...trend.change_points[0].steps[0], point_no: 2 }] }, true);
    expect(several).toBe("s.end (point 2) -45.0 % (47 → 26 ns) at run 3");
  });

  it("tells a step that was under 1 % of its call in time and share of the call, not as ×49,575 of 6 ns", () => {
    const s = changeMarkers(trend)[1].sentence;
    expect(s).toMatch(/^c\.marshal \+321\.3 µs, \d+\.\d % of the call \(6 ns → 321\.3 µs\), RTT \+876\.2 %/);
    expect(s).not.toContain("×");
  });

  it("judges a step minor by its call before the change, as the backend does, and gives its share of the call after", () => {
    const cp = { index: 1, run_id: 7, previous_run_id: 6, steps: [{ point_no: 0, step: "c.copy", before_ns: 600, after_ns: 1_800_600, change_pct: 300_000 }] };
    // 600 ns of a 50 µs call is 1.2 %: a major step, told as a ratio, though it is under 1 % of the 2 ms call after
    expect(changeSentence(cp, false, 3, () => ({ before: 50_000, after: 2_000_000 }))).not.toContain("of the call");
    // 6 ns of the same call: minor, its change a share of the call after it
    const tiny = { ...cp, steps: [{ ...cp.steps[0], before_ns: 6, after_ns: 1_800_006 }] };
    expect(changeSentence(tiny, false, 3, () => ({ before: 50_000, after: 2_000_000 }))).toBe(
      "c.copy +1.80 ms, 90 % of the call (6 ns → 1.80 ms) at run 7");
  });

  it("writes the brief's example the way a reader expects", () => {
    const cp = { index: 3, run_id: 123, previous_run_id: 122, steps: [{ point_no: 0, step: "c.marshal", before_ns: 12_100, after_ns: 13_800, change_pct: 14.2 }] };
    expect(changeSentence(cp, false)).toBe("c.marshal +14.2 % (12.1 → 13.8 µs) at run 123");
    expect(beforeAfter(999, 1_200)).toBe("999 ns → 1.20 µs");
    expect(changeText(-3.14)).toBe("-3.1 %");
  });

  it("gives a step its own markers only where it moved", () => {
    expect(stepMarkers(trend, 0, "c.marshal").map((m) => m.x)).toEqual([5.5]);
    expect(stepMarkers(trend, 0, "s.end").map((m) => m.x)).toEqual([2.5, 5.5]);
    expect(stepMarkers(trend, 0, "c.marshal")[0].sentence).toBe("c.marshal +321.3 µs, 56.2 % of the call (6 ns → 321.3 µs) at run 6");
  });
});

describe("baseline, hover and the first step shown", () => {
  it("finds the baseline's x, or none when it is not among the trend's runs", () => {
    expect(baselineX(trend, 2)).toEqual({ from: 2, to: 2 });
    expect(baselineX(trend, 99)).toBeNull();
    expect(baselineX(trend, null)).toBeNull();
    // a range: from its first run through its last, ended at the last drawn run when that one is not drawn
    expect(baselineX(trend, 2, 4)).toEqual({ from: 2, to: 4 });
    expect(baselineX(trend, 2, 999)).toEqual({ from: 2, to: trend.runs.length });
  });

  it("titles an x with the run's id and date", () => {
    expect(runAt(trend, 6)).toMatch(/^run #6 · 2026-11-28 \d\d:07:35$/);
    expect(runAt(trend, 42)).toBe("");
  });

  it("opens on the step that moved most (never RTT itself), else the first step", () => {
    expect(leadStep(trend, 0)).toBe("c.marshal");
    expect(leadStep({ ...trend, change_points: [] }, 0)).toBe("c.marshal");
    expect(leadStep({ ...trend, change_points: [trend.change_points[0]] }, 0)).toBe("s.end");
    expect(leadStep({ ...trend, runs: [] }, 0)).toBeNull();
  });
});

describe("axisUnit", () => {
  // trial 39: a wan series' RTT axis read 50,000-1,000,000 µs and c.start's 0.025 µs
  const line = (...ys: number[]) => [{ key: "mean", label: "mean", values: ys.map((y, i) => ({ x: i + 1, y })) }] as never;
  it("reads tens of milliseconds in ms, tens of nanoseconds in ns, and the rest in µs", () => {
    const ms = axisUnit(line(60_800, 61_300));
    expect(ms.unit).toBe("ms");
    expect(ms.format(50_000)).toBe("50.0");
    const ns = axisUnit(line(0.025, 0.026));
    expect(ns.unit).toBe("ns");
    expect(ns.format(0.025)).toBe("25.0");
    expect(axisUnit(line(21.5)).unit).toBe("µs");
    expect(axisUnit([]).unit).toBe("µs");
  });
});
