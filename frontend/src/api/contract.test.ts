// The UI's API types are the backend's: schema.generated.ts is what openapi-typescript makes of the committed
// OpenAPI document (backend/tests/test_api_contract.py checks the document is the app's own).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const here = (p: string) => resolve(__dirname, p);

describe("the generated API types", () => {
  it("are current with api/openapi.json (else: make api-types)", () => {
    const dir = mkdtempSync(join(tmpdir(), "perflab-api-types-"));
    try {
      const out = join(dir, "schema.ts");
      // the same command as scripts/gen_api_types.sh
      execFileSync(here("../../node_modules/.bin/openapi-typescript"),
        [here("openapi.json"), "--default-non-nullable", "false", "-o", out], { stdio: "pipe" });
      expect(readFileSync(here("schema.generated.ts"), "utf8") === readFileSync(out, "utf8"),
        "frontend/src/api/schema.generated.ts is stale: run make api-types").toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
