// The UI's kind table holds every kind the backend launches: a kind missing from KINDS would fall back to ping-pong's
// form and point reader (kindUnit), so its absence fails here rather than reading wrongly on a page.
import { describe, expect, it } from "vitest";
import openapi from "../api/openapi.json";
import { KINDS, kindUnit } from "./index";

const listKinds = (openapi.paths["/api/runs"].get.parameters as { name: string; schema: { anyOf?: { items?: { enum?: string[] } }[]; items?: { enum?: string[] } } }[])
  .find((p) => p.name === "kind")!.schema;

describe("the kind table", () => {
  it("has one unit for each kind GET /api/runs?kind= admits, and no other", () => {
    const admitted = listKinds.items?.enum ?? listKinds.anyOf?.find((b) => b.items?.enum)?.items?.enum;
    expect(admitted?.length).toBeGreaterThan(0);
    expect(KINDS.map((k) => k.kind).sort()).toEqual([...admitted!].sort());
  });
  it("finds each unit by its name", () => {
    for (const unit of KINDS) expect(kindUnit(unit.kind)).toBe(unit);
  });
});
