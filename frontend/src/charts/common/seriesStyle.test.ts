// The one series palette: neighbours differ in colour and dash, 28 styles before a repeat, no second palette anywhere.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lineStyle, SERIES_COLORS, SERIES_DASHES, seriesStyle } from "./seriesStyle";

const SRC = join(process.cwd(), "src/"); // vitest runs from frontend/

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(p) && !/\.test\.tsx?$/.test(p) ? [p] : [];
  });
}

describe("the one series palette", () => {
  it("gives lines that differ from their neighbours in colour and dash, 28 apart before repeating", () => {
    const styles = Array.from({ length: 28 }, (_, i) => lineStyle(i));
    expect(new Set(styles.map((s) => `${s.color}|${s.dash}`)).size).toBe(28);
    for (let i = 1; i < styles.length; i++) {
      expect(styles[i].color).not.toBe(styles[i - 1].color);
      expect(styles[i].dash).not.toBe(styles[i - 1].dash);
    }
    expect(styles.every((s) => SERIES_COLORS.includes(s.color) && SERIES_DASHES.includes(s.dash))).toBe(true);
  });

  it("keeps the first seven series solid where the dash means something else (a model)", () => {
    expect(Array.from({ length: 7 }, (_, i) => seriesStyle(i).dash)).toEqual(Array(7).fill(""));
    expect(new Set(Array.from({ length: 7 }, (_, i) => seriesStyle(i).color)).size).toBe(7);
  });

  it("is the only list of series colours in the UI (no second palette of blues beside it)", () => {
    // a list of three or more colour literals is a palette; the step colours of the timeline come from the step
    // registry (one colour per step, not per series) and are the one other list allowed
    const allowed = ["charts/common/seriesStyle.ts", "charts/timeline/render.ts", "steps.generated.ts"];
    const palettes = sources(SRC)
      .map((f) => ({ f: f.slice(SRC.length), text: readFileSync(f, "utf8") }))
      .filter(({ f }) => !allowed.includes(f))
      .filter(({ text }) => /\[\s*"#[0-9a-fA-F]{6}"(\s*,\s*"#[0-9a-fA-F]{6}"){2,}/.test(text))
      .map(({ f }) => f);
    expect(palettes).toEqual([]);
  });
});
