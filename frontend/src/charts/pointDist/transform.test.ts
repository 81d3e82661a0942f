// The point distributions' maths: colour-blind-safe point styles, empirical CDF steps and quantiles, the tail scale,
// and the RTT axes' extent, unit and ticks.
import { describe, expect, it } from "vitest";
import {
  POINT_COLORS, cdfSteps, logTicksUs, nines, pointStyle, quantileFromCdf, rttAxisUnit, rttDomainUs, rttExtentUs,
  shareAtOrBelow, tickLabel, wantsLogX,
} from "./transform";

const cdf = { rtt_ns: [1000, 2000, 2000, 5000], p: [0.25, 0.5, 0.75, 1] };

describe("point styles", () => {
  it("gives seven colour-blind-safe colours, then the same colours with another line style", () => {
    const styles = Array.from({ length: 28 }, (_, i) => pointStyle(i));
    expect(new Set(styles.map((s) => `${s.color}|${s.dash}`)).size).toBe(28);
    expect(styles[0]).toEqual({ color: "#0072B2", dash: "" });
    expect(styles[7].color).toBe(styles[0].color);
    expect(styles[7].dash).not.toBe("");
    expect(POINT_COLORS).not.toContain("#F0E442"); // Okabe–Ito's yellow: unreadable as a thin line on white
  });
});

describe("empirical CDF", () => {
  it("draws a step up at each call from 0 at the fastest", () => {
    expect(cdfSteps(cdf)).toEqual([[1, 0], [1, 0.25], [2, 0.25], [2, 0.5], [2, 0.5], [2, 0.75], [5, 0.75], [5, 1]]);
  });

  it("reads quantiles and shares exactly", () => {
    expect(quantileFromCdf(cdf, 0.5)).toBe(2000);
    expect(quantileFromCdf(cdf, 0.76)).toBe(5000);
    expect(quantileFromCdf({ rtt_ns: [], p: [] }, 0.5)).toBeUndefined();
    expect(shareAtOrBelow(cdf, 999)).toBe(0);
    expect(shareAtOrBelow(cdf, 2000)).toBe(0.75);
    expect(shareAtOrBelow(cdf, 4999)).toBe(0.75);
    expect(shareAtOrBelow(cdf, 1e9)).toBe(1);
  });

  it("spaces 90, 99 and 99.9 % evenly on the tail scale", () => {
    expect(nines(0.9)).toBeCloseTo(1);
    expect(nines(0.99)).toBeCloseTo(2);
    expect(nines(0.999)).toBeCloseTo(3);
    expect(nines(1)).toBe(4);
    expect(nines(0)).toBe(0);
  });
});

describe("RTT axes", () => {
  it("spans every drawn call of every point, boxes' outliers included", () => {
    const box = { q1_ns: 0, median_ns: 0, q3_ns: 0, mean_ns: 0, whisker_low_ns: 800, whisker_high_ns: 3000,
      outliers_low: 0, outliers_high: 1, outlier_ns: [90_000] };
    expect(rttExtentUs([{ cdf, box: null }, { cdf: { rtt_ns: [], p: [] }, box }])).toEqual([0.8, 90]);
    expect(rttExtentUs([])).toBeNull();
    expect(wantsLogX([0.8, 90])).toBe(true);
    expect(wantsLogX([5, 40])).toBe(false);
  });

  it("chooses the unit by the largest value and labels ticks in it", () => {
    expect(rttAxisUnit(900)).toEqual({ unit: "µs", perUs: 1 });
    expect(rttAxisUnit(55_000).unit).toBe("ms");
    expect(rttAxisUnit(3e6).unit).toBe("s");
    expect(tickLabel(12_500, 1e-3)).toBe("12.5");
    expect(tickLabel(20, 1)).toBe("20");
  });

  it("log ticks are 1-2-5 per decade when there is room", () => {
    expect(logTicksUs([15, 1200], 12)).toEqual([20, 50, 100, 200, 500, 1000]);
    expect(logTicksUs([15, 120_000], 6)).toEqual([100, 1000, 10_000, 100_000]);
  });

  it("a linear axis starts at 0 when that shows the shift, near the fastest call otherwise", () => {
    expect(rttDomainUs([5, 60], false)[0]).toBe(0);
    const [lo, hi] = rttDomainUs([5000, 5600], false);
    expect(lo).toBeGreaterThan(4900);
    expect(hi).toBeGreaterThan(5600);
    expect(rttDomainUs([20, 1000], true)[0]).toBeCloseTo(18);
  });
});
