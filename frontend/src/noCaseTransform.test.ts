// Units keep their case: CSS upper-casing turned "SS (µs²)" into "SS (ΜS²)", which reads as mega-siemens and
// collides with the MS column. Headers are written in the case they are shown in; no stylesheet changes it.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(process.cwd(), "src/"); // vitest runs from frontend/

function cssFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return cssFiles(p);
    return p.endsWith(".css") ? [p] : [];
  });
}

describe("stylesheets", () => {
  it("never change the case of text (units such as µs², ms, ns must survive)", () => {
    const files = cssFiles(SRC);
    expect(files.length).toBeGreaterThan(3);
    const offenders = files.flatMap((f) =>
      readFileSync(f, "utf8")
        .split("\n")
        .map((line, i) => ({ f: f.slice(SRC.length), line: i + 1, text: line.trim() }))
        .filter((l) => /text-transform\s*:\s*(uppercase|capitalize|lowercase)/.test(l.text)),
    );
    expect(offenders).toEqual([]);
  });
});
