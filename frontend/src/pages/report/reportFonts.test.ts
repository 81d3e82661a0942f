import { describe, expect, it, vi } from "vitest";
import { preloadLatinFonts, rangeIncludes } from "./reportFonts";

type Face = { status: string; unicodeRange: string; load: ReturnType<typeof vi.fn> };
const face = (status: string, unicodeRange: string): Face => ({ status, unicodeRange, load: vi.fn(() => Promise.resolve()) });
const set = (faces: Face[]) => ({ forEach: (f: (x: Face) => void) => faces.forEach(f) }) as unknown as FontFaceSet;

describe("rangeIncludes", () => {
  it("reads ranges, single points and wildcards as the browser serialises them", () => {
    expect(rangeIncludes("U+0-FF, U+131, U+152-153", 0x41)).toBe(true);
    expect(rangeIncludes("U+0000-00FF", 0x41)).toBe(true);
    expect(rangeIncludes("U+301, U+400-45F, U+490-491", 0x41)).toBe(false);
    expect(rangeIncludes("U+131", 0x131)).toBe(true);
    expect(rangeIncludes("U+4??", 0x4a0)).toBe(true);
    expect(rangeIncludes("U+4??", 0x3ff)).toBe(false);
    expect(rangeIncludes("nonsense", 0x41)).toBe(false);
  });
});

describe("preloadLatinFonts", () => {
  it("starts the unloaded faces that cover Latin text only", () => {
    const latin = face("unloaded", "U+0-FF, U+131, U+152-153");
    const cyrillic = face("unloaded", "U+301, U+400-45F");
    const loaded = face("loaded", "U+0-FF");
    const whole = face("unloaded", "U+0-10FFFF"); // a face without a unicode-range covers everything
    expect(preloadLatinFonts(set([latin, cyrillic, loaded, whole]))).toBe(2);
    expect(latin.load).toHaveBeenCalledTimes(1);
    expect(whole.load).toHaveBeenCalledTimes(1);
    expect(cyrillic.load).not.toHaveBeenCalled();
    expect(loaded.load).not.toHaveBeenCalled();
  });

  it("does nothing without a FontFaceSet and swallows a failed download", async () => {
    expect(preloadLatinFonts(undefined)).toBe(0);
    const failing = face("unloaded", "U+0-FF");
    failing.load.mockImplementation(() => Promise.reject(new Error("404")));
    expect(preloadLatinFonts(set([failing]))).toBe(1);
    await Promise.resolve();
  });
});
