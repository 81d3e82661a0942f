// The launch form's checks: both agents, size ranges per transport, calls and warm-up, whole numbers, the name's
// length, and the API body it builds.
import { describe, expect, it } from "vitest";
import { DEFAULT_FORM, toRunCreate, validateLaunch, type LaunchForm } from "./validation";

const valid: LaunchForm = { ...DEFAULT_FORM, client_agent_id: "1", server_agent_id: "2" };

describe("validateLaunch", () => {
  it("accepts the defaults once agents are chosen", () => {
    expect(validateLaunch(valid)).toEqual({});
  });

  it("requires both agents", () => {
    const e = validateLaunch(DEFAULT_FORM);
    expect(e.client_agent_id).toMatch(/client agent/i);
    expect(e.server_agent_id).toMatch(/server agent/i);
  });

  it("names the TCP size range", () => {
    expect(validateLaunch({ ...valid, request_bytes: "0" }).request_bytes).toBe(
      "Request size must be between 1 and 1048576 bytes for TCP (got 0)",
    );
    expect(validateLaunch({ ...valid, response_bytes: "1048577" }).response_bytes).toMatch(/1 and 1048576/);
    expect(validateLaunch({ ...valid, request_bytes: "1048576" }).request_bytes).toBeUndefined();
  });

  it("uses the smaller UDP size range", () => {
    const f = { ...valid, transport: "udp" as const, request_bytes: "131073" };
    expect(validateLaunch(f).request_bytes).toMatch(/between 1 and 131072 bytes for UDP/);
    expect(validateLaunch({ ...f, request_bytes: "131072" }).request_bytes).toBeUndefined();
  });

  it("checks calls and warm-up ranges", () => {
    expect(validateLaunch({ ...valid, calls: "0" }).calls).toMatch(/between 1 and 1000000/);
    expect(validateLaunch({ ...valid, calls: "1000001" }).calls).toMatch(/between 1 and 1000000/);
    expect(validateLaunch({ ...valid, warmup_calls: "0" }).warmup_calls).toBeUndefined();
    expect(validateLaunch({ ...valid, warmup_calls: "-1" }).warmup_calls).toMatch(/between 0 and 100000/);
    expect(validateLaunch({ ...valid, warmup_calls: "100001" }).warmup_calls).toMatch(/0 and 100000/);
  });

  it("rejects empty and non-integer input", () => {
    expect(validateLaunch({ ...valid, calls: "" }).calls).toMatch(/between 1 and 1000000/);
    expect(validateLaunch({ ...valid, calls: "1.5" }).calls).toMatch(/whole number/);
    expect(validateLaunch({ ...valid, request_bytes: "abc" }).request_bytes).toMatch(/whole number/);
  });

  it("limits the name length", () => {
    expect(validateLaunch({ ...valid, name: "x".repeat(201) }).name).toMatch(/200/);
  });
});

describe("toRunCreate", () => {
  it("builds the API body", () => {
    expect(toRunCreate({ ...valid, name: "  my run " })).toEqual({
      kind: "pingpong",
      client_agent_id: 1,
      server_agent_id: 2,
      transport: "tcp",
      request_bytes: 64,
      response_bytes: 64,
      calls: 1000,
      warmup_calls: 10,
      name: "my run",
    });
    expect(toRunCreate(valid).name).toBeUndefined();
  });
});
