// The access bodies' limits the forms check are the backend's: access-bodies.json is openapi.json's own schemas.
import { describe, expect, it } from "vitest";
import openapi from "./openapi.json";
import accessBodies from "./access-bodies.json";
import { PASSWORD_MIN, USER_NAME } from "./auth";

describe("access bodies", () => {
  it("are the OpenAPI document's (make api-types writes both)", () => {
    const schemas = (openapi as unknown as { components: { schemas: Record<string, unknown> } }).components.schemas;
    for (const [name, schema] of Object.entries(accessBodies)) expect(schema).toEqual(schemas[name]);
  });
  it("give the forms the backend's limits", () => {
    expect(PASSWORD_MIN).toBe((accessBodies.UserCreate.properties.password as { minLength: number }).minLength);
    expect(USER_NAME.test("alice.b-1")).toBe(true);
    expect(USER_NAME.test("a b")).toBe(false);
    expect(USER_NAME.test("x".repeat(65))).toBe(false);
  });
});
