// Sweeps at launch: lists and linear or log ranges expanded, bad values named with the range, the backend's cap of 64,
// and switching between a list and a range.
import { describe, expect, it } from "vitest";
import { expandSweep, listSweep, rangeOf, switchMode, type SweepBounds, type SweepSpec } from "./sweep";

const sizes: SweepBounds = { label: "Request sizes", min: 0, max: 1_048_576, unit: "bytes", maxValues: 64 };
const spec = (p: Partial<SweepSpec>): SweepSpec => ({ mode: "list", list: "", from: "", to: "", step: "", ...p });

describe("expandSweep", () => {
  it("reads a list with commas or spaces, in the order typed", () => {
    expect(expandSweep(spec({ list: "4016, 0 1392;8032" }), sizes)).toEqual({ values: [4016, 0, 1392, 8032] });
    expect(expandSweep(listSweep([0, 1393]), sizes).values).toEqual([0, 1393]);
  });

  it("names the field, the value and the range for a bad list value", () => {
    expect(expandSweep(spec({ list: "0, 2000000" }), sizes).error).toBe(
      "Request sizes: each value must be between 0 and 1048576 bytes (got 2000000)",
    );
    expect(expandSweep(spec({ list: "0, 1.5" }), sizes).error).toMatch(/whole number between 0 and 1048576 bytes \(got 1.5\)/);
    expect(expandSweep(spec({ list: " " }), sizes).error).toMatch(/at least one value/);
  });

  it("expands a linear range including both ends when the step lands on them", () => {
    expect(expandSweep(spec({ mode: "linear", from: "1", to: "10", step: "1" }), sizes).values).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    );
    expect(expandSweep(spec({ mode: "linear", from: "0", to: "100", step: "30" }), sizes).values).toEqual([0, 30, 60, 90]);
  });

  it("expands a log range by a factor, rounded, without repeats", () => {
    expect(expandSweep(spec({ mode: "log", from: "1024", to: "65536", step: "2" }), sizes).values).toEqual(
      [1024, 2048, 4096, 8192, 16384, 32768, 65536],
    );
    // 1, 1.5, 2.25, 3.375, 5.06, 7.59 → rounded 1, 2, 2 (skipped), 3, 5, 8 (> 7 stops)
    expect(expandSweep(spec({ mode: "log", from: "1", to: "7", step: "1.5" }), sizes).values).toEqual([1, 2, 3, 5]);
  });

  it("rejects ranges it cannot expand, naming what is wrong", () => {
    expect(expandSweep(spec({ mode: "linear", from: "10", to: "1", step: "1" }), sizes).error).toMatch(/to must be at least from/);
    expect(expandSweep(spec({ mode: "linear", from: "0", to: "10", step: "0" }), sizes).error).toMatch(/step must be a whole number of at least 1/);
    expect(expandSweep(spec({ mode: "log", from: "0", to: "10", step: "2" }), sizes).error).toMatch(/start at 1/);
    expect(expandSweep(spec({ mode: "log", from: "1", to: "10", step: "1" }), sizes).error).toMatch(/factor must be a number above 1/);
    expect(expandSweep(spec({ mode: "linear", from: "0", to: "2000000", step: "1" }), sizes).error).toMatch(/to must be between 0 and 1048576/);
  });

  it("caps the number of values at the backend's 64", () => {
    expect(expandSweep(spec({ mode: "linear", from: "0", to: "63", step: "1" }), sizes).values).toHaveLength(64);
    expect(expandSweep(spec({ mode: "linear", from: "0", to: "64", step: "1" }), sizes).error).toMatch(/at most 64 values/);
    expect(expandSweep(spec({ list: Array.from({ length: 65 }, (_, i) => i).join(",") }), sizes).error).toBe(
      "Request sizes: at most 64 values (got 65)",
    );
  });
});

describe("switching a sweep between a list and a range", () => {
  // the DCE Figure 3 preset's 21 sizes, 0 … 64257 (not evenly spaced at the ends)
  const preset = [0, 1393, 2873, ...Array.from({ length: 17 }, (_, i) => 4353 + 3200 * i), 64257];

  it("keeps about as many values, not every whole number between the ends", () => {
    const range = switchMode(listSweep(preset), "linear", sizes);
    expect([range.from, range.to]).toEqual(["0", "64257"]);
    const n = expandSweep(range, sizes).values.length;
    expect(n).toBeGreaterThanOrEqual(preset.length - 1);
    expect(n).toBeLessThanOrEqual(preset.length + 1);
    expect(expandSweep(range, sizes).error).toBeUndefined();
  });

  it("takes an evenly spaced list's own step, and a geometric list's factor", () => {
    expect(rangeOf([1, 3, 5, 7], "linear")).toEqual({ from: "1", to: "7", step: "2" });
    expect(rangeOf([1, 2, 4, 8, 16], "log")).toEqual({ from: "1", to: "16", step: "2" });
    expect(expandSweep(switchMode(listSweep([1, 2, 4, 8, 16]), "log", sizes), sizes).values).toEqual([1, 2, 4, 8, 16]);
  });

  it("turns a range back into its values, and keeps what was typed when it does not expand", () => {
    const range = spec({ mode: "linear", from: "0", to: "4000", step: "1000" });
    expect(switchMode(range, "list", sizes).list).toBe("0, 1000, 2000, 3000, 4000");
    const bad = spec({ mode: "list", list: "0, nope" });
    expect(switchMode(bad, "linear", sizes)).toEqual({ ...bad, mode: "linear" });
  });
});
