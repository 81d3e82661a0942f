// API errors and queries: 422 details mapped to their fields, body-level errors in the message, and the runs list's
// query string (repeated statuses, paging).
import { describe, expect, it } from "vitest";
import { errorFromBody } from "./client";
import { routeUrl } from "./call";

describe("errorFromBody", () => {
  it("maps 422 detail items to fields by the last loc element", () => {
    const e = errorFromBody(422, {
      detail: [
        { loc: ["body", "request_bytes"], msg: "request_bytes must be between 1 and 1048576 (got -5)", type: "x" },
        { loc: ["body", "calls"], msg: "Value error, calls must be between 1 and 1000000", type: "value_error" },
      ],
    });
    expect(e.status).toBe(422);
    expect(e.fieldErrors).toEqual({
      request_bytes: "request_bytes must be between 1 and 1048576 (got -5)",
      calls: "calls must be between 1 and 1000000",
    });
    expect(e.message).toContain("request_bytes: request_bytes must be between 1 and 1048576");
  });
  it("keeps string details and falls back to the status text", () => {
    expect(errorFromBody(409, { detail: "run 3 is already finished" }).message).toBe("run 3 is already finished");
    expect(errorFromBody(502, null).message).toMatch(/Backend unreachable/);
    expect(errorFromBody(418, {}).message).toBe("HTTP 418");
  });
  it("puts body-level errors in the message only", () => {
    const e = errorFromBody(422, { detail: [{ loc: ["body"], msg: "Field required" }] });
    expect(e.fieldErrors).toEqual({});
    expect(e.message).toBe("Field required");
  });
});

describe("the runs list's URL", () => {
  it("repeats status, keeps paging and leaves out what is empty", () => {
    expect(routeUrl("/api/runs", undefined, { status: ["done", "failed"], q: "", limit: 25, offset: 50 })).toBe(
      "/api/runs?status=done&status=failed&limit=25&offset=50",
    );
    expect(routeUrl("/api/runs/{run_id}", { run_id: 7 }, {})).toBe("/api/runs/7");
  });
});
