// The presets as POST /api/runs bodies, for the `perflab` command-line client (backend/perflab_cli/presets.json):
// built here from PRESETS by the form's own toRunCreate, so the UI and the CLI launch the same runs from one source.
// Stale → this test fails; `make api-types` rewrites the file (PERFLAB_WRITE_PRESETS=1).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { applyPreset, PRESETS } from "./presets";
import { DEFAULT_FORM, toRunCreate } from "./validation";

const FILE = resolve(__dirname, "../../../../backend/perflab_cli/presets.json");

function presetBodies() {
  // studies launch several runs from their own panel: the CLI cannot launch them as one body
  return PRESETS.filter((p) => !p.study).map((p) => {
    // the agents are the CLI's to choose (--client/--server)
    const { client_agent_id: _c, server_agent_id: _s, ...body } = toRunCreate(applyPreset(DEFAULT_FORM, p)) as unknown as Record<string, unknown>;
    return { id: p.id, label: p.label, kind: p.kind, source: p.source, note: p.note, body };
  });
}

describe("preset bodies for the CLI", () => {
  it("backend/perflab_cli/presets.json is the presets' bodies", () => {
    const text = JSON.stringify(presetBodies(), null, 1) + "\n";
    if (process.env.PERFLAB_WRITE_PRESETS === "1") writeFileSync(FILE, text);
    const committed = existsSync(FILE) ? readFileSync(FILE, "utf8") : "";
    expect(committed, "backend/perflab_cli/presets.json is stale: run `make api-types`").toBe(text);
  });
});
