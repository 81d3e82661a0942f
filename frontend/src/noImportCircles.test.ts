// No module of the UI imports itself back through others (the figure registry once imported report pages that
// imported it): the check that keeps it so.
import { fileURLToPath } from "node:url";
import { dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { importCircles } from "./test/importCircles";

describe("import circles", () => {
  it("finds none in src/", () => {
    expect(importCircles(dirname(fileURLToPath(import.meta.url)))).toEqual([]);
  });
});
